import { z } from '@hono/zod-openapi';
import { CREDIT_PACKS, PLAN_IDS } from './plans.ts';

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

/**
 * What every member learns of a movement on the live stream: its effect, the agent and card it was
 * for — not the admin-only details of the ledger (notes, who adjusted, payment ids, the private
 * session it was part of, the operation). Admins read those from the ledger.
 */
export const CreditChangeSchema = CreditTransactionSchema.pick({
  id: true,
  seq: true,
  type: true,
  amount: true,
  includedChange: true,
  purchasedChange: true,
  createdAt: true,
  agentId: true,
  cardId: true,
}).openapi('CreditChange');
export type CreditChange = z.infer<typeof CreditChangeSchema>;

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

// ——— Subscriptions (subscription-routes.ts) ———

export const ChangePlanInput = z
  .object({
    planId: z.enum(PLAN_IDS).openapi({ description: 'The plan to move to: one of `GET /subscriptions/plans`.' }),
  })
  .openapi('ChangePlanInput');
export type ChangePlanInput = z.infer<typeof ChangePlanInput>;

// ——— Credit packs and payments (payment-routes.ts) ———

const PACK_IDS = CREDIT_PACKS.map((pack) => pack.id) as [string, ...string[]];

export const CreditPackSchema = z
  .object({
    id: z.enum(PACK_IDS).openapi({ example: 'pack_1000' }),
    name: z.string().openapi({ example: '1,000 credits' }),
    credits: z.int().openapi({ description: 'Purchased credits the pack adds (kept until used).' }),
    amountCents: z.int().openapi({ description: 'Its price, in the smallest unit of `currency`.' }),
    currency: z.string().openapi({ description: 'ISO 4217, lower case.', example: 'usd' }),
  })
  .openapi('CreditPack');

export const CreditPacksSchema = z
  .object({
    packs: z.array(CreditPackSchema),
    purchasesAvailable: z.boolean().openapi({
      description: 'Whether the server is configured to take payments (Stripe keys set). Without them nothing is sold.',
    }),
    howToEnable: z.string().nullable().openapi({
      description: 'When purchases are unavailable: what the server’s operator must configure. Null otherwise.',
    }),
  })
  .openapi('CreditPacks');
export type CreditPacks = z.infer<typeof CreditPacksSchema>;

export const CreateCreditCheckoutInput = z
  .object({
    packId: z.enum(PACK_IDS).openapi({ description: 'The pack to buy: one of `GET /subscriptions/credits/packs`.' }),
  })
  .openapi('CreateCreditCheckoutInput');
export type CreateCreditCheckoutInput = z.infer<typeof CreateCreditCheckoutInput>;

export const CreditCheckoutCreatedSchema = z
  .object({
    checkoutId: z.string().openapi({ description: 'The checkout session’s id at Stripe (`cs_…`).' }),
    url: z.string().openapi({ description: 'Where to send the browser to pay (Stripe’s hosted checkout page).' }),
  })
  .openapi('CreditCheckoutCreated');

export const CREDIT_CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;

export const CreditCheckoutSchema = z
  .object({
    id: z.string().openapi({ description: 'The checkout session’s id at Stripe (`cs_…`).' }),
    packId: z.string(),
    credits: z.int(),
    amountCents: z.int(),
    currency: z.string(),
    status: z.enum(CREDIT_CHECKOUT_STATUSES).openapi({
      description:
        '`open`: waiting for payment. `completed`: paid, and its `purchase` is in the ledger (`transaction`). `expired`: abandoned at Stripe; nothing was charged.',
    }),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
    transaction: z
      .union([CreditTransactionSchema, z.null()])
      .openapi({ description: 'The `purchase` that added the credits, once completed.' }),
  })
  .openapi('CreditCheckout');
export type CreditCheckout = z.infer<typeof CreditCheckoutSchema>;

export const StripeWebhookReceiptSchema = z.object({ received: z.literal(true) }).openapi('StripeWebhookReceipt');

// ——— The ledger's API (ledger-routes.ts) ———

const typeFilter = z
  .enum(CREDIT_TRANSACTION_TYPES)
  .optional()
  .openapi({ param: { name: 'type', in: 'query' }, description: 'Only transactions of this type.' });
const agentFilter = z
  .uuid()
  .optional()
  .openapi({ param: { name: 'agentId', in: 'query' }, description: 'Only the transactions of this agent’s work.' });

/** The ledger's filters: `type` and `agentId`, together or apart. */
export const CreditTransactionFilters = z.object({ type: typeFilter, agentId: agentFilter });
export type CreditTransactionFilters = z.infer<typeof CreditTransactionFilters>;

/** The most pages the ledger is read to (10,000,000 × 100 rows): beyond it `page` is refused, not slow. */
export const LEDGER_MAX_PAGE = 10_000_000;

export const CreditTransactionsQuery = CreditTransactionFilters.extend({
  page: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEDGER_MAX_PAGE)
    .default(1)
    .openapi({
      param: { name: 'page', in: 'query' },
      description: `1..${LEDGER_MAX_PAGE.toLocaleString('en')}, default 1.`,
    }),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(LEDGER_MAX_LIMIT)
    .default(LEDGER_DEFAULT_LIMIT)
    .openapi({
      param: { name: 'limit', in: 'query' },
      description: `1..${LEDGER_MAX_LIMIT}, default ${LEDGER_DEFAULT_LIMIT}.`,
    }),
});
export type CreditTransactionsQuery = z.infer<typeof CreditTransactionsQuery>;

export const USAGE_MIN_DAYS = 7;
export const USAGE_MAX_DAYS = 365;
export const USAGE_DEFAULT_DAYS = 30;

export const CreditUsageQuery = z.object({
  days: z.coerce
    .number()
    .int()
    .min(USAGE_MIN_DAYS)
    .max(USAGE_MAX_DAYS)
    .default(USAGE_DEFAULT_DAYS)
    .openapi({
      param: { name: 'days', in: 'query' },
      description: `How many days, today (UTC) included: ${USAGE_MIN_DAYS}..${USAGE_MAX_DAYS}, default ${USAGE_DEFAULT_DAYS}.`,
    }),
});

export const CreditUsageDaySchema = z
  .object({
    date: z.string().openapi({ description: 'The day, in UTC: `YYYY-MM-DD`.', example: '2026-11-26' }),
    consumed: z
      .int()
      .openapi({ description: 'Credits agent work used that day (`consumption`), as a positive number.' }),
    added: z.int().openapi({
      description: 'Credits added that day: grants, purchases and positive adjustments.',
    }),
    removed: z.int().openapi({
      description:
        'Credits taken away that day other than by agent work: negative adjustments, such as the expiry of a period’s unused included credits. Positive.',
    }),
    included: z.int().openapi({
      description:
        'The included balance at the end of the day (the same as the day before when nothing happened; before the first transaction, 0).',
    }),
    purchased: z.int().openapi({ description: 'The purchased balance at the end of the day, likewise.' }),
  })
  .openapi('CreditUsageDay');

export const CreditUsageSchema = z
  .object({
    from: z.iso.datetime().openapi({ description: 'Start of the first day (UTC midnight), included.' }),
    to: z.iso.datetime().openapi({ description: 'End of the last day (the next UTC midnight), excluded.' }),
    days: z.array(CreditUsageDaySchema).openapi({
      description:
        'One entry per day, oldest first, every day of the range (days without transactions too): `included + purchased` of a day = the day before’s + `added − consumed − removed`.',
    }),
    byAgent: z
      .array(
        z.object({
          agentId: z.uuid(),
          name: z.string().openapi({ description: 'The agent’s name; `Deleted agent` when it no longer exists.' }),
          credits: z.int().openapi({ description: 'Credits its work used in the range.' }),
        }),
      )
      .openapi({ description: 'Consumption by agent, the largest first.' }),
    byType: z
      .array(
        z.object({
          type: z.enum(CREDIT_TRANSACTION_TYPES),
          credits: z.int().openapi({
            description: 'Credits moved: the sum of the transactions’ absolute amounts (a bar’s length).',
          }),
          net: z.int().openapi({ description: 'The sum of their signed amounts (an adjustment may go either way).' }),
          count: z.int().openapi({ description: 'How many transactions.' }),
        }),
      )
      .openapi({ description: 'Every type with transactions in the range, the most credits first.' }),
    byOperation: z
      .array(
        z.object({
          operation: z.string().openapi({ description: 'The operation charged (its `operationId`).' }),
          credits: z.int().openapi({ description: 'Credits used by it in the range.' }),
        }),
      )
      .openapi({ description: 'Consumption by API operation, the largest first.' }),
  })
  .openapi('CreditUsage');
export type CreditUsage = z.infer<typeof CreditUsageSchema>;

/** The most an admin may move in one adjustment or grant. */
export const MAX_ADJUSTMENT = 1_000_000;
export const MAX_ADJUSTMENT_NOTE = 500;

export const CreateCreditAdjustmentInput = z
  .object({
    type: z.enum(['adjustment', 'grant']).openapi({
      description:
        '`grant`: goodwill credits, added to the purchased balance (kept until used), positive. `adjustment`: a correction of the balance named in `bucket`, either way.',
    }),
    amount: z
      .int()
      .min(-MAX_ADJUSTMENT)
      .max(MAX_ADJUSTMENT)
      .refine((value) => value !== 0, 'must not be 0')
      .openapi({
        description: `Signed credits, not 0, at most ${MAX_ADJUSTMENT.toLocaleString('en')} either way; a grant is positive. A balance never goes below zero (409 \`CREDITS_INSUFFICIENT\`).`,
      }),
    bucket: z.enum(['included', 'purchased']).optional().openapi({
      description:
        'The balance an `adjustment` changes (required for one). A `grant` always goes to `purchased`: `included` is refused.',
    }),
    note: z
      .string()
      .trim()
      .min(1)
      .max(MAX_ADJUSTMENT_NOTE)
      .openapi({
        description: `Why (required): 1..${MAX_ADJUSTMENT_NOTE} characters, trimmed. Recorded in the ledger.`,
      }),
  })
  .openapi('CreateCreditAdjustmentInput');
export type CreateCreditAdjustmentInput = z.infer<typeof CreateCreditAdjustmentInput>;
