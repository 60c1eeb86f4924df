import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AgentDelegation, AgentMessage, AgentSession, Me, Member } from '@/api';
import { sessionQueries } from '@/features/auth';
import { delegationQueries } from '../queries';
import { CardAgent } from './card-agent';

/** Live events are handed to the handlers by the test (the stream is not opened). */
const live = vi.hoisted(() => ({ handlers: new Map<string, (event: unknown) => void>() }));
vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  onLiveEvent: (type: string, handler: (event: unknown) => void) => {
    live.handlers.set(type, handler);
    return () => live.handlers.delete(type);
  },
}));
// The conversation link is the router's; here, a plain link to where it points.
vi.mock('@tanstack/react-router', () => ({
  Link: ({ children, className }: { children: ReactNode; className?: string }) => (
    <a className={className} href="/conversation">
      {children}
    </a>
  ),
}));
function emit(event: string, data: Record<string, unknown>) {
  act(() => live.handlers.get(event)?.({ id: '1', event, data }));
}

const projectId = 'p1';
const ada = { id: 'u-ada', name: 'Ada Lovelace' };
const cafebot: Member = {
  id: 'a-cafe',
  kind: 'agent',
  name: 'Cafébot',
  manager: null,
  status: 'active',
  teamId: null,
  title: 'Drafts support replies',
};
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();
const delegation: AgentDelegation = {
  cardId: 'c1',
  projectId,
  sessionId: 's1',
  agentId: cafebot.id,
  accountable: ada,
  status: 'working',
  updatedAt: at(0),
};
const asked: AgentMessage = {
  id: 'm0',
  sessionId: 's1',
  agentId: cafebot.id,
  role: 'user',
  author: { kind: 'human', ...ada },
  text: 'Work on “Write brief”',
  status: 'complete',
  activity: [],
  createdAt: at(0),
  updatedAt: at(0),
};
const reply: AgentMessage = {
  ...asked,
  id: 'm1',
  role: 'agent',
  author: { kind: 'agent', id: cafebot.id, name: 'Cafébot' },
  text: 'Reading',
  status: 'streaming',
  activity: [{ id: 'x1', type: 'action', text: 'Read the card', tool: 'getCard', at: at(1) }],
  createdAt: at(1),
  updatedAt: at(1),
};

function me(userId: string, role: 'admin' | 'member'): Me {
  return {
    company: { id: 'co', name: 'Acme' },
    credential: { kind: 'session', expiresAt: at(59) },
    permissions: {
      editOrganization: false,
      manageAgents: false,
      manageApiKeys: false,
      manageBilling: false,
      manageCompanyFiles: false,
      manageIntegrations: false,
      manageContent: false,
      manageMembers: false,
    },
    role,
    user: { id: userId, version: 1, name: userId, email: `${userId}@acme.example`, title: '', createdAt: at(0) },
  };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server: the session's messages as `messages` holds them; a stop answers the session, stopped. */
function serve(messages: AgentMessage[]) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname;
      calls.push(`${request.method} ${path}`);
      if (path.endsWith('/stop')) {
        const stopped: AgentSession = {
          id: 's1',
          agentId: cafebot.id,
          title: 'Work on “Write brief”',
          status: 'stopped',
          owner: ada,
          card: { projectId, cardId: 'c1', title: 'Write brief' },
          createdAt: at(0),
          updatedAt: at(5),
          lastMessageAt: at(5),
        };
        return json(stopped);
      }
      return json(messages);
    }),
  );
  return calls;
}

function renderSection(user: Me) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  client.setQueryData(sessionQueries.me().queryKey, user);
  client.setQueryData(delegationQueries.list(projectId).queryKey, [delegation]);
  render(
    <QueryClientProvider client={client}>
      <CardAgent projectId={projectId} card={{ id: 'c1', assignee: cafebot.id }} agent={cafebot} />
    </QueryClientProvider>,
  );
  return within(screen.getByRole('region', { name: 'Agent' }));
}

describe('the card panel’s Agent section', () => {
  beforeEach(() => live.handlers.clear());
  afterEach(() => vi.unstubAllGlobals());

  it('shows the agent, who is accountable, the state and the session so far', async () => {
    serve([asked, reply]);
    const section = renderSection(me(ada.id, 'member'));
    expect(section.getByText('Working')).toBeTruthy();
    expect(section.getByText('Ada Lovelace', { selector: 'dd' })).toBeTruthy();
    const log = await section.findByRole('list', { name: 'Agent activity' });
    expect(log.textContent).toContain('Work on “Write brief”');
    expect(within(log).getByRole('list', { name: 'Steps by Cafébot' }).textContent).toContain('getCard');
    expect(log.textContent).toContain('Writing…');
  });

  it('the accountable person and admins may stop it; a colleague may not', async () => {
    serve([asked]);
    const section = renderSection(me('u-max', 'member'));
    await section.findByRole('list', { name: 'Agent activity' });
    expect(section.queryByRole('button', { name: 'Stop Cafébot' })).toBeNull();
  });

  it('stopping shows the session stopped and reads the server’s note', async () => {
    const user = userEvent.setup();
    const messages = [asked, reply];
    const calls = serve(messages);
    const section = renderSection(me('u-grace', 'admin'));
    await section.findByRole('list', { name: 'Agent activity' });
    messages.push({ ...asked, id: 'm2', role: 'system', author: null, text: 'Stopped by Grace.', createdAt: at(5) });
    await user.click(section.getByRole('button', { name: 'Stop Cafébot' }));
    await waitFor(() => expect(section.getByText('Stopped')).toBeTruthy());
    expect(section.queryByRole('button', { name: 'Stop Cafébot' })).toBeNull();
    await waitFor(() => expect(section.getByText('Stopped by Grace.')).toBeTruthy());
    expect(calls).toContain(`POST /api/agents/${cafebot.id}/sessions/s1/stop`);
  });

  it('the agent’s work arrives live: new replies, streamed pieces, finished replies', async () => {
    const messages = [asked];
    const calls = serve(messages);
    const section = renderSection(me(ada.id, 'member'));
    const log = await section.findByRole('list', { name: 'Agent activity' });

    emit('agent.message.created', { agentId: cafebot.id, sessionId: 's1', message: reply });
    await waitFor(() => expect(log.textContent).toContain('Reading'));
    emit('agent.message.appended', {
      agentId: cafebot.id,
      sessionId: 's1',
      messageId: 'm1',
      offset: 7,
      text: ' the card.',
      activity: [{ id: 'x2', type: 'thought', text: 'Needs a price list', at: at(2) }],
    });
    await waitFor(() => expect(log.textContent).toContain('Reading the card.'));
    await waitFor(() => expect(log.textContent).toContain('Needs a price list'));
    // Another session's events change nothing here.
    emit('agent.message.created', {
      agentId: cafebot.id,
      sessionId: 's9',
      message: { ...reply, id: 'm9', text: 'Elsewhere' },
    });
    const finished = { ...reply, text: 'Reading the card. Done.', status: 'complete' as const, updatedAt: at(3) };
    emit('agent.message.updated', { agentId: cafebot.id, sessionId: 's1', message: finished });
    await waitFor(() => expect(log.textContent).toContain('Reading the card. Done.'));
    await waitFor(() => expect(log.textContent).not.toContain('Writing…'));
    expect(log.textContent).not.toContain('Elsewhere');

    // A piece that does not follow what is held: the messages are read again.
    const reads = calls.filter((call) => call.startsWith('GET')).length;
    messages.push(finished);
    emit('agent.message.appended', {
      agentId: cafebot.id,
      sessionId: 's1',
      messageId: 'm1',
      offset: 99,
      text: 'x',
      activity: [],
    });
    await waitFor(() => expect(calls.filter((call) => call.startsWith('GET')).length).toBe(reads + 1));
  });
});
