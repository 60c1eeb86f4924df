import { beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;
let token: string;

beforeAll(async () => {
  org = await t.createOrg();
  token = org.memberToken;
});

async function newCard(body: Record<string, unknown> = {}) {
  const board = await t.createBoard(token, ['Todo', 'Done']);
  const response = await t.call('POST', `/projects/${board.id}/cards`, {
    token,
    body: { columnId: board.columns[0]!.id, title: 'Write the launch post', ...body },
  });
  return { board, response, card: response.body.card, url: `/projects/${board.id}/cards/${response.body.card?.id}` };
}

describe('POST /projects/{projectId}/cards', () => {
  it('creates a card with defaults; blocked, due and assignee are absent, not null', async () => {
    const { response, card } = await newCard();
    expect(response.status).toBe(201);
    expect(card).toMatchObject({
      title: 'Write the launch post',
      description: '',
      priority: 'none',
      labels: [],
      checklist: [],
      comments: [],
      archived: false,
    });
    for (const field of ['blocked', 'due', 'assignee', 'assigneeKind']) expect(card).not.toHaveProperty(field);
  });

  it('inserts at a position and returns the column order', async () => {
    const board = await t.createBoard(token, ['Todo'], 3);
    const column = board.columns[0]!;
    const response = await t.call('POST', `/projects/${board.id}/cards`, {
      token,
      body: { columnId: column.id, title: 'First', position: 0 },
    });
    expect(response.body.columns).toEqual([
      { id: column.id, cardIds: [response.body.card.id, ...column.cards.map((card) => card.id)] },
    ]);
  });

  it('accepts every field, trims and de-duplicates labels', async () => {
    const due = '2026-12-24T17:00:00.000Z';
    const { card } = await newCard({
      description: 'Outline, draft, review.',
      priority: 'high',
      labels: [' launch ', 'Launch', 'blog'],
      checklist: [
        { text: 'Outline', done: true },
        { text: 'Draft', done: false },
      ],
      due,
      blocked: 'Waiting for the product name',
      assignee: org.admin.id,
    });
    expect(card).toMatchObject({
      priority: 'high',
      labels: ['launch', 'blog'],
      checklist: [
        { text: 'Outline', done: true },
        { text: 'Draft', done: false },
      ],
      due,
      blocked: 'Waiting for the product name',
      assignee: org.admin.id,
      assigneeKind: 'human',
    });
  });

  it.each([
    ['an empty title', { title: ' ' }, 'title'],
    ['a title of 201 characters', { title: 'x'.repeat(201) }, 'title'],
    ['an unknown priority', { priority: 'critical' }, 'priority'],
    ['21 labels', { labels: Array.from({ length: 21 }, (_, i) => `l${i}`) }, 'labels'],
    ['a checklist item without text', { checklist: [{ text: '', done: false }] }, 'checklist.0.text'],
    ['a malformed due date', { due: 'tomorrow' }, 'due'],
    ['an empty blocked reason', { blocked: '' }, 'blocked'],
  ])('400 for %s', async (_label, body, field) => {
    const { response } = await newCard(body);
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('an assignee from another company is a 400 on assignee', async () => {
    const stranger = await t.createOrg();
    const { response } = await newCard({ assignee: stranger.admin.id });
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({
      path: 'assignee',
      message: 'is not a person or an agent of this company',
    });
  });

  it('a column of another project is 404', async () => {
    const a = await t.createBoard(token, ['A']);
    const b = await t.createBoard(token, ['B']);
    const response = await t.call('POST', `/projects/${a.id}/cards`, {
      token,
      body: { columnId: b.columns[0]!.id, title: 'x' },
    });
    expect(response.status).toBe(404);
  });
});

describe('PATCH /projects/{projectId}/cards/{cardId}', () => {
  it('sets and clears blocked, due and assignee: null removes them from the card', async () => {
    const { url } = await newCard();
    const set = await t.call('PATCH', url, {
      token,
      body: { blocked: 'Legal review', due: '2027-01-05T09:00:00Z', assignee: org.member.id },
    });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({
      blocked: 'Legal review',
      due: '2027-01-05T09:00:00.000Z',
      assignee: org.member.id,
      assigneeKind: 'human',
    });
    const cleared = await t.call('PATCH', url, { token, body: { blocked: null, due: null, assignee: null } });
    for (const field of ['blocked', 'due', 'assignee', 'assigneeKind']) expect(cleared.body).not.toHaveProperty(field);
    expect(Object.keys((await t.call('GET', url, { token })).body)).not.toContain('blocked');
  });

  it('assigns an agent of the company', async () => {
    const [agent] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Triage' }).returning();
    const { url } = await newCard();
    const response = await t.call('PATCH', url, { token, body: { assignee: agent!.id } });
    expect(response.body).toMatchObject({ assignee: agent!.id, assigneeKind: 'agent' });
  });

  it('replaces the checklist as a whole (add, toggle, reorder, remove)', async () => {
    const { url } = await newCard({
      checklist: [
        { text: 'One', done: false },
        { text: 'Two', done: false },
      ],
    });
    const response = await t.call('PATCH', url, {
      token,
      body: {
        checklist: [
          { text: 'Two', done: true },
          { text: 'Three', done: false },
        ],
      },
    });
    expect(response.body.checklist).toEqual([
      { text: 'Two', done: true },
      { text: 'Three', done: false },
    ]);
  });

  it('archives: the card leaves the board but can still be read; restoring puts it at the bottom', async () => {
    const board = await t.createBoard(token, ['Todo'], 3);
    const [first] = board.columns[0]!.cards;
    const url = `/projects/${board.id}/cards/${first!.id}`;
    const archived = await t.call('PATCH', url, { token, body: { archived: true } });
    expect(archived.body.archived).toBe(true);
    expect((await t.boardOrder(token, board.id))[board.columns[0]!.id]).not.toContain(first!.id);
    expect((await t.call('GET', url, { token })).body.archived).toBe(true);
    const restored = await t.call('PATCH', url, { token, body: { archived: false } });
    expect(restored.body.archived).toBe(false);
    expect((await t.boardOrder(token, board.id))[board.columns[0]!.id]!.at(-1)).toBe(first!.id);
  });

  it('an empty change is a 400', async () => {
    const { url } = await newCard();
    expect((await t.call('PATCH', url, { token, body: {} })).status).toBe(400);
  });

  it('a card of another company is 404, read or write', async () => {
    const { url } = await newCard();
    const stranger = await t.createOrg();
    expect((await t.call('GET', url, { token: stranger.memberToken })).status).toBe(404);
    expect((await t.call('PATCH', url, { token: stranger.memberToken, body: { title: 'mine' } })).status).toBe(404);
  });
});
