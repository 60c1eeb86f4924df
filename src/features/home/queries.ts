import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const homeQueries = {
  all: ['home'] as const,
  /** Cards assigned to the signed-in person, most urgent first, each with its board and column. */
  cards: () =>
    queryOptions({
      queryKey: [...homeQueries.all, 'cards'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/users/me/cards', { signal })),
    }),
  /** Recent changes by others to their cards and threads, newest first. */
  activity: () =>
    queryOptions({
      queryKey: [...homeQueries.all, 'activity'] as const,
      queryFn: async ({ signal }) => (await unwrap(api.GET('/users/me/activity', { signal }))).items,
    }),
};
