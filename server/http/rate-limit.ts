import type { MiddlewareHandler } from 'hono';
import type { AppConfig, AppEnv } from '../context.ts';
import { clientIp } from './client-ip.ts';
import { ApiError, ErrorCode } from './errors.ts';

export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (one more request is possible). */
  resetSeconds: number;
  /** Seconds to wait before retrying (0 when allowed). */
  retryAfterSeconds: number;
};

/** The times of one key's counted requests within the window, oldest first. */
type Log = { times: number[]; start: number };

/**
 * "At most `limit` requests in any `windowMs`" for each key, exactly: a sliding log of the times
 * of the requests still inside the window. Memory follows actual traffic (a caller at the full
 * 6000/min keeps 6000 numbers), and logs of idle keys are dropped.
 *
 * State is per process. Several instances behind a balancer each enforce the limit on the
 * requests they see; a shared store can replace the map without changing callers.
 */
export class RateLimiter {
  private readonly logs = new Map<string, Log>();
  private hitsSinceSweep = 0;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string): RateDecision {
    const now = this.now();
    if (++this.hitsSinceSweep >= 10_000) this.sweep(now);
    let log = this.logs.get(key);
    if (!log) this.logs.set(key, (log = { times: [], start: 0 }));
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
      };
    }
    log.times.push(now);
    return {
      allowed: true,
      limit: this.limit,
      remaining: this.limit - used - 1,
      resetSeconds: oldest === undefined ? Math.ceil(this.windowMs / 1000) : untilOldestLeaves,
      retryAfterSeconds: 0,
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

export type RateLimiters = {
  user: RateLimiter;
  publicGet: RateLimiter;
  sensitivePost: RateLimiter;
  /** Failed authentications per client address: guessing tokens is not free. */
  authFailures: RateLimiter;
};

export function createRateLimiters(limits: AppConfig['rateLimits'], now?: () => number): RateLimiters {
  return {
    user: new RateLimiter('user', limits.userPerMinute, 60_000, now),
    publicGet: new RateLimiter('public-get', limits.publicGetPerMinute, 60_000, now),
    sensitivePost: new RateLimiter('sensitive-post', limits.sensitivePostPer15Minutes, 15 * 60_000, now),
    authFailures: new RateLimiter('auth-failures', limits.authFailuresPerMinute, 60_000, now),
  };
}

/** Counts one request against `limiter` for `key`: sets the headers, or throws the 429. */
export function enforceRateLimit(c: Parameters<MiddlewareHandler<AppEnv>>[0], limiter: RateLimiter, key: string) {
  const decision = limiter.hit(key);
  c.header('RateLimit-Policy', limiter.policyHeader);
  c.header('RateLimit', `"${limiter.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
  if (!decision.allowed) {
    throw new ApiError(
      429,
      `Too many requests. Try again in ${decision.retryAfterSeconds} s.`,
      ErrorCode.rateLimited,
      { retryAfter: decision.retryAfterSeconds },
      { 'Retry-After': String(decision.retryAfterSeconds) },
    );
  }
}

/** Route middleware for public operations: limits by client address. */
export const limitByIp =
  (which: 'publicGet' | 'sensitivePost'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const ctx = c.get('ctx');
    enforceRateLimit(c, ctx.limiters[which], clientIp(c, ctx.config.trustProxy));
    await next();
  };
