import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { readSettled } from './live-reads';

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

/** The card panel shows a session's first messages up to this many (the conversation page has them all). */
export const MESSAGES_SHOWN = 200;

export const delegationQueries = {
  all: ['delegations'] as const,
  /**
   * A board's delegated cards: the latest agent session of each card assigned to an agent. Its own
   * query beside the board's (one request per board, never one per card), kept fresh by live events.
   */
  list: (projectId: string) =>
    queryOptions({
      queryKey: [...delegationQueries.all, projectId] as const,
      queryFn: ({ signal }) =>
        readSettled(delegationQueries.subject(projectId), () =>
          unwrap(api.GET('/projects/{projectId}/delegations', { params: { path: { projectId } }, signal })),
        ),
      staleTime: 60_000,
    }),
  /** A delegated card's session: the agent's steps and replies, oldest first (live events append). */
  messages: (agentId: string, sessionId: string) =>
    queryOptions({
      queryKey: [...delegationQueries.all, 'session', sessionId, 'messages'] as const,
      queryFn: ({ signal }) =>
        readSettled(delegationQueries.messagesSubject(sessionId), () =>
          unwrap(
            api.GET('/agents/{agentId}/sessions/{sessionId}/messages', {
              params: { path: { agentId, sessionId }, query: { limit: MESSAGES_SHOWN } },
              signal,
            }),
          ),
        ),
    }),
  /** What live events change (see `readSettled`): a board's delegations, a session's messages. */
  subject: (projectId: string) => `delegations:${projectId}`,
  messagesSubject: (sessionId: string) => `session-messages:${sessionId}`,
};
