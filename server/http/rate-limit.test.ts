import { describe, expect, it } from 'vitest';
import { authSessions } from '../db/schema.ts';
import { loadEnv } from '../env.ts';
import { TEST_PASSWORD, useTestApp } from '../test/harness.ts';
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../context.ts';
import { handleError } from './error-handler.ts';
import { RateLimiter } from './rate-limit.ts';
import { jsonResponse, publicRoute, SuccessSchema } from './route.ts';

const defaults = loadEnv({});
// The limiters' clock stands still, so the counts below do not depend on how fast the machine
// runs them (the budget would otherwise refill by 100 requests per second during the loop).
const frozen = Date.now();
// An app configured exactly as a server started without any rate-limit variables.
const t = useTestApp({
  clock: () => frozen,
  config: {
    rateLimits: {
      userPerMinute: defaults.RATE_LIMIT_USER_PER_MINUTE,
      publicGetPerMinute: defaults.RATE_LIMIT_PUBLIC_GET_PER_MINUTE,
      sensitivePostPer15Minutes: defaults.RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES,
      authFailuresPerMinute: defaults.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE,
      signInFailuresPer15Minutes: defaults.RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES,
      signInFailuresPerAccountPer15Minutes: defaults.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_15_MINUTES,
      webhookDeliveriesPerMinute: defaults.WEBHOOK_DELIVERIES_PER_MINUTE,
    },
  },
});

function expectRejection(
  response: { status: number; body: any; headers: Headers },
  limit: number,
  window: number,
  policy?: string,
) {
  expect(response.status).toBe(429);
  expect(response.body).toEqual({
    error: expect.stringContaining('Too many requests'),
    code: 'RATE_LIMITED',
    retryAfter: expect.any(Number),
  });
  const retryAfter = Number(response.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBe(response.body.retryAfter);
  expect(response.headers.get('ratelimit-policy')).toMatch(new RegExp(`;q=${limit};w=${window}$`));
  expect(response.headers.get('ratelimit')).toMatch(/;r=0;t=\d+$/);
  if (policy) {
    expect(response.headers.get('ratelimit-policy')).toBe(`"${policy}";q=${limit};w=${window}`);
    expect(response.headers.get('ratelimit')).toBe(`"${policy}";r=0;t=${retryAfter}`);
  }
}

const password = TEST_PASSWORD;
/** One sign-in attempt for `email` from `ip`. */
const countSessions = async () => (await t.ctx.db.select().from(authSessions)).length;
const login = (ip: string, email: string, attempt: string) =>
  t.call('POST', '/auth/login', { ip, body: { email, password: attempt } });

describe('rate limits (spec defaults)', () => {
  it('failed authentications: 120 per minute per address, then 429', async () => {
    for (let i = 0; i < 120; i++) {
      const response = await t.call('GET', '/users/me', { token: `aik_${'B'.repeat(43)}`, ip: '198.51.100.9' });
      expect(response.status).toBe(401);
    }
    expectRejection(await t.call('GET', '/users/me', { token: 'garbage', ip: '198.51.100.9' }), 120, 60);
    expect((await t.call('GET', '/users/me', { token: 'garbage', ip: '198.51.100.10' })).status).toBe(401);
  });

  it('the defaults are the spec’s limits', () => {
    expect(defaults.RATE_LIMIT_USER_PER_MINUTE).toBe(6000);
    expect(defaults.RATE_LIMIT_PUBLIC_GET_PER_MINUTE).toBe(60);
    expect(defaults.RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES).toBe(10);
    expect(defaults.RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES).toBe(10);
    expect(defaults.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_15_MINUTES).toBe(10);
  });

  it('public GETs: 60 per minute per address, then 429; another address is unaffected', async () => {
    for (let i = 0; i < 60; i++) {
      const response = await t.call('GET', '/health', { ip: '198.51.100.1' });
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBe(`"public-get";r=${59 - i};t=60`);
    }
    expectRejection(await t.call('GET', '/openapi.json', { ip: '198.51.100.1' }), 60, 60);
    expect((await t.call('GET', '/health', { ip: '198.51.100.2' })).status).toBe(200);
  });

  it('sign-in: successful sign-ins are never counted, per address or per account', async () => {
    // Switching between two accounts from one address, more often than either limit (10).
    const [user, other] = [await t.createUser(), await t.createUser()];
    for (let i = 0; i < 13; i++) {
      const response = await login('198.51.100.3', (i % 6 === 5 ? other : user).email, password);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBe('"sign-in-failures";r=10;t=0');
    }
  });

  it('sign-in: 10 failures per 15 minutes per account, then 429 even with the right password', async () => {
    const [user, other] = [await t.createUser(), await t.createUser()];
    // From ten addresses, so the address limit is not what refuses; the email's case does not
    // make another account.
    for (let i = 0; i < 10; i++) {
      const email = i % 2 ? user.email.toUpperCase() : user.email;
      expect((await login(`198.51.100.${20 + i}`, email, 'wrong')).status).toBe(401);
    }
    const sessionsBefore = await countSessions();
    const blocked = await login('198.51.100.40', user.email, password);
    expectRejection(blocked, 10, 900, 'sign-in-account-failures');
    expect(Number(blocked.headers.get('retry-after'))).toBe(900);
    expect(await countSessions()).toBe(sessionsBefore);
    // Another account, from another address, signs in.
    expect((await login('198.51.100.41', other.email, password)).status).toBe(200);
  });

  it('sign-in: 10 failures per 15 minutes per address, spread over many accounts, then 429 even with the right password', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) {
      const response = await login('198.51.100.50', t.unique('nobody') + '@test.example', 'wrong');
      expect(response.status).toBe(401);
      expect(response.headers.get('ratelimit-policy')).toBe('"sign-in-failures";q=10;w=900');
      expect(response.headers.get('ratelimit')).toBe(`"sign-in-failures";r=${9 - i};t=900`);
    }
    const blocked = await login('198.51.100.50', user.email, password);
    expectRejection(blocked, 10, 900, 'sign-in-failures');
    expect(Number(blocked.headers.get('retry-after'))).toBe(900);
    // The account itself is not locked: from another address it signs in.
    expect((await login('198.51.100.51', user.email, password)).status).toBe(200);
  });

  it('sign-in: a success clears the account’s failures', async () => {
    const user = await t.createUser();
    // 9 failures, a success, then 10 more failures (from other addresses) before the 429.
    for (let i = 0; i < 9; i++) expect((await login(`198.51.100.${60 + i}`, user.email, 'wrong')).status).toBe(401);
    expect((await login('198.51.100.70', user.email, password)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(`198.51.100.${80 + i}`, user.email, 'wrong')).status).toBe(401);
    expectRejection(await login('198.51.100.90', user.email, password), 10, 900, 'sign-in-account-failures');
  });

  it('sign-in: a success clears nothing of the address’s failures', async () => {
    // 9 failures, a success (neither counted nor clearing anything), 1 failure, then 429.
    const other = await t.createUser();
    for (let i = 0; i < 9; i++) {
      expect((await login('198.51.100.91', t.unique('nobody') + '@test.example', 'wrong')).status).toBe(401);
    }
    expect((await login('198.51.100.91', other.email, password)).status).toBe(200);
    expect((await login('198.51.100.91', t.unique('nobody') + '@test.example', 'wrong')).status).toBe(401);
    expectRejection(await login('198.51.100.91', other.email, password), 10, 900, 'sign-in-failures');
  });

  it('sign-in: parallel attempts get no more password checks than the limit', async () => {
    const user = await t.createUser();
    const responses = await Promise.all(
      Array.from({ length: 15 }, (_, i) => login(`198.51.100.${100 + i}`, user.email, 'wrong')),
    );
    const statuses = responses.map((response) => response.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(5);
  });

  it('sensitive public POSTs: 10 per 15 minutes per address, then 429; sign-in is not counted there', async () => {
    // A public POST route as the future ones (newsletter signup, email-exists…) will be defined.
    const api = new OpenAPIHono<AppEnv>();
    api.use('*', async (c, next) => {
      c.set('ctx', t.ctx);
      await next();
    });
    const route = publicRoute({
      method: 'post',
      path: '/newsletter',
      operationId: 'subscribeNewsletter',
      responses: { 200: jsonResponse(SuccessSchema, 'Subscribed') },
    });
    api.openapi(route, (c) => c.json({ success: true }, 200));
    api.onError(handleError);
    const post = (ip: string) =>
      api.request('/newsletter', { method: 'POST' }, { incoming: { socket: { remoteAddress: ip } } } as never);
    // Sign-in attempts from that address, failed and successful, use none of its budget.
    const user = await t.createUser();
    for (let i = 0; i < 5; i++) expect((await login('198.51.100.130', user.email, 'wrong')).status).toBe(401);
    expect((await login('198.51.100.130', user.email, password)).status).toBe(200);
    for (let i = 0; i < 10; i++) {
      const response = await post('198.51.100.130');
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toBe(`"sensitive-post";r=${9 - i};t=900`);
    }
    const blocked = await post('198.51.100.130');
    expectRejection(
      { status: blocked.status, body: await blocked.json(), headers: blocked.headers },
      10,
      900,
      'sensitive-post',
    );
    expect((await post('198.51.100.131')).status).toBe(200);
  });

  it('authenticated routes: 6000 per minute per user, then 429; another user is unaffected', async () => {
    const { admin, company, adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read');
    // Session and key of one user share the user's budget (the key creation above used one).
    // Requests through the app, alternating key and session, start and end the count; the
    // limiter the app counts in takes the bulk in between directly, so the test costs tens of
    // requests rather than 6,000 (each an authentication and, on Postgres, a round trip).
    const call = (i: number) =>
      t.call('GET', '/users/me', { token: i % 2 ? key.secret : adminToken, ip: `10.0.${i % 250}.1` });
    let ok = 1;
    for (let i = 0; i < 20; i++) if ((await call(i)).status === 200) ok++;
    expect(ok).toBe(21);
    for (let done = 0; done < 5959;) {
      const batch = Math.min(100, 5959 - done);
      const decisions = await Promise.all(Array.from({ length: batch }, () => t.ctx.limiters.user.hit(admin.id)));
      ok += decisions.filter((decision) => decision.allowed).length;
      done += batch;
    }
    expect(ok).toBe(5980);
    for (let i = 20; i < 40; i++) if ((await call(i)).status === 200) ok++;
    expect(ok).toBe(6000);
    expectRejection(await t.call('GET', '/users/me', { token: key.secret }), 6000, 60);
    const other = await t.createUser({ company });
    expect((await t.call('GET', '/users/me', { token: await t.signIn(other.email) })).status).toBe(200);
  });
});

describe('RateLimiter', () => {
  it('never lets more than the limit through in any window, however the requests are spread', () => {
    let now = 0;
    const limiter = new RateLimiter('test', 10, 900_000, () => now);
    const allowed: number[] = [];
    // One attempt every 10 seconds for an hour.
    for (now = 0; now < 3_600_000; now += 10_000) if (limiter.hit('k').allowed) allowed.push(now);
    for (const start of allowed) {
      expect(allowed.filter((time) => time >= start && time < start + 900_000).length).toBeLessThanOrEqual(10);
    }
    expect(allowed.length).toBe(40);
  });

  it('frees a slot when the oldest request leaves the window, and says when', () => {
    let now = 0;
    const limiter = new RateLimiter('test', 3, 3000, () => now);
    for (now = 0; now <= 2000; now += 1000) expect(limiter.hit('k').allowed).toBe(true);
    now = 2500;
    expect(limiter.hit('k')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 1 });
    now = 2999;
    expect(limiter.hit('k').allowed).toBe(false);
    now = 3000;
    expect(limiter.hit('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.hit('k').allowed).toBe(false);
  });

  it('counts keys separately', () => {
    const limiter = new RateLimiter('test', 1, 1000, () => 0);
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('a').allowed).toBe(false);
    expect(limiter.hit('b').allowed).toBe(true);
  });

  it('peek says whether one more would be allowed, and what is left, without counting', () => {
    let now = 0;
    const limiter = new RateLimiter('test', 2, 3000, () => now);
    expect(limiter.peek('k')).toMatchObject({ allowed: true, remaining: 2, resetSeconds: 0, retryAfterSeconds: 0 });
    for (let i = 0; i < 5; i++) expect(limiter.peek('k').allowed).toBe(true);
    expect(limiter.hit('k')).toMatchObject({ allowed: true, remaining: 1 });
    now = 1000;
    expect(limiter.peek('k')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 2 });
    expect(limiter.hit('k')).toMatchObject({ allowed: true, remaining: 0 });
    expect(limiter.peek('k')).toMatchObject({ allowed: false, remaining: 0, retryAfterSeconds: 2 });
    expect(limiter.hit('k').allowed).toBe(false);
    // The same sliding window as hit: free again when the oldest request leaves it.
    now = 2999;
    expect(limiter.peek('k').allowed).toBe(false);
    now = 3000;
    expect(limiter.peek('k')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 1 });
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.peek('k').allowed).toBe(false);
  });

  it('release takes back exactly the request counted at that time', () => {
    let now = 0;
    const limiter = new RateLimiter('test', 2, 3000, () => now);
    const first = limiter.hit('k');
    now = 1000;
    const second = limiter.hit('k');
    limiter.release('k', second.at);
    expect(limiter.peek('k')).toMatchObject({ allowed: true, remaining: 1 });
    // Releasing again, or a time never counted, takes nothing more.
    limiter.release('k', second.at);
    limiter.release('k', 500);
    limiter.release('other', first.at);
    expect(limiter.hit('k').allowed).toBe(true);
    expect(limiter.hit('k').allowed).toBe(false);
    // The request left counted is the first: it leaves the window at 3000, not at 4000.
    now = 3000;
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it('reset forgets one key, and only that key', () => {
    const limiter = new RateLimiter('test', 1, 1000, () => 0);
    limiter.hit('a');
    limiter.hit('b');
    limiter.reset('a');
    expect(limiter.hit('a').allowed).toBe(true);
    expect(limiter.hit('b').allowed).toBe(false);
  });
});

describe('the public organization routes (invitation preview, email-exists, sign-up)', () => {
  it('share the sensitive-POST limit: 10 per 15 minutes per address, then 429', async () => {
    const ip = '192.0.2.210';
    const statuses: number[] = [];
    const post = (path: string, body: unknown) => t.call('POST', path, { body, ip });
    for (let i = 0; i < 4; i++) statuses.push((await post('/auth/email-exists', { email: 'a@b.example' })).status);
    for (let i = 0; i < 4; i++) statuses.push((await post('/auth/invitations/preview', { token: 'x' })).status);
    for (let i = 0; i < 2; i++) {
      statuses.push((await post('/auth/signup', { name: 'x', email: 'a@b.example', password: 'x' })).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 404, 404, 404, 404, 400, 400]);
    const limited = await post('/auth/invitations/preview', { token: 'x' });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(limited.headers.get('retry-after')).toBeTruthy();
    expect((await post('/auth/email-exists', { email: 'a@b.example' })).status).toBe(429);
    // Another address is not affected.
    expect(
      (await t.call('POST', '/auth/email-exists', { body: { email: 'a@b.example' }, ip: '192.0.2.211' })).status,
    ).toBe(200);
  });
});
