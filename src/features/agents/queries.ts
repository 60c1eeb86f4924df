import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

/** Activity items per page of an agent's activity. */
export const ACTIVITY_PAGE = 30;

/**
 * The agents feature's key factory: `['agents', 'list']` for the company's agents, and under
 * `['agents', id]` one agent, its tokens, its feedback and its activity.
 */
export const agentQueries = {
  all: ['agents'] as const,
  /** Every agent of the company, completed ones included (filtered on screen), by name. */
  list: () =>
    queryOptions({
      queryKey: [...agentQueries.all, 'list'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/agents', { signal })),
      staleTime: 30_000,
    }),
  /** Everything about one agent: the key its profile, tokens and feedback live under. */
  agent: (agentId: string) => [...agentQueries.all, agentId] as const,
  detail: (agentId: string) =>
    queryOptions({
      queryKey: [...agentQueries.agent(agentId), 'profile'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/agents/{agentId}', { params: { path: { agentId } }, signal })),
      staleTime: 30_000,
    }),
  /** Its tokens, revoked ones included (admins and the responsible person only). */
  tokens: (agentId: string) =>
    queryOptions({
      queryKey: [...agentQueries.agent(agentId), 'tokens'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/agents/{agentId}/tokens', { params: { path: { agentId } }, signal })),
    }),
  /** Thumbs up and down on its replies, with the latest comments (admins and the responsible person). */
  feedback: (agentId: string) =>
    queryOptions({
      queryKey: [...agentQueries.agent(agentId), 'feedback'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/agents/{agentId}/feedback', { params: { path: { agentId } }, signal })),
    }),
  /**
   * What it did on the company's cards, newest first, page by page: each next page is what came
   * before the last item held (`before` = its id).
   */
  activity: (agentId: string) =>
    infiniteQueryOptions({
      queryKey: [...agentQueries.agent(agentId), 'activity'] as const,
      queryFn: async ({ pageParam, signal }) =>
        (
          await unwrap(
            api.GET('/agents/{agentId}/activity', {
              params: { path: { agentId }, query: { limit: ACTIVITY_PAGE, before: pageParam } },
              signal,
            }),
          )
        ).items,
      initialPageParam: undefined as number | undefined,
      // A short page is the last one.
      getNextPageParam: (page) => (page.length < ACTIVITY_PAGE ? undefined : page.at(-1)?.id),
    }),
};
