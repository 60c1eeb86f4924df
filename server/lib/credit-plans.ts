/**
 * The plans a company can subscribe to and the credit packs it can buy: configuration of the
 * reference server, listed by `GET /subscriptions/plans` and `GET /subscriptions/credits/packs`.
 * Plans carry no price here: the reference server takes no payment for a plan (a plan change is
 * an admin's decision); credit packs are paid through Stripe Checkout.
 */

export type Plan = {
  id: PlanId;
  name: string;
  /** Included credits granted at the start of every monthly period. */
  monthlyCredits: number;
  /** How many members the company may have. */
  seats: number;
  description: string;
};

export const PLAN_IDS = ['starter', 'team', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export const PLANS: Record<PlanId, Plan> = {
  starter: {
    id: 'starter',
    name: 'Starter',
    monthlyCredits: 2_000,
    seats: 10,
    description: 'For a small team trying agents on a few boards.',
  },
  team: {
    id: 'team',
    name: 'Team',
    monthlyCredits: 10_000,
    seats: 50,
    description: 'Agents at work every day across the company.',
  },
  business: {
    id: 'business',
    name: 'Business',
    monthlyCredits: 50_000,
    seats: 250,
    description: 'Many agents, many teams, heavy automation.',
  },
};

export const isPlanId = (value: string): value is PlanId => (PLAN_IDS as readonly string[]).includes(value);

/** A new company's trial: the plan it runs on, how long, and the included credits it starts with. */
export const TRIAL = { planId: 'starter' as PlanId, days: 14, credits: 1_000 };

/** A billing period: one calendar month from its start (the same day and time, clamped to the month's end). */
export function addPeriod(start: Date): Date {
  const end = new Date(start);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}

/** Below this many available credits the balance is low: 10% of the plan's monthly credits, at least 100. */
export const lowThreshold = (plan: Plan) => Math.max(100, Math.round(plan.monthlyCredits / 10));

export type CreditPack = { id: string; name: string; credits: number; amountCents: number; currency: 'usd' };

export const CREDIT_PACKS: readonly CreditPack[] = [
  { id: 'pack_1000', name: '1,000 credits', credits: 1_000, amountCents: 1_000, currency: 'usd' },
  { id: 'pack_5000', name: '5,000 credits', credits: 5_000, amountCents: 4_500, currency: 'usd' },
  { id: 'pack_20000', name: '20,000 credits', credits: 20_000, amountCents: 16_000, currency: 'usd' },
];
