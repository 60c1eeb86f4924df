import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { onLiveEvent } from '@/api';
import type { CommentTarget } from '@/features/comments';

/**
 * The detached state of threads changes with saves: reads the threads again after a colleague's
 * save of the page (a live event), and after one's own save (a new `revisionId`) when the anchors
 * present in the text (`order`) changed since the last one.
 */
export function useThreadRefresh(pageId: string, target: CommentTarget, order: string, revisionId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stop = onLiveEvent('wiki.page.saved', ({ data }) => {
      if (data.pageId === pageId) void queryClient.invalidateQueries({ queryKey: target.key });
    });
    return stop;
  }, [pageId, queryClient, target]);
  // Our own saves: only a change of the anchors present can detach or reattach a thread.
  const orderRef = useRef(order);
  useLayoutEffect(() => {
    orderRef.current = order;
  });
  const savedOrder = useRef<string | null>(null);
  useEffect(() => {
    if (savedOrder.current !== null && savedOrder.current !== orderRef.current) {
      void queryClient.invalidateQueries({ queryKey: target.key });
    }
    savedOrder.current = orderRef.current;
  }, [revisionId, queryClient, target]);
}
