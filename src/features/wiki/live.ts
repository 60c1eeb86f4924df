import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, type LiveEventType, type LivePayloads } from '@/api';
import { patchTreeRow } from './mutations';
import { wikiQueries } from './queries';
import { movePage } from './tree';

/**
 * Keeps a project's page tree in step with colleagues (and other tabs): pages created, renamed
 * by a save, moved, archived and restored. The open page follows its own saves (`usePageAutosave`).
 */
export function useWikiTreeLive(projectId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const treeKey = wikiQueries.tree(projectId).queryKey;
    const onProject = <T extends LiveEventType>(type: T, handler: (data: LivePayloads[T]) => void) =>
      onLiveEvent(type, (event) => {
        const data = event.data as { projectId?: string };
        if (data.projectId === projectId) handler(event.data);
      });
    const refetchTree = () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: treeKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: wikiQueries.archived(projectId).queryKey, exact: true }),
        queryClient.invalidateQueries({ queryKey: [...wikiQueries.project(projectId), 'page'], refetchType: 'none' }),
      ]);
    const unsubscribe = [
      onProject('wiki.page.created', ({ page }) =>
        queryClient.setQueryData(treeKey, (pages) =>
          pages && !pages.some((item) => item.id === page.id) ? [...pages, page] : pages,
        ),
      ),
      onProject('wiki.page.saved', ({ pageId, revisionId, title, author }) => {
        patchTreeRow(queryClient, projectId, pageId, { revisionId, title, updatedBy: author });
        // A page not open here is read again when it is next opened.
        void queryClient.invalidateQueries({
          queryKey: wikiQueries.page(projectId, pageId).queryKey,
          refetchType: 'none',
        });
      }),
      onProject('wiki.page.moved', ({ pageId, parentId, position }) =>
        queryClient.setQueryData(treeKey, (pages) => pages && movePage(pages, pageId, parentId ?? null, position)),
      ),
      onProject('wiki.page.archived', () => void refetchTree()),
      onProject('wiki.page.restored', () => void refetchTree()),
    ];
    return () => unsubscribe.forEach((stop) => stop());
  }, [projectId, queryClient]);
}
