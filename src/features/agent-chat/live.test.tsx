import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as api from '@/api';
import { useConversationLive } from './live';
import { agentChatQueries } from './queries';
import type { AgentMessage, AgentSession } from './types';

/** The handlers the hook subscribed, by event type, so a test can play the live stream. */
const handlers = new Map<string, (event: { id: string; event: string; data: unknown }) => void>();

vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  onLiveEvent: (type: string, handler: (event: { id: string; event: string; data: unknown }) => void) => {
    handlers.set(type, handler);
    return () => handlers.delete(type);
  },
  onLiveResync: () => () => undefined,
}));

const at = '2026-01-01T10:00:00.000Z';
const reply: AgentMessage = {
  id: 'reply-1',
  sessionId: 'session-1',
  agentId: 'agent-1',
  role: 'agent',
  author: { kind: 'agent', id: 'agent-1', name: 'Cafébot' },
  text: '',
  status: 'streaming',
  activity: [],
  createdAt: at,
  updatedAt: at,
};

function play(event: string, data: unknown) {
  const handler = handlers.get(event);
  if (!handler) throw new Error(`nothing listens to ${event}`);
  handler({ id: '1', event, data });
}

const piece = (offset: number, text: string, sessionId = 'session-1') => ({
  agentId: 'agent-1',
  sessionId,
  messageId: 'reply-1',
  offset,
  text,
  activity: [],
});

describe('useConversationLive', () => {
  const key = agentChatQueries.messages('agent-1', 'session-1').queryKey;
  let queryClient: QueryClient;
  let onReplyDone: ReturnType<typeof vi.fn<(message: AgentMessage) => void>>;

  beforeEach(() => {
    handlers.clear();
    queryClient = new QueryClient();
    queryClient.setQueryData(key, []);
    onReplyDone = vi.fn<(message: AgentMessage) => void>();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useConversationLive('agent-1', 'session-1', onReplyDone), { wrapper });
  });

  it('shows a streaming reply piece by piece, then announces it once finished', () => {
    play('agent.message.created', { agentId: 'agent-1', sessionId: 'session-1', message: reply });
    play('agent.message.appended', piece(0, 'Found '));
    play('agent.message.appended', piece(6, 'two cards.'));
    expect(queryClient.getQueryData(key)?.[0]?.text).toBe('Found two cards.');
    expect(onReplyDone).not.toHaveBeenCalled();
    play('agent.message.updated', {
      agentId: 'agent-1',
      sessionId: 'session-1',
      message: { ...reply, text: 'Found two cards.', status: 'complete' },
    });
    expect(queryClient.getQueryData(key)?.[0]?.status).toBe('complete');
    expect(onReplyDone).toHaveBeenCalledTimes(1);
  });

  it('reads the conversation again when a piece does not fit the text held', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    play('agent.message.created', { agentId: 'agent-1', sessionId: 'session-1', message: reply });
    play('agent.message.appended', piece(6, 'two cards.'));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: key });
    expect(queryClient.getQueryData(key)?.[0]?.text).toBe('');
  });

  it('leaves other conversations’ events alone', () => {
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    play('agent.message.appended', piece(0, 'Hello', 'session-2'));
    play('agent.message.created', {
      agentId: 'agent-1',
      sessionId: 'session-2',
      message: { ...reply, sessionId: 'session-2' },
    });
    expect(invalidate).not.toHaveBeenCalled();
    expect(queryClient.getQueryData(key)).toEqual([]);
  });
});

describe('useConversationLive and the session’s state', () => {
  const sessionKey = agentChatQueries.session('agent-1', 'session-1').queryKey;
  const session = (status: AgentSession['status']): AgentSession => ({
    id: 'session-1',
    agentId: 'agent-1',
    title: 'find roadmap',
    status,
    owner: { id: 'user-1', name: 'Max' },
    card: null,
    createdAt: at,
    updatedAt: at,
    lastMessageAt: at,
  });

  /** The conversation's session query (reading `read`) and the live hook, as the page mounts them. */
  function mount(queryClient: QueryClient, read: () => Promise<AgentSession>) {
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    return renderHook(
      () => {
        const query = useQuery({ queryKey: sessionKey, queryFn: read, staleTime: Infinity });
        useConversationLive('agent-1', 'session-1', () => undefined);
        return query;
      },
      { wrapper },
    );
  }

  beforeEach(() => handlers.clear());

  it('a session cached before it listened (a conversation just started) is read again once it listens', async () => {
    const queryClient = new QueryClient();
    // The first message's answer: working. The agent answered before the page listened.
    queryClient.setQueryData(sessionKey, session('working'));
    const read = vi.fn(async () => session('open'));
    const { result } = mount(queryClient, read);
    await waitFor(() => expect(result.current.data?.status).toBe('open'));
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a read on its way when the state changes cannot put back the state from before', async () => {
    const queryClient = new QueryClient();
    let server = session('working');
    const answers: ((value: AgentSession) => void)[] = [];
    // Each read answers when the test says, with the state the server had when it was asked.
    const read = vi.fn(() => {
      const asked = server;
      return new Promise<AgentSession>((resolve) => answers.push(() => resolve(asked)));
    });
    const { result } = mount(queryClient, read);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(1));
    server = session('open');
    play('agent.session.updated', { session: server });
    await waitFor(() => expect(result.current.data?.status).toBe('open'));
    // The first read answers late, from before the change; a second read was started after it.
    answers[0]!(server);
    await waitFor(() => expect(read).toHaveBeenCalledTimes(2));
    answers[1]!(server);
    await waitFor(() => expect(result.current.isFetching).toBe(false));
    expect(result.current.data?.status).toBe('open');
  });
});
