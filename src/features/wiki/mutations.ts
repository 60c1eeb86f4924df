import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { api, ApiError, errorMessage, unwrap, type WikiPage, type WikiPageSummary } from '@/api';
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

export type ArchiveInput = {
  pageId: string;
  title: string;
  /** After Undo put the page back where it was (to show it, or focus its row). */
  onUndone?: () => void;
};

/**
 * Archives a page and the pages under it: they leave the tree at once; a refusal puts them back.
 * The toast that says so offers Undo, which restores them to the same place.
 */
export function useArchivePage(projectId: string) {
  const queryClient = useQueryClient();
  const key = wikiQueries.tree(projectId).queryKey;
  return useMutation({
    mutationFn: ({ pageId }: ArchiveInput) =>
      unwrap(api.POST('/projects/{projectId}/wiki/{pageId}/archive', { params: { path: { projectId, pageId } } })),
    onMutate: async ({ pageId }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const previous = queryClient.getQueryData(key);
      const page = previous?.find((item) => item.id === pageId);
      let subpages = 0;
      if (previous) {
        const gone = subtreeOf(previous, pageId);
        subpages = gone.size - 1;
        queryClient.setQueryData(
          key,
          previous.filter((item) => !gone.has(item.id)),
        );
      }
      const place = page ? { parentId: page.parentId ?? null, position: page.position } : undefined;
      return { previous, subpages, place };
    },
    onSuccess: ({ pages }, { pageId, title, onUndone }, context) => {
      queryClient.setQueryData(key, pages);
      void refreshPagesAndArchive(queryClient, projectId);
      toast('success', archivedMessage(title, context.subpages), undefined, {
        action: {
          label: 'Undo',
          onAction: () =>
            void restorePage(queryClient, projectId, pageId, context.place).then(
              () => {
                toast('success', `Restored “${title}”`);
                onUndone?.();
              },
              (error: unknown) => toast('error', `Could not restore “${title}”`, errorMessage(error)),
            ),
        },
      });
    },
    onError: (error, { title }, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
      toast('error', `Could not archive “${title}”`, errorMessage(error));
    },
  });
}

/** “Archived “Budget”” and, when pages went with it, how many. */
export function archivedMessage(title: string, subpages: number) {
  if (subpages <= 0) return `Archived “${title}”`;
  return `Archived “${title}” and ${subpages} ${subpages === 1 ? 'subpage' : 'subpages'}`;
}

/**
 * Restores an archived page (with the pages archived with it); the server puts it last among its
 * parent's pages, so an Undo moves it back to `place`, where it was, when that parent is live.
 */
async function restorePage(
  queryClient: QueryClient,
  projectId: string,
  pageId: string,
  place?: { parentId: string | null; position: number },
) {
  let { pages } = await unwrap(
    api.POST('/projects/{projectId}/wiki/{pageId}/restore', { params: { path: { projectId, pageId } } }),
  );
  const restored = pages.find((page) => page.id === pageId);
  const parentLive = place?.parentId == null || pages.some((page) => page.id === place.parentId);
  if (
    place &&
    restored &&
    parentLive &&
    ((restored.parentId ?? null) !== place.parentId || restored.position !== place.position)
  ) {
    ({ pages } = await unwrap(
      api.POST('/projects/{projectId}/wiki/{pageId}/move', {
        params: { path: { projectId, pageId } },
        body: { parentId: place.parentId, position: place.position },
      }),
    ));
  }
  queryClient.setQueryData(wikiQueries.tree(projectId).queryKey, pages);
  void refreshPagesAndArchive(queryClient, projectId);
  return pages;
}

/** Restores an archived page with the pages archived with it. */
export function useRestorePage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ pageId }: { pageId: string; title: string }) => restorePage(queryClient, projectId, pageId),
    onSuccess: (_pages, { title }) => toast('success', `Restored “${title}”`),
    onError: (error, { title }) => toast('error', `Could not restore “${title}”`, errorMessage(error)),
  });
}

/**
 * Renames a page (a save of its title alone). The title does not depend on the text, so a newer
 * revision of the page (a colleague's save meanwhile) is not a conflict: it is renamed on top.
 */
export function useRenamePage(projectId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ page, title }: { page: WikiPageSummary; title: string }) => {
      let outcome = await savePage(projectId, page.id, { baseRevisionId: page.revisionId, title });
      if (outcome.status === 'conflict')
        outcome = await savePage(projectId, page.id, { baseRevisionId: outcome.page.revisionId, title });
      if (outcome.status === 'conflict')
        throw new ApiError(412, 'The page changed while it was renamed: try again.', 'REVISION_CONFLICT');
      return outcome.page;
    },
    onSuccess: (page) => storePage(queryClient, page),
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
