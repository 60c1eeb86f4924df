import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../env.ts';
import { relaxedLimits, useTestApp } from '../../test/harness.ts';
import { eq } from 'drizzle-orm';
import { newsletterSubscribers } from '../../db/schema.ts';
import { settleNewsletterMail, unsubscribeToken } from './service.ts';

const defaults = loadEnv({});
// The limiters' clock stands still, so the counts do not depend on how fast the machine runs.
const frozen = Date.now();
// The public limits as a server started without rate-limit variables has them (the spec's).
const t = useTestApp({
  clock: () => frozen,
  config: {
    rateLimits: {
      ...relaxedLimits,
      publicGetPerMinute: defaults.RATE_LIMIT_PUBLIC_GET_PER_MINUTE,
      sensitivePostPer15Minutes: defaults.RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES,
    },
  },
});

function expectRateLimited(response: { status: number; body: any; headers: Headers }, limit: number, window: number) {
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
}

describe('newsletter rate limits (spec defaults)', () => {
  it('signup: 10 per 15 minutes per address, then 429 with Retry-After; another address is unaffected', async () => {
    expect(defaults.RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES).toBe(10);
    const company = await t.createCompany();
    const ip = '198.51.100.20';
    for (let i = 0; i < 10; i++) {
      const response = await t.call('POST', '/newsletter', {
        body: { companyId: company.id, email: `limit-${i}@test.example` },
        ip,
        headers: { origin: 'https://www.acme.example' },
      });
      expect(response.status, `request ${i + 1}`).toBe(202);
    }
    const blocked = await t.call('POST', '/newsletter', {
      body: { companyId: company.id, email: 'one-more@test.example' },
      ip,
      headers: { origin: 'https://www.acme.example' },
    });
    expectRateLimited(blocked, 10, 900);
    // A site's form can read why (CORS exposes the header).
    expect(blocked.headers.get('access-control-allow-origin')).toBe('*');
    expect(blocked.headers.get('access-control-expose-headers')).toContain('Retry-After');
    // Invalid requests count too (guessing is not free), and confirming shares the budget.
    expectRateLimited(await t.call('POST', '/newsletter/confirm', { body: { token: 'x' }, ip }), 10, 900);
    expectRateLimited(await t.call('POST', '/newsletter/unsubscribe', { body: { token: 'x' }, ip }), 10, 900);
    const other = await t.call('POST', '/newsletter', {
      body: { companyId: company.id, email: 'other-address@test.example' },
      ip: '198.51.100.21',
    });
    expect(other.status).toBe(202);
    await settleNewsletterMail();
  });

  it('the budget is the one of the other sensitive public POSTs (email-exists)', async () => {
    const company = await t.createCompany();
    const ip = '198.51.100.30';
    for (let i = 0; i < 5; i++) {
      const check = await t.call('POST', '/auth/email-exists', { body: { email: `x-${i}@test.example` }, ip });
      expect(check.status).toBe(200);
    }
    for (let i = 0; i < 5; i++) {
      const response = await t.call('POST', '/newsletter/confirm', { body: { token: `bad-${i}` }, ip });
      expect(response.status).toBe(400);
    }
    const blocked = await t.call('POST', '/newsletter', {
      body: { companyId: company.id, email: 'shared@test.example' },
      ip,
    });
    expectRateLimited(blocked, 10, 900);
  });

  it('unsubscribing counts only refused tokens: a mail provider posts many one-click unsubscribes from one address', async () => {
    const company = await t.createCompany();
    const emails = Array.from({ length: 12 }, (_, i) => `provider-${i}@mail.example`);
    for (const [i, email] of emails.entries()) {
      const response = await t.call('POST', '/newsletter', {
        body: { companyId: company.id, email },
        ip: `198.51.100.${100 + i}`,
      });
      expect(response.status).toBe(202);
    }
    await settleNewsletterMail();
    const rows = await t.ctx.db
      .select({ id: newsletterSubscribers.id })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.companyId, company.id));
    expect(rows).toHaveLength(12);
    const provider = '198.51.100.50';
    for (const [i, row] of rows.entries()) {
      const token = encodeURIComponent(unsubscribeToken(t.ctx, row.id));
      const response = await t.call('POST', `/newsletter/unsubscribe/one-click?token=${token}`, {
        rawBody: 'List-Unsubscribe=One-Click',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        ip: provider,
      });
      expect(response.status, `unsubscribe ${i + 1}`).toBe(200);
    }
    // Refused tokens count: the eleventh is answered 429 before it is checked.
    for (let i = 0; i < 10; i++) {
      const bad = await t.call('POST', '/newsletter/unsubscribe', { body: { token: `forged-${i}` }, ip: provider });
      expect(bad.status, `forged ${i + 1}`).toBe(400);
    }
    expectRateLimited(
      await t.call('POST', '/newsletter/unsubscribe', { body: { token: 'forged-x' }, ip: provider }),
      10,
      900,
    );
  });

  it('the newsletter page: 60 GETs per minute per address, then 429', async () => {
    expect(defaults.RATE_LIMIT_PUBLIC_GET_PER_MINUTE).toBe(60);
    const company = await t.createCompany();
    const ip = '198.51.100.40';
    for (let i = 0; i < 60; i++) {
      const response = await t.call('GET', `/newsletter/${company.id}`, { ip });
      expect(response.status, `request ${i + 1}`).toBe(200);
    }
    expectRateLimited(await t.call('GET', `/newsletter/${company.id}`, { ip }), 60, 60);
    expect((await t.call('GET', `/newsletter/${company.id}`, { ip: '198.51.100.41' })).status).toBe(200);
  });
});
