import { z } from '@hono/zod-openapi';
import { PLAN_IDS } from './plans.ts';

export const CREDIT_TRANSACTION_TYPES = [
  'grant',
  'consumption',
  'purchase',
  'adjustment',
  'subscription_grant',
  'trial_grant',
] as const;
export type CreditTransactionType = (typeof CREDIT_TRANSACTION_TYPES)[number];

/** The ledger's page size: 1..100 (spec), 50 unless asked. */
export const LEDGER_MAX_LIMIT = 100;
export const LEDGER_DEFAULT_LIMIT = 50;

export const CreditTransactionSchema = z
  .object({
    id: z.uuid(),
    companyId: z.uuid(),
    type: z.enum(CREDIT_TRANSACTION_TYPES).openapi({
      description:
        'A classification, not a lifecycle. `trial_grant` (a new company’s credits) and `subscription_grant` (the plan’s credits at each period start) add included credits; `purchase` (a credit pack paid through the payment provider) and `grant` (given by an admin) add purchased credits, kept until used; `consumption` is agent work (included credits first, then purchased); `adjustment` is an admin’s correction of either balance, or the expiry of a period’s unused included credits (then without `adminUserId`).',
    }),
    amount: z.int().openapi({
      description: 'Signed: positive for grants and purchases, negative for consumption; either for an adjustment.',
    }),
    createdAt: z.iso.datetime(),
    balanceAfterIncluded: z.int().openapi({ description: 'Included-credit balance after the transaction.' }),
    balanceAfterPurchased: z.int().openapi({ description: 'Purchased-credit balance after the transaction.' }),
    agentId: z.uuid().optional().openapi({ description: 'Consumption: the agent whose work it was.' }),
    paymentInvoiceId: z
      .string()
      .optional()
      .openapi({ description: 'Purchase: the invoice (or payment) at the payment provider.' }),
    paymentCheckoutSessionId: z
      .string()
      .optional()
      .openapi({ description: 'Purchase: the checkout session at the payment provider.' }),
    adminUserId: z.uuid().optional().openapi({ description: 'Grant or adjustment by an admin: who made it.' }),
    note: z.string().optional().openapi({ description: 'Why: required on an admin’s grant or adjustment.' }),
    // Beside the spec's fields:
    seq: z.int().openapi({
      description: 'The transaction’s number in the company’s ledger: 1, 2, 3, … without gaps, in order.',
    }),
    includedChange: z.int().openapi({ description: 'What it did to the included balance (signed).' }),
    purchasedChange: z.int().openapi({
      description: 'What it did to the purchased balance (signed); `includedChange + purchasedChange = amount`.',
    }),
    sessionId: z.uuid().optional().openapi({ description: 'Consumption: the agent session the work was part of.' }),
    cardId: z.uuid().optional().openapi({ description: 'Consumption: the card the work was on.' }),
    operation: z.string().optional().openapi({
      description: 'Consumption: the API operation (its `operationId`) that was charged, e.g. `postAgentMessage`.',
    }),
  })
  .openapi('CreditTransaction');
export type CreditTransaction = z.infer<typeof CreditTransactionSchema>;

export const CreditBalanceSchema = z
  .object({
    included: z.int().openapi({ description: 'Included credits left in this period (used first).' }),
    purchased: z.int().openapi({ description: 'Purchased and granted credits left (kept until used).' }),
    available: z.int().openapi({ description: '`included + purchased`.' }),
    lowThreshold: z.int().openapi({ description: 'Below this many available credits the balance is low.' }),
    low: z.boolean(),
    exhausted: z.boolean().openapi({
      description: 'Fewer credits than the cheapest agent work: agents take no new work until credits arrive.',
    }),
    prices: z
      .object({ reply: z.int(), write: z.int() })
      .openapi({ description: 'What agent work costs: a reply in a chat, and every other write with an agent token.' }),
  })
  .openapi('CreditBalance');
export type CreditBalance = z.infer<typeof CreditBalanceSchema>;

export const PlanSchema = z
  .object({
    id: z.enum(PLAN_IDS),
    name: z.string(),
    monthlyCredits: z.int(),
    seats: z.int(),
    description: z.string(),
  })
  .openapi('Plan');

export const SubscriptionSchema = z
  .object({
    plan: PlanSchema,
    status: z.enum(['trialing', 'active', 'canceled']).openapi({
      description:
        '`trialing`: a new company’s first period. `active`: renews every month. `canceled`: ended; no more included credits.',
    }),
    currentPeriodStart: z.iso.datetime(),
    currentPeriodEnd: z.iso.datetime(),
    cancelAtPeriodEnd: z.boolean(),
    pendingPlan: z.union([PlanSchema, z.null()]).openapi({
      description: 'A downgrade waiting for the period’s end: the plan the next period starts on.',
    }),
    canceledAt: z.iso.datetime().nullable(),
    seatsUsed: z.int().openapi({ description: 'Members of the company now.' }),
  })
  .openapi('Subscription');
export type Subscription = z.infer<typeof SubscriptionSchema>;
