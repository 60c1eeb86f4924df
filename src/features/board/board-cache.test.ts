import { describe, expect, it } from 'vitest';
import type { ProjectDetail } from '@/api';
import { testCard } from './test-card';
import { applyColumnOrders, locate, moveLocally, replaceCard, withChanges } from './board-cache';

const card = (id: string, column: string) => testCard(id, column);

function board(): ProjectDetail {
  return {
    id: 'p',
    version: 1,
    name: 'P',
    description: '',
    archived: false,
    archivedAt: null,
    createdAt: '',
    updatedAt: '',
    lastActivityAt: '2026-01-01T00:00:00.000Z',
    cardCount: 5,
    columns: [
      {
        id: 'A',
        version: 1,
        name: 'A',
        position: 0,
        wipLimit: null,
        cards: [card('a1', 'A'), card('a2', 'A'), card('a3', 'A')],
      },
      { id: 'B', version: 1, name: 'B', position: 1, wipLimit: null, cards: [card('b1', 'B'), card('b2', 'B')] },
    ],
  };
}
const ids = (value: ProjectDetail) => value.columns.map((column) => column.cards.map((item) => item.id));

describe('board cache', () => {
  it('moves across columns counting the position without the card', () => {
    expect(ids(moveLocally(board(), 'a1', 'B', 1))).toEqual([
      ['a2', 'a3'],
      ['b1', 'a1', 'b2'],
    ]);
    expect(moveLocally(board(), 'a1', 'B', 1).columns[1]!.cards[1]!.column).toBe('B');
  });

  it('moves within a column, and past the end goes to the bottom', () => {
    expect(ids(moveLocally(board(), 'a1', 'A', 1))).toEqual([
      ['a2', 'a1', 'a3'],
      ['b1', 'b2'],
    ]);
    expect(ids(moveLocally(board(), 'a1', 'A', 99))).toEqual([
      ['a2', 'a3', 'a1'],
      ['b1', 'b2'],
    ]);
  });

  it('applies server orders as the truth, even when they differ from the optimistic guess', () => {
    const optimistic = moveLocally(board(), 'a1', 'B', 0);
    const truth = applyColumnOrders(optimistic, [
      { id: 'A', cardIds: ['a2', 'a3'] },
      { id: 'B', cardIds: ['b1', 'b2', 'a1'] },
    ]);
    expect(ids(truth)).toEqual([
      ['a2', 'a3'],
      ['b1', 'b2', 'a1'],
    ]);
  });

  it('removes a card placed elsewhere from columns the server did not name', () => {
    const truth = applyColumnOrders(board(), [{ id: 'B', cardIds: ['a1', 'b1', 'b2'] }], card('a1', 'B'));
    expect(ids(truth)).toEqual([
      ['a2', 'a3'],
      ['a1', 'b1', 'b2'],
    ]);
  });

  it('replaces a card in place, and an archived card leaves', () => {
    expect(replaceCard(board(), { ...card('b1', 'B'), title: 'new' }).columns[1]!.cards[0]!.title).toBe('new');
    expect(ids(replaceCard(board(), { ...card('b1', 'B'), archived: true }))).toEqual([['a1', 'a2', 'a3'], ['b2']]);
  });

  it('locates cards', () => {
    expect(locate(board(), 'b2')).toEqual({ columnId: 'B', index: 1 });
    expect(locate(board(), 'zz')).toBeUndefined();
  });
});

describe('withChanges', () => {
  const full = {
    ...card('c', 'A'),
    assignee: 'u1',
    assigneeKind: 'human' as const,
    due: '2026-01-02T00:00:00.000Z',
    blocked: 'waiting',
  };
  it('null removes assignee (with its kind), due and blocked, as the server does', () => {
    const next = withChanges(full, { assignee: null, due: null, blocked: null });
    for (const field of ['assignee', 'assigneeKind', 'due', 'blocked']) expect(next).not.toHaveProperty(field);
  });
  it('sets the discrete fields and leaves title and description to the editor', () => {
    const next = withChanges(full, {
      priority: 'high',
      labels: ['x'],
      checklist: [{ text: 't', done: true }],
      title: 'new',
    });
    expect(next).toMatchObject({ priority: 'high', labels: ['x'], checklist: [{ text: 't', done: true }], title: 'c' });
  });
});

describe('applyColumnOrders identity', () => {
  it('keeps the board and its columns when the server confirms the order shown', () => {
    const before = board();
    const after = applyColumnOrders(before, [
      { id: 'A', cardIds: ['a1', 'a2', 'a3'] },
      { id: 'B', cardIds: ['b1', 'b2'] },
    ]);
    expect(after).toBe(before);
  });

  it('replaces only the changed card when the order is the same', () => {
    const before = board();
    const updated = { ...card('b2', 'B'), title: 'renamed' };
    const after = applyColumnOrders(before, [{ id: 'B', cardIds: ['b1', 'b2'] }], updated);
    expect(after.columns[0]).toBe(before.columns[0]);
    expect(after.columns[1]!.cards[0]).toBe(before.columns[1]!.cards[0]);
    expect(after.columns[1]!.cards[1]).toBe(updated);
  });
});
