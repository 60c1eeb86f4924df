import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const teamQueries = {
  all: ['teams'] as const,
  list: () =>
    queryOptions({
      queryKey: [...teamQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await unwrap(api.GET('/company/teams', { signal }))).teams,
      staleTime: 5 * 60_000,
    }),
};
