import { TRANSACTION_TYPES } from './format';
import type { CreditTransactionType } from './types';

/** The chart's ranges, in days. */
export const USAGE_RANGES = [30, 90] as const;
export type UsageRange = (typeof USAGE_RANGES)[number];

/** Settings → Billing's address state. */
export type BillingSearch = {
  /** The chart's range in days; 30 when absent. */
  range?: UsageRange;
  /** The ledger's filter by type. */
  type?: CreditTransactionType;
  /** The ledger's filter by agent (its id). */
  agent?: string;
  /** Back from the checkout: the checkout session's id, or `canceled`. */
  checkout?: string;
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Stripe's checkout session ids (`cs_test_…`, `cs_live_…`), or `canceled`. */
const CHECKOUT = /^(cs_[A-Za-z0-9_]{1,250}|canceled)$/;

/**
 * Checks Billing's search params; anything unknown or malformed is dropped, so an edited address
 * still opens the page. Hand-written rather than a zod schema for the reason `parseFilesSearch`
 * gives: route search validation is part of the first-load route tree, where zod would add ~15 kB
 * gzip.
 */
export function parseBillingSearch(search: Record<string, unknown>): BillingSearch {
  const { range, type, agent, checkout } = search;
  const days = Number(range);
  return {
    range: days === 90 ? 90 : undefined,
    type: TRANSACTION_TYPES.includes(type as CreditTransactionType) ? (type as CreditTransactionType) : undefined,
    agent: typeof agent === 'string' && UUID.test(agent) ? agent : undefined,
    checkout: typeof checkout === 'string' && CHECKOUT.test(checkout) ? checkout : undefined,
  };
}
