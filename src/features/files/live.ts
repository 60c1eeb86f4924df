import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent } from '@/api';
import { dropNodes, putNode } from './cache';
import { fileQueries } from './queries';

/**
 * Keeps the drive's cached listings in step with colleagues (and this person's other tabs):
 * created, renamed, moved, deleted and restored nodes. This tab's own changes are applied by its
 * mutations (the stream skips their echoes). While no Files page is open nothing follows the
 * stream, so the cache is marked stale on leaving and read again on coming back.
 */
export function useFilesLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const trashKey = fileQueries.trash().queryKey;
    const usageKey = fileQueries.usage().queryKey;
    const nodeDetails = [...fileQueries.all, 'node'];
    const unsubscribe = [
      onLiveEvent('file.created', ({ data }) => {
        putNode(queryClient, data.node);
        void queryClient.invalidateQueries({ queryKey: usageKey });
      }),
      onLiveEvent('file.updated', ({ data }) => {
        const { node, previousParentId } = data;
        if (previousParentId !== node.parentId) dropNodes(queryClient, previousParentId, [node.id]);
        putNode(queryClient, node);
        // A renamed or moved folder changes the breadcrumbs of everything below it.
        if (node.type === 'folder') void queryClient.invalidateQueries({ queryKey: nodeDetails });
        if (node.type === 'file') void queryClient.invalidateQueries({ queryKey: usageKey });
      }),
      onLiveEvent('file.trashed', ({ data }) => {
        dropNodes(queryClient, data.node.parentId, [data.node.id]);
        void queryClient.invalidateQueries({ queryKey: trashKey });
        // The folder open here may be the one deleted, or inside it: its detail says so.
        if (data.node.type === 'folder') void queryClient.invalidateQueries({ queryKey: nodeDetails });
      }),
      onLiveEvent('file.restored', ({ data }) => {
        putNode(queryClient, data.node);
        queryClient.setQueryData(trashKey, (trash) => trash?.filter((node) => node.id !== data.node.id));
        void queryClient.invalidateQueries({ queryKey: trashKey });
      }),
    ];
    return () => {
      unsubscribe.forEach((stop) => stop());
      void queryClient.invalidateQueries({ queryKey: fileQueries.all, refetchType: 'none' });
    };
  }, [queryClient]);
}
