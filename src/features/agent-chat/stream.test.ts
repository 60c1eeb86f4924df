import { describe, expect, it } from 'vitest';
import { addMessage, applyAppended, replaceMessage } from './stream';
import type { AgentActivity, AgentMessage, AppendedPiece } from './types';

const at = '2026-01-01T10:00:00.000Z';

function reply(overrides: Partial<AgentMessage> = {}): AgentMessage {
  return {
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
    ...overrides,
  };
}

const question: AgentMessage = reply({
  id: 'question-1',
  role: 'user',
  author: { kind: 'human', id: 'user-1', name: 'Ada' },
  text: 'find roadmap',
  status: 'complete',
});

function piece(offset: number, text: string, activity: AgentActivity[] = []): AppendedPiece {
  return { sessionId: 'session-1', messageId: 'reply-1', offset, text, activity };
}

const step = (id: string): AgentActivity => ({ id, type: 'action', text: 'Searching', tool: 'search', at });

describe('applyAppended', () => {
  it('appends a piece whose offset is the length of the text held', () => {
    let messages = [question, reply()];
    for (const [offset, text] of [
      [0, 'Found '],
      [6, 'two '],
      [10, 'cards.'],
    ] as const) {
      const result = applyAppended(messages, piece(offset, text));
      if ('refetch' in result) throw new Error('expected the piece to apply');
      messages = result.messages;
    }
    expect(messages[1]!.text).toBe('Found two cards.');
    expect(messages[0]).toBe(question);
  });

  it('adds the piece’s new activity items, once each', () => {
    const first = applyAppended([reply()], piece(0, 'Looking', [step('a')]));
    if ('refetch' in first) throw new Error('expected the piece to apply');
    const second = applyAppended(first.messages, piece(7, '…', [step('a'), step('b')]));
    if ('refetch' in second) throw new Error('expected the piece to apply');
    expect(second.messages[0]!.activity.map((item) => item.id)).toEqual(['a', 'b']);
  });

  it('asks for a refetch when a piece was missed (its offset is past the text held)', () => {
    expect(applyAppended([reply({ text: 'Found ' })], piece(10, 'cards.'))).toEqual({ refetch: true });
  });

  it('asks for a refetch when the piece does not match the text held at its offset', () => {
    expect(applyAppended([reply({ text: 'Found two ' })], piece(6, 'six '))).toEqual({ refetch: true });
  });

  it('asks for a refetch when the reply is not held at all', () => {
    expect(applyAppended([question], piece(0, 'Hello'))).toEqual({ refetch: true });
  });

  it('ignores a piece already held (seen twice, or already in a refetch) without a new list', () => {
    const messages = [reply({ text: 'Found two cards.' })];
    const result = applyAppended(messages, piece(6, 'two '));
    expect(result).toEqual({ messages });
    if ('refetch' in result) throw new Error('expected no refetch');
    expect(result.messages).toBe(messages);
  });
});

describe('addMessage and replaceMessage', () => {
  it('adds a new message at the end, and keeps one already held as it is', () => {
    const held = reply({ text: 'Found two' });
    expect(addMessage([question], held)).toEqual([question, held]);
    const messages = [question, held];
    expect(addMessage(messages, reply({ text: '' }))).toBe(messages);
  });

  it('replaces a finished reply in place and keeps the person’s feedback (events carry none)', () => {
    const held = reply({ text: 'Found', feedback: { rating: 'up', comment: null } });
    const finished = reply({ text: 'Found two cards.', status: 'complete' });
    const [, updated] = replaceMessage([question, held], finished);
    expect(updated).toMatchObject({ text: 'Found two cards.', status: 'complete', feedback: { rating: 'up' } });
  });
});
