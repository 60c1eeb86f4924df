/**
 * Buying credit packs through Stripe Checkout.
 *
 * - An admin asks for a checkout: a Checkout Session is created at Stripe for the pack and stored
 *   as an `open` row of `credit_checkouts` (keyed by the session's `cs_…` id), and the browser goes
 *   to Stripe's page. Nothing is credited then.
 * - Stripe tells the server what happened with signed webhook events (`handleStripeEvent`): a paid
 *   session adds one `purchase` to the ledger and completes the row; an abandoned one expires it.
 *
 * Idempotency: an event's id goes into `payment_events` in the same transaction as its effect, so
 * a redelivered event finds it there and changes nothing; the checkout row is locked and must be
 * `open`, and a unique index allows one `purchase` per checkout session, so two different events
 * about one session (completed, then async_payment_succeeded) credit it once.
 */
import { and, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Executor } from '../../db/client.ts';
import { creditCheckouts, creditTransactions, paymentEvents } from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import type { AppContext, Principal } from '../../types.ts';
import { applyCreditTransaction, creditPrices, presentTransaction } from './ledger.ts';
import { CREDIT_PACKS, type CreditPack } from './plans.ts';
import type { CreateCreditCheckoutInput, CreditCheckout, CreditPacks } from './schemas.ts';
import { stripeOf } from './stripe.ts';

/** The API path Stripe's webhook endpoint must point at (behind the app's origin). */
export const STRIPE_WEBHOOK_API_PATH = '/api/payments/stripe/webhook';

/** The events a Stripe webhook endpoint should send; others are acknowledged and ignored. */
export const HANDLED_STRIPE_EVENTS = [
  'checkout.session.completed',
  'checkout.session.async_payment_succeeded',
  'checkout.session.expired',
] as const;

/** What the operator must configure for purchases; names no secret. */
export const howToEnablePayments = (origin: string) =>
  `Set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET on the server, and point a Stripe webhook at ${origin}${STRIPE_WEBHOOK_API_PATH} for checkout.session.completed (and checkout.session.async_payment_succeeded, checkout.session.expired)`;

export const paymentsUnavailable = (origin: string) =>
  new ApiError(
    503,
    `Credit purchases are not enabled on this server. ${howToEnablePayments(origin)}.`,
    ErrorCode.paymentsUnavailable,
  );

const findPack = (packId: string): CreditPack | undefined => CREDIT_PACKS.find((pack) => pack.id === packId);

export function listCreditPacks(ctx: AppContext, principal: Principal, origin: string): CreditPacks {
  requireCompany(principal);
  const available = Boolean(ctx.config.payments);
  return {
    packs: CREDIT_PACKS.map((pack) => ({ ...pack })),
    purchasesAvailable: available,
    howToEnable: available ? null : howToEnablePayments(origin),
  };
}

/** A safe description of a failed call to Stripe: its error type and code, never its message (which may quote the key). */
function describeStripeError(error: unknown): string {
  if (error && typeof error === 'object' && 'type' in error) {
    const { type, code, statusCode } = error as { type?: unknown; code?: unknown; statusCode?: unknown };
    return [type, code, statusCode].filter((part) => part !== undefined && part !== null).join(' ');
  }
  return error instanceof Error ? error.name : 'unknown error';
}

const providerError = () =>
  new ApiError(
    502,
    'The payment provider could not start the checkout. Nothing was charged; try again in a moment.',
    ErrorCode.paymentProviderError,
  );

/**
 * Starts buying `packId`: creates the Checkout Session at Stripe, stores the checkout (`open`) and
 * answers where to send the browser.
 */
export async function createCreditCheckout(
  ctx: AppContext,
  actor: Actor,
  input: CreateCreditCheckoutInput,
  origin: string,
): Promise<{ checkoutId: string; url: string }> {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageBilling');
  const pack = findPack(input.packId);
  if (!pack) throw invalidField('packId', `is not a credit pack: one of ${CREDIT_PACKS.map((p) => p.id).join(', ')}`);
  const client = stripeOf(ctx);
  const appOrigin = ctx.config.publicUrl ?? origin;
  if (!client) throw paymentsUnavailable(appOrigin);

  let session: Stripe.Checkout.Session;
  try {
    session = await client.stripe.checkout.sessions.create({
      mode: 'payment',
      line_items: [
        {
          price_data: { currency: pack.currency, unit_amount: pack.amountCents, product_data: { name: pack.name } },
          quantity: 1,
        },
      ],
      client_reference_id: company.id,
      metadata: { companyId: company.id, packId: pack.id, credits: String(pack.credits) },
      customer_email: principal.user.email || undefined,
      invoice_creation: { enabled: true },
      success_url: `${appOrigin}/settings/billing?checkout={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appOrigin}/settings/billing?checkout=canceled`,
    });
  } catch (error) {
    ctx.logger.warn(`payments: creating a Stripe checkout failed: ${describeStripeError(error)}`, {
      companyId: company.id,
      packId: pack.id,
    });
    throw providerError();
  }
  if (!session.url || !/^cs_[A-Za-z0-9_]{1,200}$/.test(session.id)) {
    ctx.logger.warn('payments: Stripe answered a checkout session without a url or with an unexpected id', {
      companyId: company.id,
    });
    throw providerError();
  }

  await ctx.db.insert(creditCheckouts).values({
    id: session.id,
    companyId: company.id,
    packId: pack.id,
    credits: pack.credits,
    amountCents: pack.amountCents,
    currency: pack.currency,
    status: 'open',
    createdByUserId: principal.user.id,
  });
  return { checkoutId: session.id, url: session.url };
}

/** A checkout of the caller's company, with the purchase it added (admins). */
export async function getCreditCheckout(
  ctx: AppContext,
  principal: Principal,
  checkoutId: string,
): Promise<CreditCheckout> {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageBilling');
  const [found] = await ctx.db
    .select({ checkout: creditCheckouts, transaction: creditTransactions })
    .from(creditCheckouts)
    .leftJoin(creditTransactions, eq(creditTransactions.id, creditCheckouts.transactionId))
    .where(and(eq(creditCheckouts.id, checkoutId), eq(creditCheckouts.companyId, company.id)));
  if (!found) throw notFound('Checkout not found');
  const { checkout, transaction } = found;
  return {
    id: checkout.id,
    packId: checkout.packId,
    credits: checkout.credits,
    amountCents: checkout.amountCents,
    currency: checkout.currency,
    status: checkout.status,
    createdAt: checkout.createdAt.toISOString(),
    completedAt: checkout.completedAt?.toISOString() ?? null,
    transaction: transaction ? presentTransaction(transaction) : null,
  };
}

/**
 * Verifies a webhook request's `Stripe-Signature` over its exact bytes with Stripe's library (and
 * its default tolerance of 300 s, which refuses a replayed old event). Null when it does not verify.
 */
export async function verifyStripeEvent(
  ctx: AppContext,
  body: Uint8Array,
  signature: string | undefined,
): Promise<Stripe.Event | null> {
  const client = stripeOf(ctx);
  if (!client || !signature) return null;
  try {
    return await client.stripe.webhooks.constructEventAsync(body, signature, client.payments.stripeWebhookSecret);
  } catch {
    return null;
  }
}

export type StripeEventOutcome = 'credited' | 'expired' | 'duplicate' | 'ignored';

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * Handles one verified Stripe event, once: its id and its effect are written in one transaction.
 */
export async function handleStripeEvent(ctx: AppContext, event: Stripe.Event): Promise<StripeEventOutcome> {
  if (!(HANDLED_STRIPE_EVENTS as readonly string[]).includes(event.type)) return 'ignored';
  const session = event.data.object as Stripe.Checkout.Session;
  const outcome = await ctx.db.transaction(async (tx): Promise<StripeEventOutcome> => {
    const seen = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (seen.length === 0) return 'duplicate';

    const [checkout] = await tx.select().from(creditCheckouts).where(eq(creditCheckouts.id, session.id)).for('update');
    if (!checkout) {
      ctx.logger.info(
        `payments: Stripe event ${event.id} (${event.type}) is about a checkout session this server did not create; ignored`,
        {
          sessionId: session.id,
        },
      );
      return 'ignored';
    }
    if (checkout.status !== 'open') return 'ignored';

    if (event.type === 'checkout.session.expired') {
      await tx.update(creditCheckouts).set({ status: 'expired' }).where(eq(creditCheckouts.id, checkout.id));
      return 'expired';
    }
    // completed (paid now, or later for asynchronous payment methods) or async_payment_succeeded.
    if (event.type === 'checkout.session.completed' && session.payment_status !== 'paid') return 'ignored';
    return (await creditCheckout(ctx, tx, checkout, session)) ? 'credited' : 'ignored';
  });
  return outcome;
}

/** Adds the pack's credits as one `purchase` and completes the checkout. */
async function creditCheckout(
  ctx: AppContext,
  tx: Executor,
  checkout: typeof creditCheckouts.$inferSelect,
  session: Stripe.Checkout.Session,
): Promise<boolean> {
  // Credited already (the row was reopened by hand?): link that purchase rather than add another.
  // The unique index on a purchase's checkout session refuses a second one in any case.
  const [earlier] = await tx
    .select()
    .from(creditTransactions)
    .where(and(eq(creditTransactions.type, 'purchase'), eq(creditTransactions.paymentCheckoutSessionId, checkout.id)));
  if (earlier) {
    await tx
      .update(creditCheckouts)
      .set({ status: 'completed', completedAt: earlier.createdAt, transactionId: earlier.id })
      .where(eq(creditCheckouts.id, checkout.id));
    return false;
  }
  const pack = findPack(checkout.packId);
  const row = await applyCreditTransaction(
    tx,
    { system: { companyId: checkout.companyId } },
    checkout.companyId,
    {
      type: 'purchase',
      change: { included: 0, purchased: checkout.credits },
      paymentCheckoutSessionId: checkout.id,
      paymentInvoiceId: idOf(session.invoice) ?? idOf(session.payment_intent),
      note: `Credit pack: ${pack?.name ?? `${checkout.credits.toLocaleString('en-US')} credits`}`,
    },
    creditPrices(ctx),
  );
  // The company has no credit account (it always has one): let Stripe retry rather than lose it.
  if (!row) throw new Error(`payments: company ${checkout.companyId} has no credit account`);
  await tx
    .update(creditCheckouts)
    .set({ status: 'completed', completedAt: row.createdAt, transactionId: row.id })
    .where(eq(creditCheckouts.id, checkout.id));
  return true;
}
