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
