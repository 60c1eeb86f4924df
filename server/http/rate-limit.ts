import type { Context, MiddlewareHandler } from 'hono';
import type { AppConfig, AppEnv } from '../types.ts';
import type { Database } from '../db/client.ts';
import { clientIp } from './client-ip.ts';
import { ApiError, ErrorCode } from './errors.ts';
import type { Limiter, RateDecision } from './rate-decision.ts';
import { RateLimiter } from './rate-limit-memory.ts';
import { PostgresRateLimiter } from './rate-limit-postgres.ts';

export type { Limiter, RateDecision } from './rate-decision.ts';
export { RateLimiter } from './rate-limit-memory.ts';

export type RateLimiters = {
  user: Limiter;
  publicGet: Limiter;
  /** Sensitive public POSTs (newsletter signup, email-exists, invitation preview) per client address. */
  sensitivePost: Limiter;
  /** Failed authentications per client address: guessing tokens is not free. */
  authFailures: Limiter;
  /** Failed sign-ins per client address: spraying many accounts from one address is slowed. */
  signInFailures: Limiter;
  /** Failed sign-ins per account (normalised email): guessing one account's password is slowed. */
  signInAccountFailures: Limiter;
  /** Requests to one webhook endpoint (by its id). */
  webhookDeliveries: Limiter;
  /** Content API requests per content key (by its id). */
  contentKey: Limiter;
};

export type LimiterOptions = {
  /** The limiters' clock; tests control it. */
  now?: () => number;
  /**
   * Count in this Postgres database (`rate_limit_counters`), so all instances on it share every
   * limit. Without it (the embedded database), each limiter counts in process.
   */
  shared?: Database;
  /** Told about a failed background clean-up of old counters. */
  onError?: (error: unknown) => void;
};

/** Content API requests per content key per minute when the configuration says nothing. */
export const DEFAULT_CONTENT_KEY_PER_MINUTE = 600;

export function createRateLimiters(limits: AppConfig['rateLimits'], options: LimiterOptions = {}): RateLimiters {
  const { now, shared, onError } = options;
  const make = (name: string, limit: number, windowMs: number): Limiter =>
    shared
      ? new PostgresRateLimiter(name, limit, windowMs, shared, now, onError)
      : new RateLimiter(name, limit, windowMs, now);
  return {
    user: make('user', limits.userPerMinute, 60_000),
    publicGet: make('public-get', limits.publicGetPerMinute, 60_000),
    sensitivePost: make('sensitive-post', limits.sensitivePostPer15Minutes, 15 * 60_000),
    authFailures: make('auth-failures', limits.authFailuresPerMinute, 60_000),
    signInFailures: make('sign-in-failures', limits.signInFailuresPer15Minutes, 15 * 60_000),
    signInAccountFailures: make('sign-in-account-failures', limits.signInFailuresPerAccountPer15Minutes, 15 * 60_000),
    webhookDeliveries: make('webhook-deliveries', limits.webhookDeliveriesPerMinute, 60_000),
    contentKey: make('content-key', limits.contentKeyPerMinute ?? DEFAULT_CONTENT_KEY_PER_MINUTE, 60_000),
  };
}

type HeaderTarget = Pick<Context<AppEnv>, 'header'>;

/** `RateLimit` and `RateLimit-Policy` headers (draft-ietf-httpapi-ratelimit-headers). */
function setRateLimitHeaders(c: HeaderTarget, limiter: Limiter, decision: RateDecision) {
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
export async function enforceRateLimit(c: HeaderTarget, limiter: Limiter, key: string) {
  const decision = await limiter.hit(key);
  setRateLimitHeaders(c, limiter, decision);
  if (!decision.allowed) throw tooManyRequests(decision);
}

/** At most `limiter.limit` failed attempts per window for `key`. */
export type FailureLimit = {
  limiter: Limiter;
  key: string;
  /** A successful attempt forgets the key's failures (otherwise it only does not count). */
  resetOnSuccess?: boolean;
};

/**
 * Runs `attempt`, counting it against `limits` only when it fails (`isFailure(error)`): sign-in
 * counts wrong passwords, not sign-ins. When any limit is full, answers 429 before `attempt`
 * runs. A running attempt holds a slot in each limit, so a burst of parallel attempts (on any
 * instance, when the limiters are shared) cannot get more than the limit through; success or an
 * error that is no failure gives it back. The headers describe the first limit, or the one that
 * refused.
 */
export async function limitFailures<T>(
  c: HeaderTarget,
  limits: readonly [FailureLimit, ...FailureLimit[]],
  isFailure: (error: unknown) => boolean,
  attempt: () => Promise<T>,
): Promise<T> {
  // Take a slot in every limit at once (each hit counts only what it allows); if any refused,
  // give back the others' and answer 429. Another attempt running meanwhile may see those slots
  // taken for that moment: a refusal errs on the safe side, never lets one more through.
  const held = await Promise.all(
    limits.map(async (limit) => ({ ...limit, decision: await limit.limiter.hit(limit.key) })),
  );
  const giveBack = (forget: boolean) =>
    Promise.all(
      held.map(({ limiter, key, decision, resetOnSuccess }) => {
        if (forget && resetOnSuccess) return limiter.reset(key);
        if (decision.allowed) return limiter.release(key, decision.at);
      }),
    );
  let refused: (typeof held)[number] | undefined;
  for (const one of held) {
    if (!one.decision.allowed && (!refused || one.decision.retryAfterSeconds > refused.decision.retryAfterSeconds)) {
      refused = one;
    }
  }
  if (refused) {
    await giveBack(false);
    setRateLimitHeaders(c, refused.limiter, refused.decision);
    throw tooManyRequests(refused.decision);
  }
  const [first] = limits;
  try {
    const result = await attempt();
    await giveBack(true);
    return result;
  } catch (error) {
    if (!isFailure(error)) await giveBack(false);
    throw error;
  } finally {
    // Headers are a courtesy: a failure to read them must not replace the attempt's own outcome.
    try {
      setRateLimitHeaders(c, first.limiter, await first.limiter.peek(first.key));
    } catch {
      // The answer goes out without RateLimit headers.
    }
  }
}

/** Route middleware for public operations: limits by client address. */
export const limitByIp =
  (which: 'publicGet' | 'sensitivePost'): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    const ctx = c.get('ctx');
    await enforceRateLimit(c, ctx.limiters[which], clientIp(c, ctx.config.trustProxy));
    await next();
  };
