import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, type BoardCard, type Card, type ColumnEntry, type LiveEvent, type Project } from '@/api';
import { cardMoves, refetchBoard, storeCard, storeColumnOrders, storeCommentCopy } from './board-writer';
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
      cardMoves.noteLiveChange(projectId);
      storeColumnOrders(queryClient, projectId, columns ?? [], card as BoardCard);
    });
    const refetch = () => refetchBoard(queryClient, projectId);
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
          cardMoves.noteLiveChange(projectId);
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
          storeCommentCopy(queryClient, projectId, cardId, comment),
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

/**
 * Keeps the project list fresh: projects themselves, and their card counts and latest activity
 * when cards change (a burst of changes refetches once).
 */
export function useProjectListLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const refresh = () => {
      if (timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      }, 500);
    };
    const unsubscribe = [
      'project.created',
      'project.updated',
      'card.created',
      'card.moved',
      'card.updated',
      'card.archived',
      'card.restored',
    ].map((type) => onLiveEvent(type, refresh));
    return () => {
      clearTimeout(timer);
      unsubscribe.forEach((stop) => stop());
    };
  }, [queryClient]);
}
