/** What a rate limiter decides, and what callers use of one (server/http/rate-limit.ts). */

export type RateDecision = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /**
   * Seconds until the count next goes down, so one more request is possible (in process: until
   * the oldest counted request leaves the window); 0 when nothing is counted.
   */
  resetSeconds: number;
  /** Seconds to wait before retrying (0 when allowed). */
  retryAfterSeconds: number;
  /** The limiter's clock when it decided: the time `hit` counted, which `release` takes back. */
  at: number;
};

export type Awaitable<T> = T | Promise<T>;

/**
 * What callers use of a limiter: `RateLimiter` (in process, synchronous) or `PostgresRateLimiter`
 * (shared by every instance on one Postgres, asynchronous). Callers always `await` the result.
 */
export interface Limiter {
  readonly name: string;
  readonly limit: number;
  readonly windowMs: number;
  /** `RateLimit-Policy` value. */
  readonly policyHeader: string;
  /** Counts one request for `key` if the limit allows it, and says whether it did. */
  hit(key: string): Awaitable<RateDecision>;
  /** Whether `hit` would allow one more request now, counting nothing. */
  peek(key: string): Awaitable<RateDecision>;
  /** Takes back one request that `hit` counted at `at` (its decision's `at`). */
  release(key: string, at: number): Awaitable<void>;
  /** Forgets every request counted for `key`. */
  reset(key: string): Awaitable<void>;
}
