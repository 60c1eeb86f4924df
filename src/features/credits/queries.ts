import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import type { CreditBalance } from './types';

/**
 * The credits feature's key factory, under `['credits']`: the company's balance (`balance`), and
 * what agent work on a card cost (`['credits', 'card', cardId]`). The billing page keeps its own
 * queries; a change it makes to the balance goes into `creditQueries.balance()` too.
 */
export const creditQueries = {
  all: ['credits'] as const,
  /** The company's balance (every member may read it). Live events keep it current. */
  balance: () =>
    queryOptions({
      queryKey: [...creditQueries.all, 'balance'] as const,
      queryFn: ({ signal }): Promise<CreditBalance> => unwrap(api.GET('/subscriptions/credits/balance', { signal })),
      staleTime: 5 * 60_000,
    }),
  /** Every card's entry (a credits event names the card, not its project). */
  cardKey: (cardId: string) => [...creditQueries.all, 'card', cardId] as const,
  /** Credits agent work on a card cost, in total and by agent (whoever sees the card). */
  card: (projectId: string, cardId: string) =>
    queryOptions({
      queryKey: [...creditQueries.cardKey(cardId), projectId] as const,
      queryFn: ({ signal }) =>
        unwrap(
          api.GET('/projects/{projectId}/cards/{cardId}/credits', { params: { path: { projectId, cardId } }, signal }),
        ),
      staleTime: 30_000,
    }),
};
