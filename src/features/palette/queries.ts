import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const searchQueries = {
  /** Search results for a query; a newer query cancels the older request. */
  results: (q: string, searchable = true) =>
    queryOptions({
      queryKey: ['search', q] as const,
      queryFn: async ({ signal }) =>
        (await unwrap(api.GET('/search', { params: { query: { q, limit: 30 } }, signal }))).results,
      enabled: searchable && q.trim().length > 0,
      staleTime: 15_000,
      placeholderData: keepPreviousData,
    }),
};
