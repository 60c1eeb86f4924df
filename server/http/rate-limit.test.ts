import { describe, expect, it } from 'vitest';
import { loadEnv } from '../env.ts';
import { useTestApp } from '../test/harness.ts';
import { RateLimiter } from './rate-limit.ts';

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
    },
  },
});

function expectRejection(response: { status: number; body: any; headers: Headers }, limit: number, window: number) {
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
}

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

  it('sign-in: 10 attempts per 15 minutes per address, then 429 even with the right password', async () => {
    const user = await t.createUser();
    for (let i = 0; i < 10; i++) {
      const response = await t.call('POST', '/auth/login', {
        ip: '198.51.100.3',
        body: { email: user.email, password: 'wrong' },
      });
      expect(response.status).toBe(401);
    }
    const blocked = await t.call('POST', '/auth/login', {
      ip: '198.51.100.3',
      body: { email: user.email, password: 'correct horse battery staple' },
    });
    expectRejection(blocked, 10, 900);
    const elsewhere = await t.call('POST', '/auth/login', {
      ip: '198.51.100.4',
      body: { email: user.email, password: 'correct horse battery staple' },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('authenticated routes: 6000 per minute per user, then 429; another user is unaffected', async () => {
    const { company, adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read');
    // Session and key of one user share the user's budget (the key creation above used one).
    let ok = 1;
    for (let i = 0; i < 5999; i++) {
      const response = await t.call('GET', '/users/me', {
        token: i % 2 ? key.secret : adminToken,
        ip: `10.0.${i % 250}.1`,
      });
      if (response.status === 200) ok++;
    }
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
});
