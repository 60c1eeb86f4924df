/**
 * Credits and subscriptions (issue 17): credit accounts and their ledger, subscriptions,
 * credit-pack checkouts and the payment events already handled.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companies } from './organization.ts';

export const creditTransactionType = pgEnum('credit_transaction_type', [
  'grant',
  'consumption',
  'purchase',
  'adjustment',
  'subscription_grant',
  'trial_grant',
]);

/**
 * A company's two credit balances as they stand, and the number of its last ledger row. Every
 * credit movement locks this row (an UPDATE), so movements of one company are serialised and
 * `lastSeq` grows by exactly one per transaction: ledger pages are ranges of `seq`, not OFFSETs.
 */
export const creditAccounts = pgTable('credit_accounts', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Included credits: set by the plan each period, consumed first. */
  included: integer().notNull().default(0),
  /** Purchased (and granted) credits: kept until used. */
  purchased: integer().notNull().default(0),
  lastSeq: bigint({ mode: 'number' }).notNull().default(0),
  /** Below this many available credits the balance is low (from the plan: modules/credits/plans.ts). */
  lowThreshold: integer().notNull().default(100),
  updatedAt: updatedAt(),
});

/**
 * The credit ledger: one immutable row per movement. `seq` numbers a company's rows 1, 2, 3, …
 * without gaps (assigned under the account's row lock, in the movement's transaction).
 * `includedChange + purchasedChange = amount`, and the balances after are the previous row's plus
 * these changes (replaying the ledger from row 1 gives every stored balance). The ids it names
 * (agent, session, card, admin) are kept as they were, without foreign keys: the ledger is a record.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    type: creditTransactionType().notNull(),
    amount: integer().notNull(),
    includedChange: integer().notNull(),
    purchasedChange: integer().notNull(),
    balanceAfterIncluded: integer().notNull(),
    balanceAfterPurchased: integer().notNull(),
    agentId: uuid(),
    /** Consumption: the agent session the work was part of, the card it was on, the operation. */
    agentSessionId: uuid(),
    cardId: uuid(),
    operation: text(),
    paymentInvoiceId: text(),
    paymentCheckoutSessionId: text(),
    adminUserId: uuid(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.companyId, t.seq),
    index().on(t.companyId, t.type, t.seq),
    index().on(t.agentId, t.seq),
    index()
      .on(t.agentSessionId)
      .where(sql`${t.agentSessionId} is not null`),
    index()
      .on(t.cardId)
      .where(sql`${t.cardId} is not null`),
    index().on(t.companyId, t.createdAt),
    /** A checkout session pays for one purchase, however often its webhook arrives. */
    uniqueIndex('credit_transactions_checkout_purchase_key')
      .on(t.paymentCheckoutSessionId)
      .where(sql`${t.type} = 'purchase' and ${t.paymentCheckoutSessionId} is not null`),
  ],
);

export const subscriptionStatus = pgEnum('subscription_status', ['trialing', 'active', 'canceled']);

/** A company's subscription: its plan (modules/credits/plans.ts) and current period. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: text().notNull(),
    status: subscriptionStatus().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    /** Set by cancel: the subscription ends at the period's end instead of renewing. */
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** A downgrade waits for the period's end: the plan the next period starts on. */
    pendingPlanId: text(),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  /** The scheduler's renewal looks for the periods that have ended. */
  (t) => [
    index()
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} <> 'canceled'`),
  ],
);

export const checkoutStatus = pgEnum('checkout_status', ['open', 'completed', 'expired']);

/** A credit-pack checkout created at the payment provider (Stripe Checkout). */
export const creditCheckouts = pgTable(
  'credit_checkouts',
  {
    /** The provider's checkout session id (`cs_…`). */
    id: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    packId: text().notNull(),
    credits: integer().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: checkoutStatus().notNull().default('open'),
    createdByUserId: uuid(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
    transactionId: uuid(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/** Payment-provider webhook events already handled: a redelivered event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
