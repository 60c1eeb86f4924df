import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, type LiveEventType, type LivePayloads } from '@/api';
import { memberQueries } from '@/features/members';
import { cardMoves, cardSaves, refetchBoard, storeCard, storeColumnOrders, storeCommentCopy } from './board-writer';
import { refetchDelegations, storeSession } from './delegation-writer';
import { boardQueries, delegationQueries, projectQueries } from './queries';

/** The events about a board: each names its project. */
type BoardEventType = {
  [T in LiveEventType]: LivePayloads[T] extends { projectId: string } ? T : never;
}[LiveEventType];

/** The events that place a card: each carries the card and the new order of the columns it touched. */
type CardPlacement = LivePayloads['card.created' | 'card.moved' | 'card.archived' | 'card.restored'];

/** A card's assignee as this tab holds it (on the board, or in its panel), before a change is stored. */
function assigneeHeld(queryClient: QueryClient, projectId: string, cardId: string): string | undefined {
  const board = queryClient.getQueryData(boardQueries.detail(projectId).queryKey);
  for (const column of board?.columns ?? []) {
    const card = column.cards.find((item) => item.id === cardId);
    if (card) return card.assignee ?? undefined;
  }
  return queryClient.getQueryData(boardQueries.card(projectId, cardId).queryKey)?.assignee ?? undefined;
}

/** A card assigned to someone this tab does not know yet (an agent created since): read the members again. */
function learnAssignee(queryClient: QueryClient, card: { assignee?: string }) {
  const members = queryClient.getQueryData(memberQueries.list().queryKey);
  if (card.assignee && members && !members.some((member) => member.id === card.assignee))
    void queryClient.invalidateQueries({ queryKey: memberQueries.list().queryKey, exact: true });
}

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
      learnAssignee(queryClient, card);
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
        const before = assigneeHeld(queryClient, projectId, card.id);
        learnAssignee(queryClient, card);
        storeCard(queryClient, projectId, card);
        // A new assignee opens (an agent) or ends (the agent it replaces) a delegation.
        if (before !== card.assignee) refetchDelegations(queryClient, projectId);
      }),
      // Delegated cards' sessions (sent to the whole company): the agent's state on the card faces.
      onLiveEvent('agent.session.updated', ({ data }) => {
        if (data.session.card?.projectId === projectId) storeSession(queryClient, data.session);
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
      // Nobody patches the board (nor its delegations) while it is not shown: next time, they are fetched again.
      void queryClient.invalidateQueries({ queryKey: key, exact: true, refetchType: 'none' });
      void queryClient.invalidateQueries({
        queryKey: delegationQueries.list(projectId).queryKey,
        exact: true,
        refetchType: 'none',
      });
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
