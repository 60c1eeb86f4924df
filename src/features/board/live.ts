import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, type LiveEventType, type LivePayloads } from '@/api';
import { cardMoves, cardSaves, refetchBoard, storeCard, storeColumnOrders, storeCommentCopy } from './board-writer';
import { boardQueries, projectQueries } from './queries';

/** The events about a board: each names its project. */
type BoardEventType = {
  [T in LiveEventType]: LivePayloads[T] extends { projectId: string } ? T : never;
}[LiveEventType];

/** The events that place a card: each carries the card and the new order of the columns it touched. */
type CardPlacement = LivePayloads['card.created' | 'card.moved' | 'card.archived' | 'card.restored'];

/** Keeps a board in step with what colleagues (and other tabs) do, without reloading. */
export function useBoardLive(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = boardQueries.detail(projectId).queryKey;
    /** Follows the events of `type` on this board; `handler` gets the data the contract gives that type. */
    const onBoard = <T extends BoardEventType>(type: T, handler: (data: LivePayloads[T]) => void) =>
      onLiveEvent(type, (event) => {
        if (event.data.projectId === projectId) handler(event.data);
      });
    const withOrders = ({ card, columns }: CardPlacement) => {
      cardMoves.noteLiveChange(projectId);
      cardSaves.noteLiveChange(queryClient, projectId, card.id);
      storeColumnOrders(queryClient, projectId, columns, card);
    };
    const refetch = () => refetchBoard(queryClient, projectId);
    const unsubscribe = [
      onBoard('card.created', withOrders),
      onBoard('card.moved', withOrders),
      onBoard('card.archived', withOrders),
      onBoard('card.restored', withOrders),
      onBoard('card.updated', ({ card }) => {
        cardSaves.noteLiveChange(queryClient, projectId, card.id);
        storeCard(queryClient, projectId, card);
      }),
      onBoard('columns.changed', () => {
        cardMoves.noteLiveChange(projectId);
        refetch();
      }),
      onBoard('project.updated', ({ project }) => {
        queryClient.setQueryData(key, (board) => board && { ...board, ...project });
        void queryClient.invalidateQueries({ queryKey: projectQueries.all });
      }),
      // Comment copies on the card faces: counts and previews.
      onBoard('comment.created', ({ cardId, comment }) => storeCommentCopy(queryClient, projectId, cardId, comment)),
      onBoard('comment.deleted', refetch),
      onBoard('comment.updated', refetch),
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
    const types: LiveEventType[] = [
      'project.created',
      'project.updated',
      'card.created',
      'card.moved',
      'card.updated',
      'card.archived',
      'card.restored',
    ];
    const unsubscribe = types.map((type) => onLiveEvent(type, refresh));
    return () => {
      clearTimeout(timer);
      unsubscribe.forEach((stop) => stop());
    };
  }, [queryClient]);
}
