import { describe, expect, it } from 'vitest';
import type { Board, Card } from '../types.ts';
import {
  formatBlocked,
  formatPlan,
  formatSearch,
  formatSummary,
  formatTriage,
  payloadFacts,
  payloadTopic,
} from './rules.ts';
import { piecesOf } from './types.ts';

const NOW = Date.parse('2025-06-10T12:00:00Z');
let next = 0;
const card = (title: string, extra: Partial<Card> = {}): Card => ({
  id: `card-${next++}`,
  title,
  description: '',
  column: 'x',
  priority: 'none',
  labels: [],
  checklist: [],
  archived: false,
  comments: [],
  ...extra,
});
const board: Board = {
  id: 'p1',
  name: 'Café roadmap',
  description: '',
  archived: false,
  cardCount: 5,
  lastActivityAt: '',
  columns: [
    {
      id: 'todo',
      name: 'To do',
      position: 0,
      cards: [
        card('Oat milk', { blocked: 'Supplier has not answered', assignee: 'u1', assigneeKind: 'human' }),
        card('Menu', { due: '2025-06-01T00:00:00Z' }),
      ],
    },
    { id: 'doing', name: 'Doing', position: 1, cards: [card('Sign', { assignee: 'u1', due: '2025-07-01T00:00:00Z' })] },
    { id: 'done', name: 'Done', position: 2, cards: [card('Logo', { due: '2025-05-01T00:00:00Z', assignee: 'a1' })] },
  ],
};
const names = new Map([
  ['u1', 'Lin'],
  ['a1', 'Cafébot'],
]);

describe('the built-in assistant’s answers', () => {
  it('summarises a board from its data only', () => {
    expect(formatSummary(board, names, NOW)).toBe(
      [
        '“Café roadmap”: 4 live cards in 3 columns.',
        '- Columns: To do: 2 · Doing: 1 · Done: 1',
        '- Blocked: 1 (“Oat milk”: Supplier has not answered)',
        '- Overdue (due date passed, not in a done column): 1 (“Menu”, due 2025-06-01)',
        '- Assignees: Lin 2, Cafébot 1, unassigned 1',
      ].join('\n'),
    );
  });

  it('lists blocked cards with their reasons, or says nothing is blocked', () => {
    expect(formatBlocked(board, names)).toBe(
      '1 blocked card on “Café roadmap”:\n- “Oat milk” in To do: Supplier has not answered (assigned to Lin)',
    );
    const calm = { ...board, columns: board.columns.map((column) => ({ ...column, cards: [card('Fine')] })) };
    expect(formatBlocked(calm, names)).toBe('Nothing is blocked on “Café roadmap” (3 live cards checked).');
  });

  it('lists search results, or says nothing matched', () => {
    expect(formatSearch('oat', [])).toBe('Nothing in the workspace matches “oat”.');
    expect(
      formatSearch('oat', [
        { kind: 'card', id: '1', label: 'Oat milk', context: 'Café roadmap · To do', status: 'open' },
        { kind: 'wiki_page', id: '2', label: 'Oats', context: '', status: 'active' },
      ]),
    ).toBe('I found 2 results for “oat”:\n- Oat milk (card · Café roadmap · To do)\n- Oats (wiki page)');
  });

  it('plans a card from its own facts and names the hand-off', () => {
    const target = card('Oat milk', {
      description: 'Find a supplier.\n\nMore later.',
      checklist: [
        { text: 'Call two suppliers', done: true },
        { text: 'Taste test', done: false },
      ],
      blocked: 'Supplier has not answered',
      due: '2025-06-01T00:00:00Z',
    });
    const plan = formatPlan(
      {
        card: target,
        board,
        accountable: 'Lin',
        reviewColumn: { id: 'review', name: 'Review' },
        currentColumn: { id: 'todo', name: 'To do' },
      },
      NOW,
    );
    expect(plan).toContain('Plan for “Oat milk”:');
    expect(plan).toContain('1. Scope, from the description: Find a supplier.');
    expect(plan).toContain('2. Unblock it first: Supplier has not answered');
    expect(plan).toContain('3. Work through the open checklist items (1 of 2 done): “Taste test”');
    expect(plan).toContain('4. It is overdue: it was due 2025-06-01.');
    expect(plan).toContain('5. Hand-off: move it to “Review” for Lin to check.');
    const noReview = formatPlan(
      {
        card: card('Bare'),
        board,
        accountable: 'Lin',
        reviewColumn: null,
        currentColumn: { id: 'todo', name: 'To do' },
      },
      NOW,
    );
    expect(noReview).toContain('the card has no description');
    expect(noReview).toContain('the board has no Review column, so it stays in “To do”');
  });

  it('streams in pieces of a few words that add up to the whole text', () => {
    const text = '  one two three four five\nsix  seven ';
    const pieces = piecesOf(text, 3);
    expect(pieces.join('')).toBe(text);
    expect(pieces).toHaveLength(3);
  });

  it('triages a board: blocked, overdue, urgent without an assignee, unassigned; each open card once, done columns left out', () => {
    const support: Board = {
      ...board,
      name: 'Support',
      columns: [
        {
          id: 'todo',
          name: 'To do',
          position: 0,
          cards: [
            card('Refund', { priority: 'urgent' }),
            card('Login loop', { blocked: 'Needs logs', due: '2025-06-01T00:00:00Z', assignee: 'u1' }),
            card('Typo', { archived: true }),
            card('FAQ'),
          ],
        },
        {
          id: 'doing',
          name: 'Doing',
          position: 1,
          cards: [card('Invoice', { due: '2025-06-02T00:00:00Z', assignee: 'u1' })],
        },
        { id: 'done', name: 'Done', position: 2, cards: [card('Old', { due: '2025-01-01T00:00:00Z' })] },
      ],
    };
    expect(formatTriage(support, names, NOW)).toBe(
      [
        'Triage of “Support”: 4 of 4 open cards need attention.',
        'Blocked (1):',
        '- “Login loop” in To do: Needs logs (assigned to Lin)',
        'Overdue (1):',
        '- “Invoice” in Doing, due 2025-06-02 (assigned to Lin)',
        'Urgent or high priority, nobody assigned (1):',
        '- “Refund” in To do (urgent)',
        'Nobody assigned (1):',
        '- “FAQ” in To do',
      ].join('\n'),
    );
    const calm: Board = {
      ...support,
      columns: [{ id: 'todo', name: 'To do', position: 0, cards: [card('Fine', { assignee: 'u1' })] }],
    };
    expect(formatTriage(calm, names, NOW)).toBe(
      'Nothing on “Support” needs attention: 1 open card, none blocked, overdue or unassigned.',
    );
  });

  it('describes a webhook payload as path: value lines, and finds what it is about', () => {
    const payload = {
      action: 'opened',
      issue: { title: 'Checkout  broken', labels: ['bug', 'ui'], body: 'x'.repeat(200) },
      empty: {},
    };
    const facts = payloadFacts(payload, 4);
    expect(facts.total).toBe(6);
    expect(facts.lines).toEqual([
      '- action: opened',
      '- issue.title: Checkout broken',
      '- issue.labels[0]: bug',
      '- issue.labels[1]: ui',
    ]);
    expect(payloadFacts(payload).lines.at(-2)).toBe(`- issue.body: ${'x'.repeat(119)}…`);
    expect(payloadFacts(payload).lines.at(-1)).toBe('- empty: (empty object)');
    expect(payloadFacts(42)).toEqual({ lines: ['- (the payload): 42'], total: 1 });
    expect(payloadTopic(payload)).toBe('Checkout broken');
    expect(payloadTopic({ data: [{ user: { name: 'Lin' } }] })).toBe('Lin');
    expect(payloadTopic({ title: 'x', count: 3 })).toBeNull();
  });
});
