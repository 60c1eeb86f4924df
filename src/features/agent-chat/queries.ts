import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap, type AgentMessage, type AgentSession } from '@/api';
import { agentQueries } from '@/features/agents';

/** Sessions per page of a session list. */
export const SESSION_PAGE = 20;
/** Messages per request when reading a conversation (the server's largest page). */
export const MESSAGE_PAGE = 200;

/** The cached pages of a session list (`offset` pages, newest activity first). */
export type SessionPages = InfiniteData<AgentSession[], number>;

export const agentChatQueries = {
  all: ['agent-chat'] as const,
  /** Every session list, whatever its agent filter. */
  sessionLists: () => [...agentChatQueries.all, 'sessions'] as const,
  /** The caller's sessions (with one agent, or with all), newest activity first, page by page. */
  sessions: (agentId?: string) =>
    infiniteQueryOptions({
      queryKey: [...agentChatQueries.sessionLists(), agentId ?? 'all'] as const,
      queryFn: ({ pageParam, signal }) =>
        unwrap(
          api.GET('/agent-sessions', {
            params: { query: { agentId, limit: SESSION_PAGE, offset: pageParam } },
            signal,
          }),
        ),
      initialPageParam: 0,
      // A short page is the last one.
      getNextPageParam: (page, pages) =>
        page.length < SESSION_PAGE ? undefined : pages.reduce((sum, each) => sum + each.length, 0),
      staleTime: 30_000,
    }),
  /**
   * The agent a conversation is with: its name, and whether it takes new work (`status`). The
   * agents feature's own query, so both pages share one cache entry kept fresh by `agent.updated`.
   */
  agent: (agentId: string) => agentQueries.detail(agentId),
  /** One session: title, status, owner. */
  session: (agentId: string, sessionId: string) =>
    queryOptions({
      queryKey: [...agentChatQueries.all, 'session', sessionId] as const,
      queryFn: ({ signal }) =>
        unwrap(api.GET('/agents/{agentId}/sessions/{sessionId}', { params: { path: { agentId, sessionId } }, signal })),
    }),
  /** Every message of a session, oldest first: pages are read until a short one. */
  messages: (agentId: string, sessionId: string) =>
    queryOptions({
      queryKey: [...agentChatQueries.all, 'messages', sessionId] as const,
      queryFn: ({ signal }) => readAllMessages(agentId, sessionId, signal),
      // Live events keep the conversation current while it is open.
      staleTime: 30_000,
    }),
};

async function readAllMessages(agentId: string, sessionId: string, signal: AbortSignal): Promise<AgentMessage[]> {
  const messages: AgentMessage[] = [];
  for (;;) {
    const page = await unwrap(
      api.GET('/agents/{agentId}/sessions/{sessionId}/messages', {
        params: { path: { agentId, sessionId }, query: { limit: MESSAGE_PAGE, offset: messages.length } },
        signal,
      }),
    );
    messages.push(...page);
    if (page.length < MESSAGE_PAGE) return messages;
  }
}
