import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditAccounts, creditCheckouts, creditTransactions, events, paymentEvents } from '../../db/schema.ts';
import { checkoutEvent, signedStripeEvent, start, type FakeStripe } from '../../test/fake-stripe.ts';
import { buildTestApp, type CallResult, relaxedLimits, useTestApp } from '../../test/harness.ts';
import type { PaymentsConfig } from '../../types.ts';
import { applyCreditTransaction } from './ledger.ts';

// The fake starts before the app is built (hooks run in order), and the app's Stripe client is
// made on first use, so it points at the fake.
const payments: PaymentsConfig = {
  stripeSecretKey: 'sk_test_webhookSecretKey0123456789',
  stripeWebhookSecret: 'whsec_webhookSigningSecret0123456',
};
let fake: FakeStripe;
beforeAll(async () => {
  fake = await start();
  payments.stripeApiUrl = fake.url;
});
afterAll(() => fake.close());

const t = useTestApp({ config: { payments } });

const WEBHOOK = '/payments/stripe/webhook';

/** Sends `event` to the webhook, signed with `secret` (the server's unless told) as of `timestamp` (now unless told). */
function send(event: unknown, options: { secret?: string; timestamp?: number; ip?: string } = {}): Promise<CallResult> {
  const { body, header } = signedStripeEvent(options.secret ?? payments.stripeWebhookSecret, event, {
    timestamp: options.timestamp,
  });
  return t.call('POST', WEBHOOK, {
    rawBody: body,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    ip: options.ip,
  });
}

/** An admin's open checkout of `packId`, made through the API against the fake. */
async function openCheckout(packId = 'pack_1000') {
  const org = await t.createOrg();
  const created = await t.call('POST', '/subscriptions/credits/checkout', { token: org.adminToken, body: { packId } });
  expect(created.status).toBe(201);
  const session = fake.sessions.get(created.body.checkoutId)!;
  return { ...org, checkoutId: created.body.checkoutId as string, session };
}

async function balanceOf(companyId: string) {
  const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  return { included: account!.included, purchased: account!.purchased };
}

async function purchasesOf(companyId: string) {
  return t.ctx.db
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.companyId, companyId), eq(creditTransactions.type, 'purchase')));
}

async function checkoutRow(id: string) {
  const [row] = await t.ctx.db.select().from(creditCheckouts).where(eq(creditCheckouts.id, id));
  return row!;
}

async function recordedEvent(eventId: string) {
  const rows = await t.ctx.db.select().from(paymentEvents).where(eq(paymentEvents.id, eventId));
  return rows[0] ?? null;
}

const received = { received: true };

describe('a paid checkout.session.completed', () => {
  it('adds one purchase of the pack’s credits, completes the checkout and tells the members', async () => {
    const org = await openCheckout('pack_5000');
    const event = checkoutEvent(org.session);
    const answered = await send(event);
    expect(answered.status).toBe(200);
    expect(answered.body).toEqual(received);

    // The trial's 1,000 included credits, and the pack's 5,000 purchased ones.
    expect(await balanceOf(org.company.id)).toEqual({ included: 1000, purchased: 5000 });
    const [purchase, ...more] = await purchasesOf(org.company.id);
    expect(more).toEqual([]);
    expect(purchase).toMatchObject({
      seq: 2,
      amount: 5000,
      includedChange: 0,
      purchasedChange: 5000,
      balanceAfterIncluded: 1000,
      balanceAfterPurchased: 5000,
      paymentCheckoutSessionId: org.checkoutId,
      paymentInvoiceId: event.data.object.invoice,
      note: 'Credit pack: 5,000 credits',
      adminUserId: null,
      agentId: null,
    });
    expect(await checkoutRow(org.checkoutId)).toMatchObject({
      status: 'completed',
      transactionId: purchase!.id,
      completedAt: purchase!.createdAt,
    });
    expect(await recordedEvent(event.id)).toMatchObject({ type: 'checkout.session.completed' });

    const [announced, ...others] = await t.ctx.db
      .select()
      .from(events)
      .where(
        and(
          eq(events.companyId, org.company.id),
          eq(events.type, 'credits.balance.changed'),
          sql`${events.payload}::jsonb->'change'->>'id' = ${purchase!.id}`,
        ),
      );
    expect(others).toEqual([]);
    expect(JSON.parse(announced!.payload)).toMatchObject({
      companyId: org.company.id,
      balance: { included: 1000, purchased: 5000, available: 6000 },
      change: { type: 'purchase', amount: 5000, purchasedChange: 5000 },
    });
    // Payment ids are for the admins' ledger, not every member's stream.
    expect(JSON.parse(announced!.payload).change).not.toHaveProperty('paymentCheckoutSessionId');

    // The admin sees it through the API.
    const shown = await t.call('GET', `/subscriptions/credits/checkouts/${org.checkoutId}`, { token: org.adminToken });
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({
      status: 'completed',
      completedAt: purchase!.createdAt.toISOString(),
      transaction: {
        id: purchase!.id,
        type: 'purchase',
        amount: 5000,
        balanceAfterPurchased: 5000,
        paymentCheckoutSessionId: org.checkoutId,
        paymentInvoiceId: event.data.object.invoice,
        note: 'Credit pack: 5,000 credits',
      },
    });
  });

  it('is live on the members’ streams', async () => {
    const org = await openCheckout();
    const stream = await t.openStream(org.memberToken);
    try {
      expect((await send(checkoutEvent(org.session))).status).toBe(200);
      const changed = await stream.next('credits.balance.changed');
      expect(changed.data).toMatchObject({
        balance: { purchased: 1000 },
        change: { type: 'purchase', amount: 1000 },
      });
    } finally {
      await stream.close();
    }
  });

  it('credits once: the same event again, and a second event about the same session, change nothing', async () => {
    const org = await openCheckout();
    const first = checkoutEvent(org.session);
    expect((await send(first)).status).toBe(200);
    const after = await balanceOf(org.company.id);
    const completed = await checkoutRow(org.checkoutId);

    // Redelivered (Stripe retries, or a replay within the tolerance).
    const again = await send(first);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(received);
    // Another event about the same session.
    const second = await send(checkoutEvent(org.session, 'checkout.session.async_payment_succeeded'));
    expect(second.status).toBe(200);
    // Both at once.
    const both = await Promise.all([
      send(checkoutEvent(org.session)),
      send(checkoutEvent(org.session, 'checkout.session.async_payment_succeeded')),
    ]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);

    expect(await balanceOf(org.company.id)).toEqual(after);
    expect(await purchasesOf(org.company.id)).toHaveLength(1);
    expect(await checkoutRow(org.checkoutId)).toEqual(completed);
  });

  it('credits once even when the checkout was reopened, and the database refuses a second purchase of a session', async () => {
    const org = await openCheckout();
    expect((await send(checkoutEvent(org.session))).status).toBe(200);
    const [purchase] = await purchasesOf(org.company.id);
    await t.ctx.db
      .update(creditCheckouts)
      .set({ status: 'open', completedAt: null, transactionId: null })
      .where(eq(creditCheckouts.id, org.checkoutId));

    expect((await send(checkoutEvent(org.session))).status).toBe(200);
    expect(await purchasesOf(org.company.id)).toHaveLength(1);
    expect(await checkoutRow(org.checkoutId)).toMatchObject({ status: 'completed', transactionId: purchase!.id });

    // The second guard: a unique index on a purchase's checkout session.
    await expect(
      applyCreditTransaction(t.ctx.db, null, org.company.id, {
        type: 'purchase',
        change: { included: 0, purchased: 1000 },
        paymentCheckoutSessionId: org.checkoutId,
      }),
    ).rejects.toThrow();
    expect(await purchasesOf(org.company.id)).toHaveLength(1);
  });

  it('takes the invoice’s id from an expanded invoice, or the payment intent when there is no invoice', async () => {
    const expanded = await openCheckout();
    expect((await send(checkoutEvent(expanded.session, undefined, { invoice: { id: 'in_expanded' } }))).status).toBe(
      200,
    );
    expect((await purchasesOf(expanded.company.id))[0]!.paymentInvoiceId).toBe('in_expanded');

    const noInvoice = await openCheckout();
    const event = checkoutEvent(noInvoice.session, undefined, { invoice: null, payment_intent: 'pi_only' });
    expect((await send(event)).status).toBe(200);
    expect((await purchasesOf(noInvoice.company.id))[0]!.paymentInvoiceId).toBe('pi_only');
  });
});

describe('other checkout events', () => {
  it('an unpaid completed session waits for async_payment_succeeded', async () => {
    const org = await openCheckout();
    const unpaid = checkoutEvent(org.session, undefined, {
      payment_status: 'unpaid',
      invoice: null,
      payment_intent: null,
    });
    expect((await send(unpaid)).status).toBe(200);
    expect(await purchasesOf(org.company.id)).toEqual([]);
    expect((await checkoutRow(org.checkoutId)).status).toBe('open');

    expect((await send(checkoutEvent(org.session, 'checkout.session.async_payment_succeeded'))).status).toBe(200);
    expect(await purchasesOf(org.company.id)).toHaveLength(1);
    expect((await checkoutRow(org.checkoutId)).status).toBe('completed');
  });

  it('checkout.session.expired expires an open checkout, which is never credited afterwards', async () => {
    const org = await openCheckout();
    expect((await send(checkoutEvent(org.session, 'checkout.session.expired'))).status).toBe(200);
    const shown = await t.call('GET', `/subscriptions/credits/checkouts/${org.checkoutId}`, { token: org.adminToken });
    expect(shown.body).toMatchObject({ status: 'expired', completedAt: null, transaction: null });

    expect((await send(checkoutEvent(org.session))).status).toBe(200);
    expect(await purchasesOf(org.company.id)).toEqual([]);
    expect((await checkoutRow(org.checkoutId)).status).toBe('expired');
  });

  it('an expired event after the payment leaves the checkout completed', async () => {
    const org = await openCheckout();
    expect((await send(checkoutEvent(org.session))).status).toBe(200);
    expect((await send(checkoutEvent(org.session, 'checkout.session.expired'))).status).toBe(200);
    expect((await checkoutRow(org.checkoutId)).status).toBe('completed');
  });

  it('acknowledges a session this server did not create, and other event types, and ignores them', async () => {
    const before = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(creditTransactions);
    const unknown = await send(checkoutEvent({ id: 'cs_test_notOurs', metadata: { companyId: 'x', credits: '1000' } }));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(received);
    const other = await send({
      id: 'evt_test_other',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: { id: 'pi_1', object: 'payment_intent' } },
    });
    expect(other.status).toBe(200);
    expect(other.body).toEqual(received);
    const after = await t.ctx.db.select({ count: sql<number>`count(*)::int` }).from(creditTransactions);
    expect(after).toEqual(before);
  });
});

describe('signatures', () => {
  it('refuses a wrong, missing or mangled signature, or a changed body, with 400 SIGNATURE_INVALID', async () => {
    const org = await openCheckout();
    const event = checkoutEvent(org.session);
    const { body, header } = signedStripeEvent(payments.stripeWebhookSecret, event);
    const attempts: Record<string, string>[] = [
      { 'stripe-signature': signedStripeEvent('whsec_someoneElsesSecret123', event).header },
      {},
      { 'stripe-signature': 'garbage' },
      { 'stripe-signature': header.replace(/v1=[0-9a-f]{4}/, 'v1=0000') },
    ];
    for (const headers of attempts) {
      const refused = await t.call('POST', WEBHOOK, {
        rawBody: body,
        headers: { 'content-type': 'application/json', ...headers },
      });
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ error: 'Invalid signature', code: 'SIGNATURE_INVALID' });
    }
    const changed = await t.call('POST', WEBHOOK, {
      rawBody: body.replace(event.id, `${event.id}x`),
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.code).toBe('SIGNATURE_INVALID');

    expect(await recordedEvent(event.id)).toBeNull();
    expect(await purchasesOf(org.company.id)).toEqual([]);
    expect((await checkoutRow(org.checkoutId)).status).toBe('open');
  });

  it('refuses a correctly signed event made more than 300 s ago (a replay)', async () => {
    const org = await openCheckout();
    const event = checkoutEvent(org.session);
    const tenMinutesAgo = Math.floor(Date.now() / 1000) - 600;
    const replayed = await send(event, { timestamp: tenMinutesAgo });
    expect(replayed.status).toBe(400);
    expect(replayed.body).toEqual({ error: 'Invalid signature', code: 'SIGNATURE_INVALID' });
    expect(await recordedEvent(event.id)).toBeNull();
    expect(await purchasesOf(org.company.id)).toEqual([]);
    // The same event signed now is taken: the refusal was the timestamp's.
    expect((await send(event)).status).toBe(200);
    expect(await purchasesOf(org.company.id)).toHaveLength(1);
  });

  it('answers 503 PAYMENTS_UNAVAILABLE when the server has no Stripe keys', async () => {
    const org = await openCheckout();
    t.ctx.config.payments = undefined;
    let answered: CallResult;
    try {
      answered = await send(checkoutEvent(org.session));
    } finally {
      t.ctx.config.payments = payments;
    }
    expect(answered.status).toBe(503);
    expect(answered.body.code).toBe('PAYMENTS_UNAVAILABLE');
    expect(await purchasesOf(org.company.id)).toEqual([]);
  });
});

describe('the local stand-in’s checkout page (scripts/fake-stripe.ts, for browser tests)', () => {
  it('says what it is, and with a webhook its Pay button sends the signed event and goes back to the app', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    const serverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const org = await openCheckout();
      const created = await t.call('GET', `/subscriptions/credits/checkouts/${org.checkoutId}`, {
        token: org.adminToken,
      });
      expect(created.body.status).toBe('open');
      const page = await fetch(`${fake.url}/checkout/${org.checkoutId}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain('This is a local test stand-in for Stripe Checkout. No payment is taken here.');
      expect(html).not.toContain('<button');

      fake.setWebhook({ url: `${serverUrl}/api${WEBHOOK}`, secret: payments.stripeWebhookSecret });
      expect(await (await fetch(`${fake.url}/checkout/${org.checkoutId}`)).text()).toContain('Pay 10.00 USD (test)');
      const paid = await fetch(`${fake.url}/checkout/${org.checkoutId}/pay`, { method: 'POST', redirect: 'manual' });
      expect(paid.status).toBe(303);
      expect(paid.headers.get('location')).toBe(`http://localhost/settings/billing?checkout=${org.checkoutId}`);
      expect(await balanceOf(org.company.id)).toEqual({ included: 1000, purchased: 1000 });
      expect((await checkoutRow(org.checkoutId)).status).toBe('completed');
    } finally {
      fake.setWebhook(undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe('limits (an app of its own)', () => {
  let limited: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // The limiters' clock stands still, so the counts do not depend on how fast the machine runs them.
    const frozen = Date.now();
    limited = await buildTestApp({
      clock: () => frozen,
      config: {
        payments,
        rateLimits: { ...relaxedLimits, webhookDeliveriesPerMinute: 3, authFailuresPerMinute: 2 },
      },
    });
    // On Postgres the counters live in the database every test app shares: Stripe's budget (one key
    // for every address) starts empty here, whatever earlier tests sent.
    await limited.ctx.limiters.webhookDeliveries.reset('stripe');
    await limited.ctx.limiters.authFailures.reset('198.51.100.1');
  });
  afterAll(async () => {
    limited.ctx.hub.close();
    await limited.ctx.bus.close();
  });

  async function post(event: unknown, secret: string, ip: string): Promise<CallResult> {
    const { body, header } = signedStripeEvent(secret, event);
    const response = await limited.app.request(
      `/api${WEBHOOK}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': header }, body },
      { incoming: { socket: { remoteAddress: ip } } } as never,
    );
    return { status: response.status, body: await response.json(), headers: response.headers };
  }
  const other = (n: number) => ({
    id: `evt_limit_${n}`,
    object: 'event',
    type: 'customer.created',
    data: { object: {} },
  });

  it('counts signed events against one budget for Stripe, from any address; unsigned ones do not use it', async () => {
    const wrong = 'whsec_notTheServersSecret000';
    // Failed signatures count against the address's failed-authentication limit (2 here).
    expect((await post(other(0), wrong, '198.51.100.1')).status).toBe(400);
    expect((await post(other(0), wrong, '198.51.100.1')).status).toBe(400);
    const blocked = await post(other(0), wrong, '198.51.100.1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.code).toBe('RATE_LIMITED');

    const statuses = [];
    for (let n = 1; n <= 4; n++) {
      statuses.push((await post(other(n), payments.stripeWebhookSecret, `198.51.100.${10 + n}`)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});
