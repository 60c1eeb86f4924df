import type { QueryClient } from '@tanstack/react-query';
import type { BoardCard, Card, ColumnEntry, ProjectDetail } from '@/api';
import { createMoveCoordinator } from '@/lib/optimistic-moves';
import { applyColumnOrders, replaceCard, withCommentCopy } from './board-cache';
import { boardQueries } from './queries';

/**
 * The one writer of board data in the query cache. Mutations, live events and the comment panel
 * change boards and cards only through these functions; board-cache.ts holds the pure rules.
 */

/** Card moves on boards: optimistic, answers as truth, one refetch once the tab's moves settle. */
export const cardMoves = createMoveCoordinator<ProjectDetail>({
  queryKey: (projectId) => boardQueries.detail(projectId).queryKey,
  mutationKey: (projectId) => ['move-card', projectId],
});

/** Cards (`projectId/cardId`) to fetch again once none of their saves is on its way. */
const owedCardFetches = new Set<string>();

/**
 * Saves of one card's fields (the card panel), for any number of them on their way at once:
 * - the cached card is only ever what the server said (an answer, a live event, a fetch): each
 *   save's changes are shown on top of it while the save is on its way (`useShownCard`), so nothing
 *   written to the cache can hide a change still on its way, and a refused save just stops being
 *   shown: its fields show the server's last known value again, the other saves' changes stay;
 * - a card's saves go to the server one after another, in the order they were made (one mutation
 *   `scope` per card): each answer is the card as of every earlier save, and the answers arrive in
 *   that order, so each is applied whole as the newest truth;
 * - a colleague's change that arrives live while saves are on their way may be older or newer than
 *   their answers, and so may a fetch that was running when a save began: the card is fetched
 *   again once the last of them ends.
 */
export const cardSaves = {
  mutationKey: (projectId: string, cardId: string) => ['update-card', projectId, cardId] as const,
  scope: (projectId: string, cardId: string) => ({ id: `update-card:${projectId}:${cardId}` }),

  /** Before a save is sent: a fetch of the card running now may read the card before it. */
  async begin(queryClient: QueryClient, projectId: string, cardId: string) {
    const queryKey = boardQueries.card(projectId, cardId).queryKey;
    if (queryClient.isFetching({ queryKey, exact: true }) > 0) owedCardFetches.add(`${projectId}/${cardId}`);
    await queryClient.cancelQueries({ queryKey, exact: true });
  },

  /** A live event brought the card: if saves of it are on their way, fetch it once they end. */
  noteLiveChange(queryClient: QueryClient, projectId: string, cardId: string) {
    if (queryClient.isMutating({ mutationKey: cardSaves.mutationKey(projectId, cardId) }) > 0)
      owedCardFetches.add(`${projectId}/${cardId}`);
  },

  /** Each save's end (from `onSettled`, where it still counts as on its way): the owed fetch, after the last. */
  settle(queryClient: QueryClient, projectId: string, cardId: string) {
    const id = `${projectId}/${cardId}`;
    if (!owedCardFetches.has(id)) return;
    if (queryClient.isMutating({ mutationKey: cardSaves.mutationKey(projectId, cardId) }) > 1) return;
    owedCardFetches.delete(id);
    void queryClient.invalidateQueries({ queryKey: boardQueries.card(projectId, cardId).queryKey, exact: true });
  },
};

/** A card's new state: the card panel's copy, and its face on the board (an archived card leaves it). */
export function storeCard(queryClient: QueryClient, projectId: string, card: Card) {
  queryClient.setQueryData(boardQueries.card(projectId, card.id).queryKey, card);
  const key = boardQueries.detail(projectId).queryKey;
  const board = queryClient.getQueryData(key);
  if (!board) return;
  const onBoard = board.columns.some((column) => column.cards.some((item) => item.id === card.id));
  if (onBoard) queryClient.setQueryData(key, replaceCard(board, card));
  // A restored card comes back: refetch to learn its place.
  else if (!card.archived) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/**
 * Column orders the server announced or answered (a creation, a colleague's move, an archive):
 * applied as the truth, with the changed card's new state.
 */
export function storeColumnOrders(
  queryClient: QueryClient,
  projectId: string,
  columns: ColumnEntry[],
  card?: BoardCard,
) {
  queryClient.setQueryData(
    boardQueries.detail(projectId).queryKey,
    (board) => board && applyColumnOrders(board, columns, card),
  );
  if (card) queryClient.setQueryData(boardQueries.card(projectId, card.id).queryKey, card as Card);
}

/** A new comment's copy on its card face (count and preview). */
export function storeCommentCopy(
  queryClient: QueryClient,
  projectId: string,
  cardId: string,
  comment: { author: string; at: string; text: string },
) {
  queryClient.setQueryData(
    boardQueries.detail(projectId).queryKey,
    (board) => board && withCommentCopy(board, cardId, comment),
  );
}

/** Fetches a board again (its comment copies changed in ways the event does not carry). */
export function refetchBoard(queryClient: QueryClient, projectId: string) {
  void queryClient.invalidateQueries({ queryKey: boardQueries.detail(projectId).queryKey, exact: true });
}
