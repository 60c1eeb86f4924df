import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { Comment } from '@/api';
import { refetchBoard, storeCommentCopy } from './board-writer';

/**
 * Keeps the comment copies on card faces in step with this tab's own comment changes (the live
 * stream skips a tab's own events).
 */
export function useBoardCommentCopies(projectId: string) {
  const queryClient = useQueryClient();
  return useCallback(
    (cardId: string, change: { type: 'created' | 'updated' | 'deleted'; comment: Comment }) => {
      if (change.type === 'created') storeCommentCopy(queryClient, projectId, cardId, change.comment);
      else refetchBoard(queryClient, projectId);
    },
    [projectId, queryClient],
  );
}
