import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const projectQueries = {
  all: ['projects'] as const,
  /** The company's projects, archived ones flagged. */
  list: () =>
    queryOptions({
      queryKey: [...projectQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await unwrap(api.GET('/projects', { signal }))).projects,
    }),
};

export const boardQueries = {
  all: ['board'] as const,
  /** A board: the project, its columns and their live cards, in order. */
  detail: (projectId: string) =>
    queryOptions({
      queryKey: [...boardQueries.all, projectId] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/projects/{projectId}', { params: { path: { projectId } }, signal })),
      // Live events keep the board fresh; refetch only on focus after a while away.
      staleTime: 60_000,
    }),
  /** One card in full (comment copies with ids, archived cards too). */
  card: (projectId: string, cardId: string) =>
    queryOptions({
      queryKey: [...boardQueries.all, projectId, 'card', cardId] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/projects/{projectId}/cards/{cardId}', { params: { path: { projectId, cardId } }, signal })),
    }),
};
