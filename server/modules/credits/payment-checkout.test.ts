import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, creditCheckouts } from '../../db/schema.ts';
import { start, type FakeStripe } from '../../test/fake-stripe.ts';
import { useTestApp } from '../../test/harness.ts';
import type { PaymentsConfig } from '../../types.ts';
import { CREDIT_PACKS } from './plans.ts';

// The fake starts before the app is built (hooks run in order), and the app's Stripe client is
// made on first use, so it points at the fake.
const payments: PaymentsConfig = {
  stripeSecretKey: 'sk_test_checkoutSecretKey0123456789',
  stripeWebhookSecret: 'whsec_checkoutWebhookSecret0123',
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await start();
  payments.stripeApiUrl = fake.url;
});
afterAll(() => fake.close());

const t = useTestApp({ config: { payments } });

/** Runs `body` as if the server had no Stripe keys. */
async function withoutPayments<T>(body: () => Promise<T>): Promise<T> {
  t.ctx.config.payments = undefined;
  try {
    return await body();
  } finally {
    t.ctx.config.payments = payments;
  }
}

async function agentTokenOf(org: Awaited<ReturnType<typeof t.createOrg>>) {
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Buyer bot', managerKind: 'human', managerId: org.admin.id })
    .returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  expect(minted.status).toBe(201);
  return minted.body.secret as string;
}

const checkout = (token: string, packId: string, headers: Record<string, string> = {}) =>
  t.call('POST', '/subscriptions/credits/checkout', { token, body: { packId }, headers });

const howToEnable =
  'Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server, and point a Stripe webhook at http://localhost/api/payments/stripe/webhook for checkout.session.completed (and checkout.session.async_payment_succeeded, checkout.session.expired)';

describe('GET /subscriptions/credits/packs', () => {
  it('lists the packs to every member, available when Stripe is configured', async () => {
    const org = await t.createOrg();
    const listed = await t.call('GET', '/subscriptions/credits/packs', { token: org.memberToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      packs: [
        { id: 'pack_1000', name: '1,000 credits', credits: 1000, amountCents: 1000, currency: 'usd' },
        { id: 'pack_5000', name: '5,000 credits', credits: 5000, amountCents: 4500, currency: 'usd' },
        { id: 'pack_20000', name: '20,000 credits', credits: 20000, amountCents: 16000, currency: 'usd' },
      ],
      purchasesAvailable: true,
      howToEnable: null,
    });
    const key = await t.createKey(org.adminToken, 'read');
    expect((await t.call('GET', '/subscriptions/credits/packs', { token: key.secret })).status).toBe(200);
  });

  it('says purchases are unavailable, and how to enable them (naming no secret), without Stripe keys', async () => {
    const org = await t.createOrg();
    const listed = await withoutPayments(() =>
      t.call('GET', '/subscriptions/credits/packs', { token: org.adminToken }),
    );
    expect(listed.status).toBe(200);
    expect(listed.body.purchasesAvailable).toBe(false);
    expect(listed.body.packs).toHaveLength(CREDIT_PACKS.length);
    expect(listed.body.howToEnable).toBe(howToEnable);
    expect(JSON.stringify(listed.body)).not.toContain(payments.stripeSecretKey);
    expect(JSON.stringify(listed.body)).not.toContain(payments.stripeWebhookSecret);
  });

  it('is for members of a company; agent tokens are refused', async () => {
    const loner = await t.createUser();
    const listed = await t.call('GET', '/subscriptions/credits/packs', { token: await t.signIn(loner.email) });
    expect(listed.status).toBe(404);
    const org = await t.createOrg();
    const byAgent = await t.call('GET', '/subscriptions/credits/packs', { token: await agentTokenOf(org) });
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
  });
});

describe('POST /subscriptions/credits/checkout', () => {
  it('creates a Stripe Checkout Session for the pack, stores the checkout open and answers its url', async () => {
    const org = await t.createOrg();
    const before = fake.requests.length;
    const created = await checkout(org.adminToken, 'pack_5000');
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ checkoutId: expect.stringMatching(/^cs_test_/), url: expect.any(String) });
    expect(created.body.url).toBe(`${fake.url}/checkout/${created.body.checkoutId}`);

    // What Stripe was sent.
    expect(fake.requests).toHaveLength(before + 1);
    const sent = fake.requests.at(-1)!;
    expect(sent.method).toBe('POST');
    expect(sent.path).toBe('/v1/checkout/sessions');
    expect(sent.headers.authorization).toBe(`Bearer ${payments.stripeSecretKey}`);
    expect(sent.body).toEqual({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: 'usd', unit_amount: '4500', product_data: { name: '5,000 credits' } },
          quantity: '1',
        },
      ],
      client_reference_id: org.company.id,
      metadata: { companyId: org.company.id, packId: 'pack_5000', credits: '5000' },
      customer_email: org.admin.email,
      invoice_creation: { enabled: 'true' },
      success_url: 'http://localhost/settings/billing?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost/settings/billing?checkout=canceled',
    });

    // What was stored.
    const [row] = await t.ctx.db.select().from(creditCheckouts).where(eq(creditCheckouts.id, created.body.checkoutId));
    expect(row).toMatchObject({
      companyId: org.company.id,
      packId: 'pack_5000',
      credits: 5000,
      amountCents: 4500,
      currency: 'usd',
      status: 'open',
      createdByUserId: org.admin.id,
      completedAt: null,
      transactionId: null,
    });
  });

  it('sends Stripe back to the web app’s origin: the browser’s Origin, or PUBLIC_URL when set', async () => {
    const org = await t.createOrg();
    expect((await checkout(org.adminToken, 'pack_1000', { origin: 'http://app.example:5173' })).status).toBe(201);
    expect(fake.requests.at(-1)!.body).toMatchObject({
      success_url: 'http://app.example:5173/settings/billing?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://app.example:5173/settings/billing?checkout=canceled',
    });
    t.ctx.config.publicUrl = 'https://work.example';
    try {
      expect((await checkout(org.adminToken, 'pack_1000', { origin: 'http://app.example:5173' })).status).toBe(201);
    } finally {
      t.ctx.config.publicUrl = undefined;
    }
    expect(fake.requests.at(-1)!.body).toMatchObject({
      success_url: 'https://work.example/settings/billing?checkout={CHECKOUT_SESSION_ID}',
      cancel_url: 'https://work.example/settings/billing?checkout=canceled',
    });
  });

  it('refuses an unknown pack with 400 naming packId, and calls nobody', async () => {
    const org = await t.createOrg();
    const before = fake.requests.length;
    for (const body of [{ packId: 'pack_999' }, {}, { packId: 1000 }]) {
      const refused = await t.call('POST', '/subscriptions/credits/checkout', { token: org.adminToken, body });
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe('VALIDATION_ERROR');
      expect(refused.body.issues).toEqual([expect.objectContaining({ location: 'body', path: 'packId' })]);
    }
    expect(fake.requests).toHaveLength(before);
  });

  it('answers 503 PAYMENTS_UNAVAILABLE, saying how to enable purchases, without Stripe keys', async () => {
    const org = await t.createOrg();
    const before = fake.requests.length;
    const refused = await withoutPayments(() => checkout(org.adminToken, 'pack_1000'));
    expect(refused.status).toBe(503);
    expect(refused.body).toEqual({
      error: `Credit purchases are not enabled on this server. ${howToEnable}.`,
      code: 'PAYMENTS_UNAVAILABLE',
    });
    expect(fake.requests).toHaveLength(before);
    expect(await t.ctx.db.select().from(creditCheckouts).where(eq(creditCheckouts.companyId, org.company.id))).toEqual(
      [],
    );
  });

  it('answers 502 PAYMENT_PROVIDER_ERROR when Stripe fails, stores nothing and never shows Stripe’s message', async () => {
    const org = await t.createOrg();
    for (const [status, type] of [
      [401, 'invalid_request_error'],
      [500, 'api_error'],
    ] as const) {
      fake.failNext(status, {
        type,
        message: `Invalid API Key provided: ${payments.stripeSecretKey}`,
      });
      const failed = await checkout(org.adminToken, 'pack_1000');
      expect(failed.status).toBe(502);
      expect(failed.body).toEqual({
        error: 'The payment provider could not start the checkout. Nothing was charged; try again in a moment.',
        code: 'PAYMENT_PROVIDER_ERROR',
      });
      expect(JSON.stringify(failed.body)).not.toContain('sk_test');
    }
    expect(await t.ctx.db.select().from(creditCheckouts).where(eq(creditCheckouts.companyId, org.company.id))).toEqual(
      [],
    );
  });

  it('is for company admins (403 FORBIDDEN for members), never for keys or agent tokens', async () => {
    const org = await t.createOrg();
    const before = fake.requests.length;
    const member = await checkout(org.memberToken, 'pack_1000');
    expect(member.status).toBe(403);
    expect(member.body).toEqual({ error: 'Only company admins can manage billing', code: 'FORBIDDEN' });
    for (const scope of ['read', 'write'] as const) {
      const key = await t.createKey(org.adminToken, scope);
      const byKey = await checkout(key.secret, 'pack_1000');
      expect(byKey.status).toBe(403);
      expect(byKey.body.code).toBe('API_KEY_FORBIDDEN');
    }
    const byAgent = await checkout(await agentTokenOf(org), 'pack_1000');
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    expect(fake.requests).toHaveLength(before);
    // Keys are refused whether or not payments are configured (the contract decides, not the handler).
    const key = await t.createKey(org.adminToken, 'write');
    const unconfigured = await withoutPayments(() => checkout(key.secret, 'pack_1000'));
    expect(unconfigured.body.code).toBe('API_KEY_FORBIDDEN');
  });
});

describe('GET /subscriptions/credits/checkouts/{checkoutId}', () => {
  it('shows an open checkout to its company’s admins (and their read keys)', async () => {
    const org = await t.createOrg();
    const created = await checkout(org.adminToken, 'pack_1000');
    const shown = await t.call('GET', `/subscriptions/credits/checkouts/${created.body.checkoutId}`, {
      token: org.adminToken,
    });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({
      id: created.body.checkoutId,
      packId: 'pack_1000',
      credits: 1000,
      amountCents: 1000,
      currency: 'usd',
      status: 'open',
      createdAt: expect.any(String),
      completedAt: null,
      transaction: null,
    });
    const key = await t.createKey(org.adminToken, 'read');
    const byKey = await t.call('GET', `/subscriptions/credits/checkouts/${created.body.checkoutId}`, {
      token: key.secret,
    });
    expect(byKey.status).toBe(200);
    expect(byKey.body).toEqual(shown.body);
  });

  it('is 403 for members, 404 for another company’s or an unknown checkout, 400 for a malformed id', async () => {
    const org = await t.createOrg();
    const other = await t.createOrg();
    const created = await checkout(org.adminToken, 'pack_1000');
    const path = `/subscriptions/credits/checkouts/${created.body.checkoutId}`;
    const member = await t.call('GET', path, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const otherAdmin = await t.call('GET', path, { token: other.adminToken });
    expect(otherAdmin.status).toBe(404);
    expect(otherAdmin.body.code).toBe('NOT_FOUND');
    const unknown = await t.call('GET', '/subscriptions/credits/checkouts/cs_test_doesNotExist', {
      token: org.adminToken,
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual(otherAdmin.body);
    for (const bad of ['0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10', 'cs_', 'pi_123', `cs_${'a'.repeat(201)}`, 'cs_a-b']) {
      const malformed = await t.call('GET', `/subscriptions/credits/checkouts/${bad}`, { token: org.adminToken });
      expect(malformed.status, bad).toBe(400);
      expect(malformed.body.issues).toEqual([expect.objectContaining({ location: 'path', path: 'checkoutId' })]);
    }
  });
});
