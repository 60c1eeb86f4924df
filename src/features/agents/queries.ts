import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';

/**
 * The agents feature's key factory: `['agents', 'list']` for the company's agents, and under
 * `['agents', id]` one agent, its tokens and its feedback.
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
};
