import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Comment } from '@/api';
import { boardQueries } from './queries';

/**
 * Keeps the comment copies on card faces in step with this tab's own comment changes (the live
 * stream skips a tab's own events).
 */
export function useBoardCommentCopies(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (cardId: string, change: { type: 'created' | 'updated' | 'deleted'; comment: Comment }) => {
      const key = boardQueries.detail(projectId).queryKey;
      if (change.type !== 'created') {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
        return;
      }
      const { author, at, text } = change.comment;
      queryClient.setQueryData(
        key,
        (board) =>
          board && {
            ...board,
            columns: board.columns.map((column) => ({
              ...column,
              cards: column.cards.map((card) =>
                card.id === cardId ? { ...card, comments: [...card.comments, { author, at, text }] } : card,
              ),
            })),
          },
      );
    },
    [projectId, queryClient],
  );
}
