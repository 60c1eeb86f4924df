import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, type BoardCard, type Card, type ColumnEntry, type LiveEvent, type Project } from '@/api';
import { applyColumnOrders, noteLiveOrderChange } from './board-cache';
import { storeCard } from './mutations';
import { boardQueries, projectQueries } from './queries';

type CardEvent = { projectId: string; card: Card; columns?: ColumnEntry[] };

/** Keeps a board in step with what colleagues (and other tabs) do, without reloading. */
export function useBoardLive(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = boardQueries.detail(projectId).queryKey;
    const forThisBoard = (handler: (data: never) => void) => (event: LiveEvent) => {
      if (event.data.projectId === projectId) handler(event.data as never);
    };
    const withOrders = forThisBoard(({ card, columns }: CardEvent) => {
      noteLiveOrderChange(projectId);
      queryClient.setQueryData(key, (board) => board && applyColumnOrders(board, columns ?? [], card as BoardCard));
      queryClient.setQueryData(boardQueries.card(projectId, card.id).queryKey, card);
    });
    const refetch = () => void queryClient.invalidateQueries({ queryKey: key, exact: true });
    const unsubscribe = [
      onLiveEvent('card.created', withOrders),
      onLiveEvent('card.moved', withOrders),
      onLiveEvent('card.archived', withOrders),
      onLiveEvent('card.restored', withOrders),
      onLiveEvent(
        'card.updated',
        forThisBoard(({ card }: CardEvent) => storeCard(queryClient, projectId, card)),
      ),
      onLiveEvent(
        'columns.changed',
        forThisBoard(() => {
          noteLiveOrderChange(projectId);
          refetch();
        }),
      ),
      onLiveEvent(
        'project.updated',
        forThisBoard(({ project }: { project: Project }) => {
          queryClient.setQueryData(key, (board) => board && { ...board, ...project });
          void queryClient.invalidateQueries({ queryKey: projectQueries.all });
        }),
      ),
      // Comment copies on the card faces: counts and previews.
      onLiveEvent(
        'comment.created',
        forThisBoard(({ cardId, comment }: { cardId: string; comment: { author: string; at: string; text: string } }) =>
          queryClient.setQueryData(key, (board) =>
            board
              ? {
                  ...board,
                  columns: board.columns.map((column) => ({
                    ...column,
                    cards: column.cards.map((card) =>
                      card.id === cardId
                        ? {
                            ...card,
                            comments: [
                              ...card.comments,
                              { author: comment.author, at: comment.at, text: comment.text },
                            ],
                          }
                        : card,
                    ),
                  })),
                }
              : board,
          ),
        ),
      ),
      onLiveEvent('comment.deleted', forThisBoard(refetch)),
      onLiveEvent('comment.updated', forThisBoard(refetch)),
    ];
    return () => {
      unsubscribe.forEach((stop) => stop());
      // Nobody patches the board while it is not shown: next time, it is fetched again.
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
    };
  }, [projectId, queryClient]);
}

/** Keeps the project list fresh. */
export function useProjectListLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: projectQueries.all });
    const unsubscribe = [onLiveEvent('project.created', refresh), onLiveEvent('project.updated', refresh)];
    return () => unsubscribe.forEach((stop) => stop());
  }, [queryClient]);
}
