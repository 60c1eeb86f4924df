import { and, eq, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rateLimitCounters } from '../db/schema.ts';
import type { Limiter, RateDecision } from './rate-decision.ts';

/** A key's counters as stored: its current window's start and the counts of it and the one before. */
type Counters = { windowStart: number; previous: number; current: number };

/**
 * "At most `limit` requests per `windowMs`" for each key, counted in Postgres
 * (`rate_limit_counters`), so every instance on one database enforces one limit together.
 *
 * Each key has fixed windows of `windowMs`, anchored at its first request (and again at the first
 * request after two idle windows). The row keeps the count of the current window and of the
 * previous one; a request at `e` ms into the current window sees
 *
 *     used = floor(previous × (windowMs − 1 − e) / windowMs) + current
 *
 * — the previous window's count weighted by the share of it still inside the sliding window
 * (`now − windowMs`, `now`], as if its requests had been spread evenly — and is allowed, and
 * counted, when `used < limit`. `hit` is ONE statement (INSERT … ON CONFLICT DO UPDATE …
 * RETURNING): Postgres locks the key's row, rolls the windows forward, decides and counts, so
 * concurrent requests from any number of instances are never counted twice or lost.
 *
 * Accuracy, against the exact sliding log (`RateLimiter`):
 * - While a key's previous window is empty (its first window, or after a quiet one) it is exact:
 *   a burst gets exactly `limit` through, and since the window starts at the key's first
 *   request, the first refusal's `Retry-After` is when that request leaves the sliding window,
 *   as with the log (the tests' frozen clocks see the same headers from both).
 * - Never more than `limit` in any one of a key's fixed windows, so over a long run no more
 *   than `limit` per window on average.
 * - The evenness assumption is what is approximate. A key that sent its previous window's
 *   requests early is held back more than the exact log would (those requests already left the
 *   sliding window); one that sent them all at the very end gets more: in the worst, adversarial
 *   case a sliding window of `windowMs` straddling the boundary can hold up to about twice
 *   `limit` (the end of one window plus most of the next), as a fixed-window counter allows at
 *   every boundary. For steady traffic — what the 6,000/min per user is about — the estimate is
 *   close (Cloudflare reported 0.003% of requests wrongly allowed or refused with this scheme).
 * - Instances' clocks are trusted: a few ms of skew between them moves a window's edge by as
 *   much. A clock behind a key's window start is taken as that start.
 *
 * `peek`, `release` and `reset` (for failure-only limits such as sign-in) are one statement
 * each too; `release` takes the request back from the window it was counted in.
 *
 * Old rows: a row whose window started two windows ago or more means nothing (the next hit
 * starts afresh), so each limiter deletes its rows older than that at most once per window, in
 * the background. Rows of keys seen in the last two windows stay: one small row per limiter and
 * active user, client address or account.
 */
export class PostgresRateLimiter implements Limiter {
  private lastSweep: number;

  constructor(
    readonly name: string,
    readonly limit: number,
    readonly windowMs: number,
    private readonly db: Database,
    private readonly now: () => number = Date.now,
    private readonly onError: (error: unknown) => void = () => {},
  ) {
    this.lastSweep = this.now();
  }

  async hit(key: string): Promise<RateDecision> {
    const now = Math.floor(this.now());
    this.sweepNowAndThen(now);
    const [row] = await hitStatement(this.db).execute({
      limiter: this.name,
      key,
      now,
      windowMs: this.windowMs,
      limit: this.limit,
    });
    return this.decide(row!, now, row!.allowed ? 'counted' : 'refused');
  }

  async peek(key: string): Promise<RateDecision> {
    const now = Math.floor(this.now());
    const [row] = await this.db
      .select({
        windowStart: rateLimitCounters.windowStart,
        previous: rateLimitCounters.previous,
        current: rateLimitCounters.current,
      })
      .from(rateLimitCounters)
      .where(and(eq(rateLimitCounters.limiter, this.name), eq(rateLimitCounters.key, key)));
    return this.decide(row ? this.roll(row, now) : undefined, now, 'peek');
  }

  async release(key: string, at: number): Promise<void> {
    // The window `at` fell in: the row's current one, or the one before (if the row has moved
    // on since). Older requests left the count anyway.
    await this.db.execute(sql`
      update rate_limit_counters set
        current = case when ${at}::bigint >= window_start then greatest(current - 1, 0) else current end,
        previous = case when ${at}::bigint < window_start and ${at}::bigint >= window_start - ${this.windowMs}::bigint
          then greatest(previous - 1, 0) else previous end
      where limiter = ${this.name} and key = ${key}`);
  }

  async reset(key: string): Promise<void> {
    await this.db
      .delete(rateLimitCounters)
      .where(and(eq(rateLimitCounters.limiter, this.name), eq(rateLimitCounters.key, key)));
  }

  /** Deletes this limiter's rows that no longer count, at most once per window (not awaited). */
  private sweepNowAndThen(now: number) {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    this.db
      .delete(rateLimitCounters)
      .where(and(eq(rateLimitCounters.limiter, this.name), lte(rateLimitCounters.windowStart, now - 2 * this.windowMs)))
      .then(
        () => {},
        (error: unknown) => this.onError(error),
      );
  }

  /** A stored row as the next `hit` would see it before counting (the statement's rolling, in JS). */
  private roll(row: Counters, now: number): Counters {
    const since = now - row.windowStart;
    if (since >= 2 * this.windowMs) return { windowStart: now, previous: 0, current: 0 };
    if (since >= this.windowMs)
      return { windowStart: row.windowStart + this.windowMs, previous: row.current, current: 0 };
    return row;
  }

  /** The previous window's weighted count at `now` (see the class comment). */
  private weighted(c: Counters, now: number) {
    const elapsed = Math.max(0, now - c.windowStart);
    return Math.floor((c.previous * (this.windowMs - 1 - elapsed)) / this.windowMs);
  }

  /**
   * The first ms of `c`'s current window (as an offset from its start) at which the weighted
   * previous count is at most `target`. Requires `c.previous > 0` and `target >= 0`.
   */
  private weightedFallsTo(c: Counters, target: number) {
    // floor(p × (W − 1 − e) / W) ≤ target  ⇔  p × (W − 1 − e) < (target + 1) × W
    const e = Math.floor(this.windowMs - 1 - ((target + 1) * this.windowMs) / c.previous) + 1;
    return c.windowStart + Math.max(0, e);
  }

  /**
   * The decision for counters already rolled to `now`: after a counted hit (`current` includes
   * it), after a refused one, or for a peek (nothing counted).
   */
  private decide(c: Counters | undefined, now: number, kind: 'counted' | 'refused' | 'peek'): RateDecision {
    const w = this.windowMs;
    const seconds = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
    const weighted = c ? this.weighted(c, now) : 0;
    const used = weighted + (c?.current ?? 0);
    if (!c)
      return {
        allowed: true,
        limit: this.limit,
        remaining: this.limit,
        resetSeconds: 0,
        retryAfterSeconds: 0,
        at: now,
      };
    if (kind === 'refused' || (kind === 'peek' && used >= this.limit)) {
      // When one more request fits: later in this window, once the previous window's weight
      // has fallen far enough; or, when this window alone is full, once the next one begins
      // and this window's count, as its previous, weighs little enough.
      const at =
        c.current < this.limit
          ? this.weightedFallsTo(c, this.limit - c.current - 1)
          : this.weightedFallsTo({ windowStart: c.windowStart + w, previous: c.current, current: 0 }, this.limit - 1);
      const wait = seconds(at);
      return { allowed: false, limit: this.limit, remaining: 0, resetSeconds: wait, retryAfterSeconds: wait, at: now };
    }
    // When the count next goes down by one: as the previous window's weight falls, or, with
    // nothing from it left, as soon as this window is over.
    const next = weighted > 0 ? this.weightedFallsTo(c, weighted - 1) : c.current > 0 ? c.windowStart + w : undefined;
    return {
      allowed: true,
      limit: this.limit,
      remaining: Math.max(0, this.limit - used),
      resetSeconds: next === undefined ? 0 : seconds(next),
      retryAfterSeconds: 0,
      at: now,
    };
  }

  /** `RateLimit-Policy` value (draft-ietf-httpapi-ratelimit-headers). */
  get policyHeader(): string {
    return `"${this.name}";q=${this.limit};w=${Math.round(this.windowMs / 1000)}`;
  }
}

const counters = rateLimitCounters;

/**
 * `hit`'s statement, prepared once per database (a named statement on each Postgres connection:
 * no parsing or planning per request).
 */
function buildHitStatement(db: Database) {
  const w = sql`${sql.placeholder('windowMs')}::bigint`;
  // `excluded.window_start` is `now`; the row's columns are its values before this request.
  // Rolled forward: a new window when the current one is over (its count becomes the previous
  // one), a fresh start after two or more.
  const since = sql`(excluded.window_start - ${counters.windowStart})`;
  const start = sql`(case when ${since} >= 2 * ${w} then excluded.window_start when ${since} >= ${w} then ${counters.windowStart} + ${w} else ${counters.windowStart} end)`;
  const previous = sql`(case when ${since} >= 2 * ${w} then 0 when ${since} >= ${w} then ${counters.current} else ${counters.previous} end)`;
  const current = sql`(case when ${since} >= ${w} then 0 else ${counters.current} end)`;
  const elapsed = sql`greatest(excluded.window_start - ${start}, 0)`;
  // floor(previous × (W − 1 − e) / W) + current < limit (integer division: the floor).
  const allowed = sql`(${previous} * (${w} - 1 - ${elapsed}) / ${w} + ${current} < ${sql.placeholder('limit')}::int)`;
  return db
    .insert(counters)
    .values({
      limiter: sql.placeholder('limiter'),
      key: sql.placeholder('key'),
      windowStart: sql.placeholder('now'),
      previous: 0,
      current: 1,
      allowed: true,
    })
    .onConflictDoUpdate({
      target: [counters.limiter, counters.key],
      set: { windowStart: start, previous, current: sql`${current} + ${allowed}::int`, allowed },
    })
    .returning({
      windowStart: counters.windowStart,
      previous: counters.previous,
      current: counters.current,
      allowed: counters.allowed,
    })
    .prepare('rate_limit_hit');
}

const hitStatements = new WeakMap<Database, ReturnType<typeof buildHitStatement>>();
function hitStatement(db: Database) {
  let statement = hitStatements.get(db);
  if (!statement) hitStatements.set(db, (statement = buildHitStatement(db)));
  return statement;
}
