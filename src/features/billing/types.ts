import type { CreditTransaction, LivePayloads } from '@/api';

export type { CreditTransaction };

/**
 * The billing types, taken from the contract through the live events that carry them (the
 * generated schema is `src/api`'s alone) and, for the rest, from the typed client's answers in
 * `queries.ts`.
 */
export type CreditBalance = LivePayloads['credits.balance.changed']['balance'];
export type CreditTransactionType = CreditTransaction['type'];
export type Subscription = LivePayloads['subscription.changed']['subscription'];
export type Plan = Subscription['plan'];
export type PlanId = Plan['id'];
