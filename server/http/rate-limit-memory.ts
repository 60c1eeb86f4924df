import type { Limiter, RateDecision } from './rate-decision.ts';

/** The times of one key's counted requests within the window, oldest first. */
type Log = { times: number[]; start: number };

/**
 * "At most `limit` requests in any `windowMs`" for each key, exactly: a sliding log of the times
 * of the requests still inside the window. Memory follows actual traffic (a caller at the full
 * 6000/min keeps 6000 numbers), and logs of idle keys are dropped.
 *
 * `hit` counts a request when it is allowed. Limits that count some outcomes only (failed
 * sign-ins) also use `peek`, `release` and `reset`.
 *
 * State is per process: the embedded database's limiter (one process owns that database). On
 * Postgres, `PostgresRateLimiter` counts for all instances together.
 */
export class RateLimiter implements Limiter {
  private readonly logs = new Map<string, Log>();
  private hitsSinceSweep = 0;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one request for `key` if the limit allows it, and says whether it did. */
  hit(key: string): RateDecision {
    const now = this.now();
    if (++this.hitsSinceSweep >= 10_000) this.sweep(now);
    let log = this.logs.get(key);
    if (!log) this.logs.set(key, (log = { times: [], start: 0 }));
    return this.decide(log, now, true);
  }

  /**
   * Whether `hit` would allow one more request now, counting nothing. `remaining` is what is
   * left now (before any request), and `resetSeconds` 0 when nothing is counted.
   */
  peek(key: string): RateDecision {
    return this.decide(this.logs.get(key) ?? { times: [], start: 0 }, this.now(), false);
  }

  /** Takes back one request that `hit` counted at `at` (its decision's `at`), if still in the window. */
  release(key: string, at: number): void {
    const log = this.logs.get(key);
    if (!log) return;
    const index = log.times.lastIndexOf(at);
    if (index >= log.start) log.times.splice(index, 1);
  }

  /** Forgets every request counted for `key`. */
  reset(key: string): void {
    this.logs.delete(key);
  }

  /** Drops the requests that left the window, then decides on one more, and counts it if `count`. */
  private decide(log: Log, now: number, count: boolean): RateDecision {
    const horizon = now - this.windowMs;
    while (log.start < log.times.length && log.times[log.start]! <= horizon) log.start++;
    // Compact now and then, so the array does not grow without bound.
    if (log.start > 1024 && log.start * 2 > log.times.length) {
      log.times = log.times.slice(log.start);
      log.start = 0;
    }
    const used = log.times.length - log.start;
    const oldest = log.times[log.start];
    const untilOldestLeaves = oldest === undefined ? 0 : Math.max(1, Math.ceil((oldest + this.windowMs - now) / 1000));
    if (used >= this.limit) {
      return {
        allowed: false,
        limit: this.limit,
        remaining: 0,
        resetSeconds: untilOldestLeaves,
        retryAfterSeconds: untilOldestLeaves,
        at: now,
      };
    }
    if (!count) {
      return {
        allowed: true,
        limit: this.limit,
        remaining: this.limit - used,
        resetSeconds: untilOldestLeaves,
        retryAfterSeconds: 0,
        at: now,
      };
    }
    log.times.push(now);
    return {
      allowed: true,
      limit: this.limit,
      remaining: this.limit - used - 1,
      resetSeconds: oldest === undefined ? Math.ceil(this.windowMs / 1000) : untilOldestLeaves,
      retryAfterSeconds: 0,
      at: now,
    };
  }

  /** Forgets keys with nothing left in the window. */
  private sweep(now: number) {
    this.hitsSinceSweep = 0;
    for (const [key, log] of this.logs) {
      const newest = log.times.at(-1);
      if (newest === undefined || newest <= now - this.windowMs) this.logs.delete(key);
    }
  }

  /** `RateLimit-Policy` value (draft-ietf-httpapi-ratelimit-headers). */
  get policyHeader(): string {
    return `"${this.name}";q=${this.limit};w=${Math.round(this.windowMs / 1000)}`;
  }
}
