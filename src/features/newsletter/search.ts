import type { NewsletterStatus, SubscriberFilters } from './queries';

const STATUSES: readonly NewsletterStatus[] = ['confirmed', 'pending', 'unsubscribed'];
/** The contract's longest search (an address's longest). */
const Q_MAX = 254;

/**
 * Checks Content → Newsletter's search params (`?status=&q=`); anything unknown or malformed is
 * dropped, so an edited address still opens the page. Hand-written, like `parseBillingSearch`:
 * zod would weigh on the first-load route tree.
 */
export function parseSubscriberSearch(search: Record<string, unknown>): SubscriberFilters {
  const { status, q } = search;
  const text = typeof q === 'string' ? q.trim().slice(0, Q_MAX) : '';
  return {
    status: STATUSES.includes(status as NewsletterStatus) ? (status as NewsletterStatus) : undefined,
    q: text || undefined,
  };
}

/** A link's `?token=`, or null when it has none. */
export function parseTokenSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search;
  return { token: typeof token === 'string' && token.length > 0 && token.length <= 200 ? token : undefined };
}
