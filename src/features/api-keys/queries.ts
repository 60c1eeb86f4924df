import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const apiKeyQueries = {
  all: ['api-keys'] as const,
  /** The signed-in user's live keys, newest first. */
  list: () =>
    queryOptions({
      queryKey: [...apiKeyQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await unwrap(api.GET('/users/api-keys', { signal }))).apiKeys,
    }),
};
