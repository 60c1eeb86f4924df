import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const wikiQueries = {
  all: ['wiki'] as const,
  /** Everything of one project's wiki (tree, archived list, pages). */
  project: (projectId: string) => [...wikiQueries.all, projectId] as const,
  /** The live pages of a project: flat, ordered by parent then position. */
  tree: (projectId: string) =>
    queryOptions({
      queryKey: [...wikiQueries.project(projectId), 'tree'] as const,
      queryFn: async ({ signal }) =>
        (
          await unwrap(
            api.GET('/projects/{projectId}/wiki', {
              params: { path: { projectId }, query: { archived: 'false' } },
              signal,
            }),
          )
        ).pages,
      // Live events keep the tree fresh.
      staleTime: 60_000,
    }),
  /** The archived pages of a project (shown on request, to restore them). */
  archived: (projectId: string) =>
    queryOptions({
      queryKey: [...wikiQueries.project(projectId), 'archived'] as const,
      queryFn: async ({ signal }) =>
        (
          await unwrap(
            api.GET('/projects/{projectId}/wiki', {
              params: { path: { projectId }, query: { archived: 'true' } },
              signal,
            }),
          )
        ).pages,
    }),
  /** One page with its Markdown. */
  page: (projectId: string, pageId: string) =>
    queryOptions({
      queryKey: [...wikiQueries.project(projectId), 'page', pageId] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/projects/{projectId}/wiki/{pageId}', { params: { path: { projectId, pageId } }, signal })),
      // The editor decides when a newer revision is shown (live events, saves); no refetch on focus.
      staleTime: Infinity,
      refetchOnWindowFocus: false,
    }),
};

/** The text and title of one revision (the base a draft was typed on, to merge it). */
export async function loadRevisionText(
  projectId: string,
  pageId: string,
  revisionId: string,
): Promise<{ markdown: string; title: string }> {
  const revision = await unwrap(
    api.GET('/projects/{projectId}/wiki/{pageId}/revisions/{revisionId}', {
      params: { path: { projectId, pageId, revisionId } },
    }),
  );
  return { markdown: revision.markdown, title: revision.title };
}
