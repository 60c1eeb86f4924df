import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

/**
 * The integrations feature's key factory: under `['integrations']` the provider catalog, the
 * connections the caller sees, and each agent's grants.
 */
export const integrationQueries = {
  all: ['integrations'] as const,
  /** The providers one can connect (a static catalog): their names and credential fields. */
  providers: () =>
    queryOptions({
      queryKey: [...integrationQueries.all, 'providers'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/integrations/providers', { signal })),
      staleTime: Infinity,
    }),
  /** The company's connections and the caller's personal ones, revoked ones included, by name. */
  connections: () =>
    queryOptions({
      queryKey: [...integrationQueries.all, 'connections'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/integrations/connections', { signal })),
      staleTime: 30_000,
    }),
  /** Every agent's grants: the key to refresh them all (a connection revoked changes several). */
  allGrants: () => [...integrationQueries.all, 'grants'] as const,
  /** One agent's grants, each with its connection's provider, name and status. */
  grants: (agentId: string) =>
    queryOptions({
      queryKey: [...integrationQueries.allGrants(), agentId] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/agents/{agentId}/integration-grants', { params: { path: { agentId } }, signal })),
    }),
};
