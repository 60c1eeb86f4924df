import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

export const sessionQueries = {
  all: ['session'] as const,
  /** The signed-in user, their company, role and permissions. */
  me: () =>
    queryOptions({
      queryKey: [...sessionQueries.all, 'me'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/users/me', { signal })),
      staleTime: 60_000,
    }),
};

/** The signed-in user; only inside the signed-in layout, which loads it before rendering. */
export function useMe() {
  return useSuspenseQuery(sessionQueries.me()).data;
}
