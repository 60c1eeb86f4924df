import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api, onLiveEvent, onLiveResync, unwrap, type WikiPage } from '@/api';
import { toast } from '@/ui';

/** Revisions per request of the history list. */
export const REVISION_PAGE_SIZE = 50;

export const revisionQueries = {
  /** Everything cached about one page's revisions (the list and the revisions read). */
  all: (projectId: string, pageId: string) => ['wiki', projectId, 'revisions', pageId] as const,
  /** The page's revisions, newest first, a page at a time (`nextBefore` asks for older ones). */
  list: (projectId: string, pageId: string) =>
    infiniteQueryOptions({
      queryKey: [...revisionQueries.all(projectId, pageId), 'list'] as const,
      queryFn: ({ pageParam, signal }) =>
        unwrap(
          api.GET('/projects/{projectId}/wiki/{pageId}/revisions', {
            params: {
              path: { projectId, pageId },
              query: pageParam ? { limit: REVISION_PAGE_SIZE, before: pageParam } : { limit: REVISION_PAGE_SIZE },
            },
            signal,
          }),
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextBefore,
    }),
  /** One revision with its Markdown. A revision never changes, so it is read once. */
  detail: (projectId: string, pageId: string, revisionId: string) =>
    queryOptions({
      queryKey: [...revisionQueries.all(projectId, pageId), 'detail', revisionId] as const,
      queryFn: ({ signal }) =>
        unwrap(
          api.GET('/projects/{projectId}/wiki/{pageId}/revisions/{revisionId}', {
            params: { path: { projectId, pageId, revisionId } },
            signal,
          }),
        ),
      staleTime: Infinity,
    }),
};

/**
 * Restores a revision: the server makes a new revision with its title and text (the current text
 * stays in the history). `onRestored` gets the page as it now is, for whoever holds the page
 * (the page's own query, the editor); the history is read again. A refusal is the mutation's
 * error, for the confirmation to show.
 */
export function useRestoreRevision(projectId: string, pageId: string, onRestored?: (page: WikiPage) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (revision: { id: string; number: number }) =>
      unwrap(
        api.POST('/projects/{projectId}/wiki/{pageId}/revisions/{revisionId}/restore', {
          params: { path: { projectId, pageId, revisionId: revision.id } },
        }),
      ),
    onSuccess: (page, revision) => {
      onRestored?.(page);
      toast('success', `Restored revision ${revision.number}`, 'The text it replaced stays in the history.');
      return queryClient.invalidateQueries({ queryKey: revisionQueries.list(projectId, pageId).queryKey });
    },
  });
}

/**
 * Keeps the open history current: a colleague's save (or restore) of this page, or a gap in the
 * live stream, reads the list again. Revisions themselves never change, so they stay cached.
 */
export function useRevisionsLive(projectId: string, pageId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () =>
      void queryClient.invalidateQueries({ queryKey: revisionQueries.list(projectId, pageId).queryKey });
    const stops = [
      onLiveEvent('wiki.page.saved', ({ data }) => {
        if (data.pageId === pageId) refresh();
      }),
      onLiveResync(refresh),
    ];
    return () => stops.forEach((stop) => stop());
  }, [projectId, pageId, queryClient]);
}
