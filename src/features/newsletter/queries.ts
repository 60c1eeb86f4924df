import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

/*
 * The newsletter's calls. The types come from the typed client's answers (the generated schema is
 * `src/api`'s alone).
 */

type ListQuery = { status?: NewsletterStatus; q?: string; limit: number; offset: number };

const fetchSubscribers = (query: ListQuery, signal?: AbortSignal) =>
  unwrap(api.GET('/newsletter-subscribers', { params: { query }, signal }));

/** A subscriber as the list shows it. */
export type NewsletterSubscriber = Awaited<ReturnType<typeof fetchSubscribers>>[number];
/** `pending` (link not opened yet), `confirmed`, `unsubscribed`. */
export type NewsletterStatus = 'pending' | 'confirmed' | 'unsubscribed';

/** What the subscriber list and its export are filtered by (kept in the address). */
export type SubscriberFilters = { status?: NewsletterStatus; q?: string };

/** Subscribers per page (the contract allows up to 100). */
export const SUBSCRIBER_PAGE = 50;

/** Offset paging: a short page is the last one; the next starts after everything held. */
export function nextSubscriberOffset(
  page: NewsletterSubscriber[],
  pages: NewsletterSubscriber[][],
): number | undefined {
  return page.length < SUBSCRIBER_PAGE ? undefined : pages.reduce((count, held) => count + held.length, 0);
}

/** The rows of the pages held, once each: a signup or a removal while paging shifts the offsets. */
export function subscriberRows(pages: NewsletterSubscriber[][] | undefined): NewsletterSubscriber[] {
  if (!pages) return [];
  const seen = new Set<string>();
  return pages.flat().filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)));
}

/** The filters as the list and the export take them (absent ones left out). */
export function filterQuery(filters: SubscriberFilters): SubscriberFilters {
  return {
    ...(filters.status ? { status: filters.status } : {}),
    ...(filters.q ? { q: filters.q } : {}),
  };
}

/**
 * The newsletter feature's key factory, under `['newsletter']`: the public signup page's company
 * (`public`, asked without needing a session) and the subscriber lists per filter (`subscribers`,
 * admins).
 */
export const newsletterQueries = {
  all: ['newsletter'] as const,
  /**
   * The company a signup link is for. The public route allows a few calls per network: asked
   * once per page, never retried, never refetched on focus.
   */
  publicNewsletter: (companyId: string) =>
    queryOptions({
      queryKey: [...newsletterQueries.all, 'public', companyId] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/newsletter/{companyId}', { params: { path: { companyId } }, signal })),
      retry: false,
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
  /** Every filter's list: the key to refresh them all (a removal changes several). */
  subscriberLists: () => [...newsletterQueries.all, 'subscribers'] as const,
  /** The subscribers, newest signup first, page by page until a short page (admins). */
  subscribers: (filters: SubscriberFilters) =>
    infiniteQueryOptions({
      queryKey: [...newsletterQueries.subscriberLists(), filters.status ?? null, filters.q ?? null] as const,
      queryFn: ({ pageParam, signal }) =>
        fetchSubscribers({ ...filterQuery(filters), limit: SUBSCRIBER_PAGE, offset: pageParam }, signal),
      initialPageParam: 0,
      getNextPageParam: nextSubscriberOffset,
    }),
};
