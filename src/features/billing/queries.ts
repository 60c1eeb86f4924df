import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import type { LedgerFilters } from './csv';
import type { UsageRange } from './search';
import type { CreditTransaction, CreditTransactionType, Plan, Subscription } from './types';

/** The ledger's page size: the contract's largest. */
export const LEDGER_PAGE = 100;

/** Page paging (the contract's `page`/`limit`, no total): a short page is the last one. */
export function nextLedgerPage(last: CreditTransaction[], pages: CreditTransaction[][]): number | undefined {
  return last.length < LEDGER_PAGE ? undefined : pages.length + 1;
}

/**
 * The rows of the pages held, newest first, once each: rows added while paging shift the pages,
 * so a later page may repeat a row already held (and one added live sits at the top of page 1).
 */
export function ledgerRows(pages: CreditTransaction[][] | undefined): CreditTransaction[] {
  if (!pages) return [];
  const seen = new Set<string>();
  return pages
    .flat()
    .filter((row) => !seen.has(row.id) && Boolean(seen.add(row.id)))
    .sort((a, b) => b.seq - a.seq);
}

/** Whether a transaction belongs in the ledger as filtered. */
export const matchesFilters = (row: CreditTransaction, filters: LedgerFilters) =>
  (!filters.type || row.type === filters.type) && (!filters.agentId || row.agentId === filters.agentId);

/**
 * The billing feature's key factory, under `['billing']`: the subscription, the plans and packs,
 * the usage per range, the ledger per filter, and checkouts. The balance is the credits feature's
 * (`creditQueries.balance()`), which the whole app keeps current.
 */
export const billingQueries = {
  all: ['billing'] as const,
  /** The company's plan, status and period (every member). */
  subscription: () =>
    queryOptions({
      queryKey: [...billingQueries.all, 'subscription'] as const,
      queryFn: ({ signal }): Promise<Subscription> => unwrap(api.GET('/subscriptions/current', { signal })),
    }),
  /** The plans one can move to (configuration: they do not change while the page is open). */
  plans: () =>
    queryOptions({
      queryKey: [...billingQueries.all, 'plans'] as const,
      queryFn: ({ signal }): Promise<Plan[]> => unwrap(api.GET('/subscriptions/plans', { signal })),
      staleTime: Infinity,
    }),
  /** The credit packs, and whether the server takes payments. */
  packs: () =>
    queryOptions({
      queryKey: [...billingQueries.all, 'packs'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/subscriptions/credits/packs', { signal })),
      staleTime: 5 * 60_000,
    }),
  /** Daily usage and balances over the last `days`, with the breakdowns by agent and by type (admins). */
  usage: (days: UsageRange) =>
    queryOptions({
      queryKey: [...billingQueries.all, 'usage', days] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/subscriptions/credits/usage', { params: { query: { days } }, signal })),
    }),
  /** Every filter's ledger: the key to refresh them all. */
  ledgers: () => [...billingQueries.all, 'ledger'] as const,
  /** The ledger, newest first, page by page until a short page (admins). */
  ledger: (filters: LedgerFilters) =>
    infiniteQueryOptions({
      queryKey: [...billingQueries.ledgers(), filters.type ?? null, filters.agentId ?? null] as const,
      queryFn: ({ pageParam, signal }): Promise<CreditTransaction[]> =>
        unwrap(
          api.GET('/subscriptions/credits/transactions', {
            params: {
              query: {
                page: pageParam,
                limit: LEDGER_PAGE,
                ...(filters.type ? { type: filters.type as CreditTransactionType } : {}),
                ...(filters.agentId ? { agentId: filters.agentId } : {}),
              },
            },
            signal,
          }),
        ),
      initialPageParam: 1,
      getNextPageParam: nextLedgerPage,
    }),
  /** A checkout started from this page: open until the payment is confirmed (admins). */
  checkout: (checkoutId: string) =>
    queryOptions({
      queryKey: [...billingQueries.all, 'checkout', checkoutId] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/subscriptions/credits/checkouts/{checkoutId}', { params: { path: { checkoutId } }, signal })),
      retry: false,
    }),
};

/** What a query of the feature's key factory answers (its query function's result). */
type Answer<F> = F extends (...args: never[]) => infer R ? Awaited<R> : never;
type AnswerOf<K extends keyof typeof billingQueries> = (typeof billingQueries)[K] extends (...args: never[]) => {
  queryFn?: infer F;
}
  ? Answer<F>
  : never;

export type CreditPacks = AnswerOf<'packs'>;
export type CreditPack = CreditPacks['packs'][number];
export type CreditUsage = AnswerOf<'usage'>;
export type CreditCheckout = AnswerOf<'checkout'>;
