/**
 * Rate limits across server instances. On Postgres (`DATABASE_URL`, the Postgres lane) every
 * instance counts in the database, so two instances together allow the configured limit; on the
 * embedded database each process counts its own (one process owns that database), which the
 * same tests assert there.
 *
 * The counter itself (`PostgresRateLimiter`) is plain SQL on `rate_limit_counters`, which the
 * embedded database has too: its unit tests run in both lanes, against the worker's database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app.ts';
import { createContext } from '../bootstrap.ts';
import type { AppContext } from '../context.ts';
import { rateLimitCounters } from '../db/schema.ts';
import { createLogger } from '../lib/logger.ts';
import { openAnotherHandle, relaxedLimits, TEST_PASSWORD, testStorage, useTestApp } from '../test/harness.ts';
import { PostgresRateLimiter } from './rate-limit-postgres.ts';
import { RateLimiter } from './rate-limit.ts';
import { holdToContract } from '../test/contract-check.ts';
import { DEFAULT_FILES_CONFIG } from '../modules/files/index.ts';

const onPostgres = Boolean(process.env.DATABASE_URL);
const frozen = Date.now();
const limits = {
  ...relaxedLimits,
  userPerMinute: 10,
  publicGetPerMinute: 6,
  signInFailuresPerAccountPer15Minutes: 4,
  webhookDeliveriesPerMinute: 4,
};
const config = {
  sessionTtlSeconds: 3600,
  rateLimits: limits,
  trustProxy: false,
  sseHeartbeatMs: 10_000,
  files: DEFAULT_FILES_CONFIG,
};
const t = useTestApp({ clock: () => frozen, config: { rateLimits: limits } });

describe('rate limits with two server instances on one database', () => {
  // The second instance: its own context (caches, limiters, bus), and on Postgres its own pool.
  let other: { ctx: AppContext; app: ReturnType<typeof createApp>; close: () => Promise<void> };
  beforeAll(async () => {
    const { handle, close } = await openAnotherHandle();
    const ctx = await createContext({
      handle,
      logger: createLogger('silent'),
      clock: () => frozen,
      config,
      storage: testStorage,
    });
    other = {
      ctx,
      app: holdToContract(createApp(ctx)),
      close: async () => {
        ctx.hub.close();
        await ctx.bus.close();
        await close();
      },
    };
  });
  afterAll(() => other?.close());

  /** The same request, to the first instance on even turns and to the second on odd ones. */
  async function alternate(turn: number, method: string, path: string, init: { token?: string; body?: unknown }) {
    if (turn % 2 === 0) return (await t.call(method, path, { ...init, ip: '192.0.2.10' })).status;
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (init.token) headers.authorization = `Bearer ${init.token}`;
    const response = await other.app.request(
      `/api${path}`,
      { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) },
      { incoming: { socket: { remoteAddress: '192.0.2.10' } } } as never,
    );
    await response.body?.cancel();
    return response.status;
  }

  /** How many of `attempts` alternating requests pass before the first refusal, and that the rest are refused. */
  async function passedBeforeRefusal(attempts: number, request: (turn: number) => Promise<number>, passing: number) {
    const statuses: number[] = [];
    for (let turn = 0; turn < attempts; turn++) statuses.push(await request(turn));
    const passed = statuses.findIndex((status) => status === 429);
    expect(statuses.slice(0, passed).every((status) => status === passing)).toBe(true);
    expect(statuses.slice(passed).every((status) => status === 429)).toBe(true);
    return passed;
  }

  it('each instance counts in the database on Postgres, in process on the embedded database', () => {
    const kind = onPostgres ? PostgresRateLimiter : RateLimiter;
    for (const ctx of [t.ctx, other.ctx]) {
      for (const limiter of Object.values(ctx.limiters)) expect(limiter).toBeInstanceOf(kind);
    }
  });

  it('per user: alternating requests reach 429 at the configured limit in total', async () => {
    const user = await t.createUser();
    const token = await t.signIn(user.email);
    const passed = await passedBeforeRefusal(26, (turn) => alternate(turn, 'GET', '/users/me', { token }), 200);
    // Shared: 10 in all, 5 on each; per process: 10 on each.
    expect(passed).toBe(onPostgres ? 10 : 20);
    // Another user is unaffected, on either instance.
    const otherToken = await t.signIn((await t.createUser()).email);
    expect(await alternate(0, 'GET', '/users/me', { token: otherToken })).toBe(200);
    expect(await alternate(1, 'GET', '/users/me', { token: otherToken })).toBe(200);
  });

  it('public GETs per address: the configured limit in total', async () => {
    const passed = await passedBeforeRefusal(16, (turn) => alternate(turn, 'GET', '/health', {}), 200);
    expect(passed).toBe(onPostgres ? 6 : 12);
  });

  it('failed sign-ins per account: the configured limit in total', async () => {
    const user = await t.createUser();
    const attempt = (turn: number) =>
      alternate(turn, 'POST', '/auth/login', { body: { email: user.email, password: 'wrong' } });
    const passed = await passedBeforeRefusal(onPostgres ? 6 : 10, attempt, 401);
    expect(passed).toBe(onPostgres ? 4 : 8);
    // Blocked on both instances, even with the right password.
    const right = { body: { email: user.email, password: TEST_PASSWORD } };
    expect(await alternate(0, 'POST', '/auth/login', right)).toBe(429);
    expect(await alternate(1, 'POST', '/auth/login', right)).toBe(429);
  });
});

describe('PostgresRateLimiter', () => {
  let now = 0;
  let names = 0;
  /** A limiter with a name of its own (so tests do not share counters) on the worker's database. */
  const limiter = (limit: number, windowMs: number, onError?: (error: unknown) => void) =>
    new PostgresRateLimiter(`test-${names++}`, limit, windowMs, t.ctx.db, () => now, onError);

  it('is exact within one window: the limit, then 429 until the window is over', async () => {
    now = 1_000_000;
    const l = limiter(3, 3000);
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 3 });
    now += 1000;
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 2 });
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 2 });
    now += 500;
    expect(await l.hit('k')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 2, resetSeconds: 2 });
    now = 1_002_999;
    expect((await l.hit('k')).allowed).toBe(false);
    // The window is over: its 3 requests weigh as if spread over it, so one leaves at once…
    now = 1_003_000;
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 0 });
    // …and the next when the weighted count falls again, which the refusal says.
    const refused = await l.hit('k');
    expect(refused).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    now += 999;
    expect((await l.hit('k')).allowed).toBe(false);
    now += 1;
    expect((await l.hit('k')).allowed).toBe(true);
  });

  it('lets a steady stream through at the limit per window, and never more than the limit in a window', async () => {
    const l = limiter(10, 900_000);
    const allowed: number[] = [];
    // One attempt every 10 seconds for an hour (the in-process limiter's test: 40 allowed).
    for (now = 0; now < 3_600_000; now += 10_000) if ((await l.hit('k')).allowed) allowed.push(now);
    expect(allowed.length).toBe(40);
    for (let start = 0; start < 3_600_000; start += 900_000) {
      expect(allowed.filter((time) => time >= start && time < start + 900_000).length).toBeLessThanOrEqual(10);
    }
    // After the first window's burst, the next windows' requests are spread out, one every 90 s:
    // no sliding window holds more than the limit either.
    expect(allowed.slice(10, 13)).toEqual([900_000, 990_000, 1_080_000]);
    for (const start of allowed) {
      expect(allowed.filter((time) => time >= start && time < start + 900_000).length).toBeLessThanOrEqual(10);
    }
  });

  it('forgets a key idle for two windows', async () => {
    const l = limiter(2, 1000);
    now = 5000;
    await l.hit('k');
    await l.hit('k');
    now = 7000;
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 1 });
  });

  it('counts every request exactly once under concurrency, from any number of connections', async () => {
    now = 50_000;
    const l = limiter(30, 60_000);
    const decisions = await Promise.all(Array.from({ length: 100 }, () => l.hit('k')));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(30);
    expect((await l.peek('k')).remaining).toBe(0);
    const [row] = await t.ctx.db.select().from(rateLimitCounters).where(eq(rateLimitCounters.limiter, l.name));
    expect(row).toMatchObject({ key: 'k', current: 30, previous: 0 });
  });

  it('counts keys and limiters separately', async () => {
    now = 0;
    const [a, b] = [limiter(1, 1000), limiter(1, 1000)];
    expect((await a.hit('x')).allowed).toBe(true);
    expect((await a.hit('x')).allowed).toBe(false);
    expect((await a.hit('y')).allowed).toBe(true);
    expect((await b.hit('x')).allowed).toBe(true);
  });

  it('peek says whether one more would be allowed, and what is left, without counting', async () => {
    now = 0;
    const l = limiter(2, 3000);
    expect(await l.peek('k')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 0, retryAfterSeconds: 0 });
    for (let i = 0; i < 3; i++) expect((await l.peek('k')).allowed).toBe(true);
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 1 });
    now = 1000;
    expect(await l.peek('k')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 2 });
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(await l.peek('k')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 2 });
    expect((await l.hit('k')).allowed).toBe(false);
    // The same windows as hit: at the next one, one of the two weighs no more.
    now = 2999;
    expect((await l.peek('k')).allowed).toBe(false);
    now = 3000;
    expect(await l.peek('k')).toMatchObject({ allowed: true, remaining: 1 });
    expect((await l.hit('k')).allowed).toBe(true);
    expect((await l.peek('k')).allowed).toBe(false);
  });

  it('release takes back one request from the window it was counted in', async () => {
    now = 0;
    const l = limiter(2, 3000);
    const first = await l.hit('k');
    now = 1000;
    const second = await l.hit('k');
    await l.release('k', second.at);
    expect(await l.peek('k')).toMatchObject({ allowed: true, remaining: 1 });
    // Another key's or limiter's release takes nothing.
    await l.release('other', first.at);
    await limiter(2, 3000).release('k', first.at);
    expect((await l.hit('k')).allowed).toBe(true);
    expect((await l.hit('k')).allowed).toBe(false);
    // Once the window moved on, a release takes back from the previous window's count.
    now = 3000;
    expect(await l.hit('k')).toMatchObject({ allowed: true, remaining: 0 });
    await l.release('k', first.at);
    expect(await l.peek('k')).toMatchObject({ allowed: true, remaining: 1 });
  });

  it('reset forgets one key, and only that key', async () => {
    now = 0;
    const l = limiter(1, 1000);
    await l.hit('a');
    await l.hit('b');
    await l.reset('a');
    expect((await l.hit('a')).allowed).toBe(true);
    expect((await l.hit('b')).allowed).toBe(false);
  });

  it('deletes its rows two windows old, now and then, and only its own', async () => {
    now = 0;
    const errors: unknown[] = [];
    const [l, neighbour] = [limiter(5, 1000, (error) => errors.push(error)), limiter(5, 1000)];
    await Promise.all([l.hit('old'), l.hit('older'), neighbour.hit('old')]);
    now = 1500;
    await l.hit('recent');
    const keys = async (name: string) =>
      (
        await t.ctx.db
          .select({ key: rateLimitCounters.key })
          .from(rateLimitCounters)
          .where(eq(rateLimitCounters.limiter, name))
      )
        .map((row) => row.key)
        .sort();
    // Once per window at most, in the background: give it a moment.
    now = 2600;
    await l.hit('recent');
    for (let i = 0; i < 50 && (await keys(l.name)).length > 1; i++) await new Promise((r) => setTimeout(r, 20));
    expect(await keys(l.name)).toEqual(['recent']);
    expect(await keys(neighbour.name)).toEqual(['old']);
    expect(errors).toEqual([]);
  });
});
