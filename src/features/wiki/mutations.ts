import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, errorMessage, unwrap, type WikiPage, type WikiPageSummary } from '@/api';
import { toast } from '@/ui';
import { wikiQueries } from './queries';
import { movePage, subtreeOf } from './tree';

/** A page's summary (what the tree holds), from the page. */
export function summaryOf(page: WikiPage): WikiPageSummary {
  const { markdown: _markdown, ...summary } = page;
  return summary;
}

/** Puts a page the server returned in the cache: its own entry and its row in the tree. */
export function storePage(queryClient: QueryClient, page: WikiPage) {
  queryClient.setQueryData(wikiQueries.page(page.projectId, page.id).queryKey, page);
  patchTreeRow(queryClient, page.projectId, page.id, summaryOf(page));
}

/** Changes one row of the tree (title, revision, …), if the tree is cached and has it. */
export function patchTreeRow(
  queryClient: QueryClient,
  projectId: string,
  pageId: string,
  patch: Partial<WikiPageSummary>,
) {
  queryClient.setQueryData(wikiQueries.tree(projectId).queryKey, (pages) =>
    pages?.map((page) => (page.id === pageId ? { ...page, ...patch } : page)),
  );
}

export type CreatePageInput = { projectId: string; title: string; parentId?: string | null; markdown?: string };

/** Creates a page (at the end of its parent's children); the tree shows it once the server has it. */
export function useCreatePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ projectId, ...body }: CreatePageInput) =>
      unwrap(api.POST('/projects/{projectId}/wiki', { params: { path: { projectId } }, body })),
    onSuccess: (page) => {
      queryClient.setQueryData(wikiQueries.page(page.projectId, page.id).queryKey, page);
      queryClient.setQueryData(wikiQueries.tree(page.projectId).queryKey, (pages) =>
        pages && !pages.some((item) => item.id === page.id) ? [...pages, summaryOf(page)] : pages,
      );
    },
  });
}

export type MoveInput = { pageId: string; parentId: string | null; position: number; title: string };

/**
 * Moves a page in the tree: shown at once, then the server's tree stands; a refused move (a
 * cycle, a page gone) is rolled back with the server's message.
 */
export function useMovePage(projectId: string) {
  const queryClient = useQueryClient();
  const key = wikiQueries.tree(projectId).queryKey;
  return useMutation({
    mutationKey: ['wiki-move', projectId],
    mutationFn: ({ pageId, parentId, position }: MoveInput) =>
      unwrap(
        api.POST('/projects/{projectId}/wiki/{pageId}/move', {
          params: { path: { projectId, pageId } },
          body: { parentId, position },
        }),
      ),
    onMutate: async ({ pageId, parentId, position }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      if (previous) queryClient.setQueryData(key, movePage(previous, pageId, parentId, position));
      return { previous };
    },
    onSuccess: ({ pages }) => queryClient.setQueryData(key, pages),
    onError: (error, { title }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast('error', `Could not move “${title}”`, errorMessage(error));
    },
  });
}

/** Archives a page and the pages under it: they leave the tree at once; a refusal puts them back. */
export function useArchivePage(projectId: string) {
  const queryClient = useQueryClient();
  const key = wikiQueries.tree(projectId).queryKey;
  return useMutation({
    mutationFn: ({ pageId }: { pageId: string; title: string }) =>
      unwrap(api.POST('/projects/{projectId}/wiki/{pageId}/archive', { params: { path: { projectId, pageId } } })),
    onMutate: async ({ pageId }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      if (previous) {
        const gone = subtreeOf(previous, pageId);
        queryClient.setQueryData(
          key,
          previous.filter((page) => !gone.has(page.id)),
        );
      }
      return { previous };
    },
    onSuccess: ({ pages }, { title }) => {
      queryClient.setQueryData(key, pages);
      void refreshPagesAndArchive(queryClient, projectId);
      toast('success', `Archived “${title}”`, 'Show archived pages at the bottom of the tree to restore it.');
    },
    onError: (error, { title }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast('error', `Could not archive “${title}”`, errorMessage(error));
    },
  });
}

/** Restores an archived page with the pages archived with it. */
export function useRestorePage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId }: { pageId: string; title: string }) =>
      unwrap(api.POST('/projects/{projectId}/wiki/{pageId}/restore', { params: { path: { projectId, pageId } } })),
    onSuccess: ({ pages }, { title }) => {
      queryClient.setQueryData(wikiQueries.tree(projectId).queryKey, pages);
      void refreshPagesAndArchive(queryClient, projectId);
      toast('success', `Restored “${title}”`);
    },
    onError: (error, { title }) => toast('error', `Could not restore “${title}”`, errorMessage(error)),
  });
}

/** After archiving or restoring: the archived list and the pages' `archivedAt` are read again. */
function refreshPagesAndArchive(queryClient: QueryClient, projectId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: wikiQueries.archived(projectId).queryKey }),
    queryClient.invalidateQueries({ queryKey: [...wikiQueries.project(projectId), 'page'] }),
  ]);
}

export type SaveBody = { baseRevisionId: string; title?: string; markdown?: string; summary?: string };
export type SaveOutcome = { status: 'saved'; page: WikiPage } | { status: 'conflict'; page: WikiPage };

/**
 * Saves a page on top of `baseRevisionId`. A stale base is not an error here: it answers the
 * page as it now is, for the editor to merge or ask. Anything else throws an ApiError.
 */
export async function savePage(projectId: string, pageId: string, body: SaveBody): Promise<SaveOutcome> {
  const call = api.PATCH('/projects/{projectId}/wiki/{pageId}', { params: { path: { projectId, pageId } }, body });
  const result = await call.catch(() => null);
  // The request never got an answer: `unwrap` turns that into the app's network error.
  if (!result) return { status: 'saved', page: await unwrap(call) };
  const conflict = result.error as { code?: string; page?: WikiPage } | undefined;
  if (result.response.status === 412 && conflict?.code === 'REVISION_CONFLICT' && conflict.page)
    return { status: 'conflict', page: conflict.page };
  return { status: 'saved', page: await unwrap(Promise.resolve(result)) };
}
