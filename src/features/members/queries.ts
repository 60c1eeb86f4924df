import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api, unwrap, type Member } from '@/api';

export const memberQueries = {
  all: ['members'] as const,
  /** The people and agents of the company. */
  list: () =>
    queryOptions({
      queryKey: [...memberQueries.all, 'list'] as const,
      queryFn: async ({ signal }) => (await unwrap(api.GET('/company/members', { signal }))).members,
      staleTime: 5 * 60_000,
    }),
};

/** Members by id, for names and avatars; empty until loaded. */
export function useMemberMap(): Map<string, Member> {
  const { data } = useQuery(memberQueries.list());
  return useMemo(() => new Map((data ?? []).map((member) => [member.id, member])), [data]);
}
