import { describe, expect, it } from 'vitest';
import type { AgentDelegation, AgentMessage, AgentSession } from '@/api';
import {
  canStop,
  delegationOf,
  delegationsByCard,
  delegationSummary,
  withAppended,
  withMessage,
  withSession,
} from './delegation-state';

const ada = { id: 'u-ada', name: 'Ada Lovelace' };
const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 9, minute)).toISOString();

function delegation(overrides: Partial<AgentDelegation> = {}): AgentDelegation {
  return {
    cardId: 'c1',
    projectId: 'p1',
    sessionId: 's1',
    agentId: 'a-cafe',
    accountable: ada,
    status: 'working',
    updatedAt: at(0),
    ...overrides,
  };
}

function session(overrides: Partial<AgentSession> = {}): AgentSession {
  return {
    id: 's1',
    agentId: 'a-cafe',
    title: 'Work on “Write brief”',
    status: 'working',
    owner: ada,
    card: { projectId: 'p1', cardId: 'c1', title: 'Write brief' },
    createdAt: at(0),
    updatedAt: at(0),
    lastMessageAt: at(0),
    ...overrides,
  };
}

function message(overrides: Partial<AgentMessage> = {}): AgentMessage {
  return {
    id: 'm1',
    sessionId: 's1',
    agentId: 'a-cafe',
    role: 'agent',
    author: { kind: 'agent', id: 'a-cafe', name: 'Cafébot' },
    text: '',
    status: 'streaming',
    activity: [],
    createdAt: at(1),
    updatedAt: at(1),
    ...overrides,
  };
}

describe('which delegation a card shows', () => {
  const map = delegationsByCard([delegation()]);

  it('shows the latest session while the card is assigned to its agent', () => {
    expect(delegationOf(map, { id: 'c1', assignee: 'a-cafe' })?.sessionId).toBe('s1');
  });

  it('shows none once the card is un-assigned or given to someone else', () => {
    expect(delegationOf(map, { id: 'c1' })).toBeUndefined();
    expect(delegationOf(map, { id: 'c1', assignee: 'a-triage' })).toBeUndefined();
    expect(delegationOf(map, { id: 'c2', assignee: 'a-cafe' })).toBeUndefined();
  });
});

describe('a session update on the board', () => {
  it('adds a newly delegated card', () => {
    const list = withSession([], 'p1', session());
    expect(list).toEqual([delegation()]);
  });

  it('changes the state of the card’s session', () => {
    const list = withSession([delegation()], 'p1', session({ status: 'open', updatedAt: at(2) }));
    expect(list).toEqual([delegation({ status: 'open', updatedAt: at(2) })]);
  });

  it('replaces an ended session with the card’s new one', () => {
    const old = delegation({ status: 'stopped', updatedAt: at(3) });
    const next = session({ id: 's2', agentId: 'a-triage', updatedAt: at(4) });
    expect(withSession([old], 'p1', next)).toEqual([
      delegation({ sessionId: 's2', agentId: 'a-triage', updatedAt: at(4) }),
    ]);
  });

  it('ignores an older event (the previous session, or one overtaken by an answer)', () => {
    const list = [delegation({ sessionId: 's2', updatedAt: at(5) })];
    expect(withSession(list, 'p1', session({ status: 'stopped', updatedAt: at(4) }))).toBe(list);
    expect(withSession(list, 'p1', session({ id: 's2', status: 'open', updatedAt: at(4) }))).toBe(list);
  });

  it('leaves the board alone for chats and other boards', () => {
    const list = [delegation()];
    expect(withSession(list, 'p1', session({ card: null }))).toBe(list);
    expect(withSession(list, 'p1', session({ card: { projectId: 'p2', cardId: 'c9', title: 'x' } }))).toBe(list);
  });

  it('gives the same list back when nothing changed', () => {
    const list = [delegation()];
    expect(withSession(list, 'p1', session())).toBe(list);
  });
});

describe('what a delegation says and who may stop it', () => {
  it('names the agent, its state and the accountable person', () => {
    expect(delegationSummary('Cafébot', delegation())).toBe('Cafébot is working on this, accountable: Ada Lovelace');
    expect(delegationSummary('Cafébot', delegation({ status: 'completed' }))).toBe(
      'Cafébot finished this, accountable: Ada Lovelace',
    );
    expect(delegationSummary('Cafébot', delegation({ status: 'stopped' }))).toBe(
      'Cafébot was stopped, accountable: Ada Lovelace',
    );
  });

  it('the accountable person and admins may stop work still going on', () => {
    expect(canStop(delegation(), { userId: 'u-ada', admin: false })).toBe(true);
    expect(canStop(delegation({ status: 'open' }), { userId: 'u-max', admin: true })).toBe(true);
    expect(canStop(delegation(), { userId: 'u-max', admin: false })).toBe(false);
    expect(canStop(delegation({ status: 'stopped' }), { userId: 'u-ada', admin: true })).toBe(false);
    expect(canStop(delegation({ status: 'completed' }), { userId: 'u-ada', admin: false })).toBe(false);
  });
});

describe('a session’s messages as they stream in', () => {
  const step = (id: string, tool?: string) => ({ id, type: 'action' as const, text: `did ${id}`, tool, at: at(1) });

  it('adds a new message and replaces a finished one in place', () => {
    const first = message({ id: 'm0', role: 'user', author: { kind: 'human', ...ada }, status: 'complete' });
    const list = withMessage([first], message());
    expect(list.map((item) => item.id)).toEqual(['m0', 'm1']);
    const done = message({ text: 'Done.', status: 'complete', updatedAt: at(3) });
    expect(withMessage(list, done)[1]).toEqual(done);
  });

  it('keeps a newer copy over an older event', () => {
    const list = [message({ text: 'Done.', status: 'complete', updatedAt: at(3) })];
    expect(withMessage(list, message({ updatedAt: at(2) }))).toBe(list);
  });

  it('appends a piece that follows what is held, with its steps', () => {
    const list = [message({ text: 'Hel', activity: [step('x1', 'searchWorkspace')] })];
    const next = withAppended(list, { messageId: 'm1', offset: 3, text: 'lo', activity: [step('x2', 'moveCard')] });
    expect(next?.[0]?.text).toBe('Hello');
    expect(next?.[0]?.activity.map((item) => item.tool)).toEqual(['searchWorkspace', 'moveCard']);
  });

  it('asks for a refetch when a piece was missed or the message is unknown', () => {
    const list = [message({ text: 'Hel' })];
    expect(withAppended(list, { messageId: 'm1', offset: 5, text: '!', activity: [] })).toBeUndefined();
    expect(withAppended(list, { messageId: 'm9', offset: 0, text: 'x', activity: [] })).toBeUndefined();
  });

  it('does not add a piece twice (a fetch already brought it)', () => {
    const list = [message({ text: 'Hello', activity: [step('x1')] })];
    expect(withAppended(list, { messageId: 'm1', offset: 3, text: 'lo', activity: [step('x1')] })).toBe(list);
  });
});
