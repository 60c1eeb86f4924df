import type { MiddlewareHandler } from 'hono';
import type { AppConfig, AppEnv } from '../context.ts';
import { clientIp } from './client-ip.ts';
import { ApiError, ErrorCode } from './errors.ts';

export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the full quota is available again. */
  resetSeconds: number;
  /** Seconds until the next request would be allowed (0 when allowed). */
  retryAfterSeconds: number;
};

/**
 * "At most `limit` requests per `windowMs`" for each key, as a generic cell rate algorithm:
 * one timestamp per key, exact at every instant (no burst of twice the limit at a window
 * boundary as with fixed windows), and `limit` requests may arrive at once.
 *
 * State is per process. Several instances behind a balancer each enforce the limit on the
 * requests they see; a shared store can replace the map without changing callers.
 */
export class RateLimiter {
  private readonly interval: number;
  private readonly theoreticalArrival = new Map<string, number>();
  private hitsSinceSweep = 0;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.interval = windowMs / limit;
  }

  hit(key: string): RateDecision {
    const now = this.now();
    if (++this.hitsSinceSweep >= 10_000) this.sweep(now);
    const tat = Math.max(this.theoreticalArrival.get(key) ?? now, now);
    const next = tat + this.interval;
    if (next - now > this.windowMs) {
      return {
        allowed: false,
        limit: this.limit,
        remaining: 0,
        resetSeconds: Math.ceil((tat - now) / 1000),
        retryAfterSeconds: Math.max(1, Math.ceil((next - now - this.windowMs) / 1000)),
      };
    }
    this.theoreticalArrival.set(key, next);
    return {
      allowed: true,
      limit: this.limit,
      remaining: Math.floor((this.windowMs - (next - now)) / this.interval),
      resetSeconds: Math.ceil((next - now) / 1000),
      retryAfterSeconds: 0,
    };
  }

  /** Forgets keys whose quota is whole again, so memory follows the active clients. */
  private sweep(now: number) {
    this.hitsSinceSweep = 0;
    for (const [key, tat] of this.theoreticalArrival) if (tat <= now) this.theoreticalArrival.delete(key);
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
};

export function createRateLimiters(limits: AppConfig['rateLimits'], now?: () => number): RateLimiters {
  return {
    user: new RateLimiter('user', limits.userPerMinute, 60_000, now),
    publicGet: new RateLimiter('public-get', limits.publicGetPerMinute, 60_000, now),
    sensitivePost: new RateLimiter('sensitive-post', limits.sensitivePostPer15Minutes, 15 * 60_000, now),
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
