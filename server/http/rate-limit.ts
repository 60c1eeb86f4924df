import type { Context, MiddlewareHandler } from 'hono';
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
  /** The limiter's clock when it decided: the time `hit` counted, which `release` takes back. */
  at: number;
};

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

export type RateLimiters = {
  user: RateLimiter;
  publicGet: RateLimiter;
  /** Sensitive public POSTs (newsletter signup, email-exists, invitation preview) per client address. */
  sensitivePost: RateLimiter;
  /** Failed authentications per client address: guessing tokens is not free. */
  authFailures: RateLimiter;
  /** Failed sign-ins per client address: spraying many accounts from one address is slowed. */
  signInFailures: RateLimiter;
  /** Failed sign-ins per account (normalised email): guessing one account's password is slowed. */
  signInAccountFailures: RateLimiter;
};

export function createRateLimiters(limits: AppConfig['rateLimits'], now?: () => number): RateLimiters {
  return {
    user: new RateLimiter('user', limits.userPerMinute, 60_000, now),
    publicGet: new RateLimiter('public-get', limits.publicGetPerMinute, 60_000, now),
    sensitivePost: new RateLimiter('sensitive-post', limits.sensitivePostPer15Minutes, 15 * 60_000, now),
    authFailures: new RateLimiter('auth-failures', limits.authFailuresPerMinute, 60_000, now),
    signInFailures: new RateLimiter('sign-in-failures', limits.signInFailuresPer15Minutes, 15 * 60_000, now),
    signInAccountFailures: new RateLimiter(
      'sign-in-account-failures',
      limits.signInFailuresPerAccountPer15Minutes,
      15 * 60_000,
      now,
    ),
  };
}

type HeaderTarget = Pick<Context<AppEnv>, 'header'>;

/** `RateLimit` and `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers). */
function setRateLimitHeaders(c: HeaderTarget, limiter: RateLimiter, decision: RateDecision) {
  c.header('RateLimit-Policy', limiter.policyHeader);
  c.header('RateLimit', `"${limiter.name}";r=${decision.remaining};t=${decision.resetSeconds}`);
}

/** The 429, with `Retry-After`. */
function tooManyRequests(decision: RateDecision) {
  return new ApiError(
    429,
    `Too many requests. Try again in ${decision.retryAfterSeconds} s.`,
    ErrorCode.rateLimited,
    { retryAfter: decision.retryAfterSeconds },
    { 'Retry-After': String(decision.retryAfterSeconds) },
  );
}

/** Counts one request against `limiter` for `key`: sets the headers, or throws the 429. */
export function enforceRateLimit(c: HeaderTarget, limiter: RateLimiter, key: string) {
  const decision = limiter.hit(key);
  setRateLimitHeaders(c, limiter, decision);
  if (!decision.allowed) throw tooManyRequests(decision);
}

/** At most `limiter.limit` failed attempts per window for `key`. */
export type FailureLimit = {
  limiter: RateLimiter;
  key: string;
  /** A successful attempt forgets the key's failures (otherwise it only does not count). */
  resetOnSuccess?: boolean;
};

/**
 * Runs `attempt`, counting it against `limits` only when it fails (`isFailure(error)`): sign-in
 * counts wrong passwords, not sign-ins. When any limit is full, answers 429 before `attempt`
 * runs. A running attempt holds a slot in each limit, so a burst of parallel attempts cannot
 * get more than the limit through; success or an error that is no failure gives it back.
 * The headers describe the first limit, or the one that refused.
 */
export async function limitFailures<T>(
  c: HeaderTarget,
  limits: readonly [FailureLimit, ...FailureLimit[]],
  isFailure: (error: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  let refused: { limiter: RateLimiter; decision: RateDecision } | undefined;
  for (const { limiter, key } of limits) {
    const decision = limiter.peek(key);
    if (!decision.allowed && (!refused || decision.retryAfterSeconds > refused.decision.retryAfterSeconds)) {
      refused = { limiter, decision };
    }
  }
  if (refused) {
    setRateLimitHeaders(c, refused.limiter, refused.decision);
    throw tooManyRequests(refused.decision);
  }
  // In the same turn of the event loop as the peeks, so nothing else is counted in between.
  const held = limits.map((limit) => ({ ...limit, decision: limit.limiter.hit(limit.key) }));
  const giveBack = (forget: boolean) => {
    for (const { limiter, key, decision, resetOnSuccess } of held) {
      if (forget && resetOnSuccess) limiter.reset(key);
      else if (decision.allowed) limiter.release(key, decision.at);
    }
  };
  const [first] = limits;
  try {
    const result = await attempt();
    giveBack(true);
    return result;
  } catch (error) {
    if (!isFailure(error)) giveBack(false);
    throw error;
  } finally {
    setRateLimitHeaders(c, first.limiter, first.limiter.peek(first.key));
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
