import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.ts';
import { cards, events } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
const HOUR = 3_600_000;

/**
 * A company (admin and member) with a board "To do" → "Review" created by the admin, and helpers
 * to add cards (as the admin unless told) and act on them.
 */
async function setup() {
  const org = await t.createOrg();
  const board = await t.createBoard(org.adminToken, ['To do', 'Review'], 0);
  const [todo, review] = board.columns as [(typeof board.columns)[0], (typeof board.columns)[0]];
  const addCard = async (title: string, fields: Record<string, unknown> = {}, token = org.adminToken) => {
    const response = await t.call('POST', `/projects/${board.id}/cards`, {
      token,
      body: { columnId: todo.id, title, ...fields },
    });
    expect(response.status).toBe(201);
    return response.body.card as { id: string; title: string };
  };
  const edit = (cardId: string, body: Record<string, unknown>, token = org.adminToken) =>
    t.call('PATCH', `/projects/${board.id}/cards/${cardId}`, { token, body });
  const move = (cardId: string, columnId: string, token = org.adminToken) =>
    t.call('PATCH', `/projects/${board.id}/cards/${cardId}/move`, { token, body: { columnId, position: 0 } });
  const comment = async (cardId: string, text: string, token = org.adminToken, parentId?: string) => {
    const response = await t.call('POST', `/projects/${board.id}/cards/${cardId}/comments`, {
      token,
      body: { text, ...(parentId ? { parentId } : {}) },
    });
    expect(response.status).toBe(201);
    return response.body as { id: string };
  };
  return { ...org, board, todo, review, addCard, edit, move, comment };
}

const myCards = (token: string) => t.call('GET', '/users/me/cards', { token });
const activity = (token: string, query = '') => t.call('GET', `/users/me/activity${query}`, { token });
type Item = { id: number; type: string; actor: { name: string }; card: { title: string } };
/** "type title by actor", newest first: enough to compare a page at a glance. */
const summary = (items: Item[]) => items.map((item) => `${item.type} ${item.card.title} by ${item.actor.name}`);

describe('GET /users/me/cards', () => {
  it('lists the live cards assigned to the caller with their project and column, not others’ or unassigned ones', async () => {
    const x = await setup();
    const mine = await x.addCard('Mine', { assignee: x.member.id, priority: 'high', blocked: 'Waiting for parts' });
    await x.addCard('The admin’s', { assignee: x.admin.id });
    await x.addCard('Nobody’s');
    await x.move(mine.id, x.review.id);

    const response = await myCards(x.memberToken);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      cards: [
        {
          id: mine.id,
          title: 'Mine',
          priority: 'high',
          dueStatus: 'none',
          blocked: 'Waiting for parts',
          updatedAt: expect.any(String),
          project: { id: x.board.id, name: expect.any(String) },
          column: { id: x.review.id, name: 'Review' },
        },
      ],
      truncated: false,
    });
    expect(response.body.cards[0]).not.toHaveProperty('due');
  });

  it('leaves out archived cards, cards of archived projects and cards of other companies', async () => {
    const x = await setup();
    await x.addCard('Live', { assignee: x.member.id });
    const archived = await x.addCard('Archived card', { assignee: x.member.id });
    await x.edit(archived.id, { archived: true });

    const shelved = await t.createBoard(x.adminToken, ['A'], 0);
    const onShelved = await t.call('POST', `/projects/${shelved.id}/cards`, {
      token: x.adminToken,
      body: { columnId: shelved.columns[0]!.id, title: 'On an archived project', assignee: x.member.id },
    });
    expect(onShelved.status).toBe(201);
    await t.call('PATCH', `/projects/${shelved.id}`, { token: x.adminToken, body: { archived: true } });

    // A card of another company still naming the member (say, they moved companies).
    const other = await setup();
    const elsewhere = await other.addCard('Elsewhere');
    await t.ctx.db
      .update(cards)
      .set({ assigneeKind: 'human', assigneeId: x.member.id })
      .where(eq(cards.id, elsewhere.id));

    const response = await myCards(x.memberToken);
    expect(response.body.cards.map((card: { title: string }) => card.title)).toEqual(['Live']);
  });

  it('puts overdue cards first, then due within 48 hours, then later, then none; ties by most recent update', async () => {
    const x = await setup();
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    await x.addCard('No due, older', { assignee: x.member.id });
    await x.addCard('Later', { assignee: x.member.id, due: at(10 * 24 * HOUR) });
    await x.addCard('Soon', { assignee: x.member.id, due: at(30 * HOUR) });
    await x.addCard('Overdue by an hour', { assignee: x.member.id, due: at(-HOUR) });
    await x.addCard('Overdue by a week', { assignee: x.member.id, due: at(-7 * 24 * HOUR) });
    await x.addCard('Sooner', { assignee: x.member.id, due: at(2 * HOUR) });
    await x.addCard('No due, newer', { assignee: x.member.id });

    const response = await myCards(x.memberToken);
    expect(
      response.body.cards.map((card: { title: string; dueStatus: string }) => [card.title, card.dueStatus]),
    ).toEqual([
      ['Overdue by a week', 'overdue'],
      ['Overdue by an hour', 'overdue'],
      ['Sooner', 'soon'],
      ['Soon', 'soon'],
      ['Later', 'later'],
      ['No due, newer', 'none'],
      ['No due, older', 'none'],
    ]);
    expect(response.body.cards[0].due).toBe(at(-7 * 24 * HOUR));
  });

  it('lists at most 200, the most urgent, and says when more are assigned', async () => {
    const x = await setup();
    const due = (n: number) => new Date(Date.now() + (n + 1) * HOUR);
    await t.ctx.db.insert(cards).values(
      Array.from({ length: 203 }, (_, n) => ({
        projectId: x.board.id,
        columnId: x.todo.id,
        rank: n,
        title: `Card ${n}`,
        assigneeKind: 'human' as const,
        assigneeId: x.member.id,
        due: due(n),
      })),
    );
    const response = await myCards(x.memberToken);
    expect(response.body.cards).toHaveLength(200);
    expect(response.body.truncated).toBe(true);
    expect(response.body.cards[0].title).toBe('Card 0');
    expect(response.body.cards[199].title).toBe('Card 199');
  });

  it('is open to read keys', async () => {
    const x = await setup();
    await x.addCard('Mine', { assignee: x.admin.id });
    const key = await t.createKey(x.adminToken, 'read');
    const response = await myCards(key.secret);
    expect(response.status).toBe(200);
    expect(response.body.cards).toHaveLength(1);
  });

  it('answers 404 to a caller without a company', async () => {
    const loner = await t.createUser();
    const response = await myCards(await t.signIn(loner.email));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('GET /users/me/activity', () => {
  it('shows others’ changes to the caller’s cards, newest first: created, edited, moved (to which column), commented, replied, resolved', async () => {
    const x = await setup();
    const card = await x.addCard('Receipt e-mails', { assignee: x.member.id });
    await x.edit(card.id, { priority: 'urgent' });
    expect((await x.move(card.id, x.review.id)).status).toBe(200);
    const root = await x.comment(card.id, 'Can we   send them\nas PDF?');
    await x.comment(card.id, 'Yes, attached.', x.adminToken, root.id);
    await t.call('PATCH', `/projects/${x.board.id}/cards/${card.id}/comments/${root.id}`, {
      token: x.adminToken,
      body: { resolved: true },
    });

    const response = await activity(x.memberToken);
    expect(response.status).toBe(200);
    const items = response.body.items;
    const admin = x.admin.name;
    expect(summary(items)).toEqual([
      `comment.resolved Receipt e-mails by ${admin}`,
      `comment.created Receipt e-mails by ${admin}`,
      `comment.created Receipt e-mails by ${admin}`,
      `card.moved Receipt e-mails by ${admin}`,
      `card.updated Receipt e-mails by ${admin}`,
      `card.created Receipt e-mails by ${admin}`,
    ]);
    const ids = items.map((item: Item) => item.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(items[3]).toEqual({
      id: expect.any(Number),
      type: 'card.moved',
      at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      actor: { kind: 'human', id: x.admin.id, name: admin },
      project: { id: x.board.id, name: expect.any(String) },
      card: { id: card.id, title: 'Receipt e-mails' },
      column: { id: x.review.id, name: 'Review' },
    });
    expect(items[0].comment).toEqual({ id: root.id, snippet: 'Can we send them as PDF?', reply: false });
    expect(items[1].comment).toMatchObject({ snippet: 'Yes, attached.', reply: true });
    expect(items[2].comment).toEqual({ id: root.id, snippet: 'Can we send them as PDF?', reply: false });
    expect(items[4]).not.toHaveProperty('column');
    expect(items[4]).not.toHaveProperty('comment');
    expect(items[5].column).toEqual({ id: x.todo.id, name: 'To do' });
  });

  it('shows archiving, restoring, comment edits and reopened threads with the comment as it is now; a deleted comment goes with its events', async () => {
    const x = await setup();
    const card = await x.addCard('Lifecycle', { assignee: x.member.id });
    const commentPath = (id: string) => `/projects/${x.board.id}/cards/${card.id}/comments/${id}`;
    const root = await x.comment(card.id, 'First draft');
    await t.call('PATCH', commentPath(root.id), { token: x.adminToken, body: { text: 'Second draft' } });
    await t.call('PATCH', commentPath(root.id), { token: x.adminToken, body: { resolved: true } });
    await t.call('PATCH', commentPath(root.id), { token: x.adminToken, body: { resolved: false } });
    const oops = await x.comment(card.id, 'Posted by mistake');
    expect((await t.call('DELETE', commentPath(oops.id), { token: x.adminToken })).status).toBe(200);
    await x.edit(card.id, { archived: true });
    await x.edit(card.id, { archived: false });

    const items = (await activity(x.memberToken)).body.items;
    expect(items.map((item: Item) => item.type)).toEqual([
      'card.restored',
      'card.archived',
      'comment.reopened',
      'comment.resolved',
      'comment.updated',
      'comment.created',
      'card.created',
    ]);
    expect(items[0].column).toEqual({ id: x.todo.id, name: 'To do' });
    for (const item of items.slice(2, 6)) {
      expect(item.comment).toEqual({ id: root.id, snippet: 'Second draft', reply: false });
    }
  });

  it('shows others’ changes to cards with a thread the caller wrote in, not to other cards', async () => {
    const x = await setup();
    const discussed = await x.addCard('Discussed');
    const untouched = await x.addCard('Untouched');
    const root = await x.comment(discussed.id, 'Who owns this?');
    await x.comment(discussed.id, 'I can look at it.', x.memberToken, root.id);
    await x.move(discussed.id, x.review.id);
    await x.move(untouched.id, x.review.id);
    await x.comment(untouched.id, 'Not the member’s business');

    const response = await activity(x.memberToken);
    expect(summary(response.body.items)).toEqual([
      `card.moved Discussed by ${x.admin.name}`,
      `comment.created Discussed by ${x.admin.name}`,
      `card.created Discussed by ${x.admin.name}`,
    ]);
  });

  it('leaves out the caller’s own changes, other companies’ events and cards of archived projects', async () => {
    const x = await setup();
    const card = await x.addCard('Mine', { assignee: x.member.id });
    await x.edit(card.id, { title: 'Mine, renamed by me' }, x.memberToken);
    await x.move(card.id, x.review.id, x.memberToken);
    await x.comment(card.id, 'A note to self', x.memberToken);

    // Another company's busy card, with the same member id written into it by hand.
    const other = await setup();
    const elsewhere = await other.addCard('Elsewhere');
    await t.ctx.db
      .update(cards)
      .set({ assigneeKind: 'human', assigneeId: x.member.id })
      .where(eq(cards.id, elsewhere.id));
    await other.move(elsewhere.id, other.review.id);

    const shelved = await t.createBoard(x.adminToken, ['A', 'B'], 0);
    const onShelved = await t.call('POST', `/projects/${shelved.id}/cards`, {
      token: x.adminToken,
      body: { columnId: shelved.columns[0]!.id, title: 'On an archived project', assignee: x.member.id },
    });
    await t.call('PATCH', `/projects/${shelved.id}/cards/${onShelved.body.card.id}/move`, {
      token: x.adminToken,
      body: { columnId: shelved.columns[1]!.id, position: 0 },
    });
    await t.call('PATCH', `/projects/${shelved.id}`, { token: x.adminToken, body: { archived: true } });

    const response = await activity(x.memberToken);
    expect(summary(response.body.items)).toEqual([`card.created Mine, renamed by me by ${x.admin.name}`]);
  });

  it('finds moves recorded by the database function and changes recorded by recordEvent through the same columns', async () => {
    const x = await setup();
    const card = await x.addCard('Tracked', { assignee: x.member.id });
    await x.move(card.id, x.review.id);
    await x.comment(card.id, 'Moved it');
    const recorded = await t.ctx.db
      .select({ type: events.type, projectId: events.projectId, cardId: events.cardId, actor: events.actorUserId })
      .from(events)
      .where(eq(events.cardId, card.id))
      .orderBy(events.id);
    expect(recorded).toEqual([
      { type: 'card.created', projectId: x.board.id, cardId: card.id, actor: x.admin.id },
      { type: 'card.moved', projectId: x.board.id, cardId: card.id, actor: x.admin.id },
      { type: 'comment.created', projectId: x.board.id, cardId: card.id, actor: x.admin.id },
    ]);
    // The move's event is otherwise what it was: its payload names the project, card and actor.
    const [moved] = rows<{ payload: string }>(
      await t.ctx.db.execute(sql`select payload from events where card_id = ${card.id} and type = 'card.moved'`),
    );
    expect(JSON.parse(moved!.payload)).toMatchObject({
      projectId: x.board.id,
      card: { id: card.id, column: x.review.id },
      actorUserId: x.admin.id,
    });
    const items = (await activity(x.memberToken)).body.items;
    expect(items.map((item: Item) => item.type)).toEqual(['comment.created', 'card.moved', 'card.created']);
    expect(items[1]).toMatchObject({ card: { id: card.id, title: 'Tracked' }, column: { name: 'Review' } });
  });

  it('finds the events recorded before the columns existed: migration 0009 fills them from the payloads', async () => {
    const x = await setup();
    const card = await x.addCard('Older', { assignee: x.member.id });
    await x.move(card.id, x.review.id);
    await x.comment(card.id, 'From before the upgrade');
    const columns = () =>
      t.ctx.db
        .select({ id: events.id, projectId: events.projectId, cardId: events.cardId, actor: events.actorUserId })
        .from(events)
        .where(eq(events.companyId, x.company.id))
        .orderBy(events.id);
    const written = await columns();
    await t.ctx.db
      .update(events)
      .set({ projectId: null, cardId: null, actorUserId: null })
      .where(eq(events.companyId, x.company.id));
    expect((await activity(x.memberToken)).body.items).toEqual([]);

    const migration = readFileSync(new URL('../../db/migrations/0009_home_activity.sql', import.meta.url), 'utf8');
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE "events"'))!;
    await t.ctx.db.execute(sql.raw(backfill));
    expect(await columns()).toEqual(written);
    expect(summary((await activity(x.memberToken)).body.items)).toHaveLength(3);
  });

  it('pages with limit and before, newest first', async () => {
    const x = await setup();
    const card = await x.addCard('Busy', { assignee: x.member.id });
    for (let n = 0; n < 5; n++) await x.move(card.id, n % 2 === 0 ? x.review.id : x.todo.id);
    const all = (await activity(x.memberToken)).body.items as Item[];
    expect(all).toHaveLength(6);
    const first = (await activity(x.memberToken, '?limit=4')).body.items as Item[];
    expect(first).toEqual(all.slice(0, 4));
    const second = (await activity(x.memberToken, `?limit=4&before=${first[3]!.id}`)).body.items as Item[];
    expect(second).toEqual(all.slice(4));
  });

  it('defaults to 30 items', async () => {
    const x = await setup();
    const card = await x.addCard('Very busy', { assignee: x.member.id });
    for (let n = 0; n < 31; n++) await x.move(card.id, n % 2 === 0 ? x.review.id : x.todo.id);
    expect((await activity(x.memberToken)).body.items).toHaveLength(30);
    expect((await activity(x.memberToken, '?limit=100')).body.items).toHaveLength(32);
  });

  it('cuts a comment to 140 characters on one line, and names an actor whose account is gone', async () => {
    const x = await setup();
    const card = await x.addCard('Long thread', { assignee: x.member.id });
    const leaver = await t.createUser({ company: x.company });
    const leaverToken = await t.signIn(leaver.email);
    await x.comment(card.id, `${'word '.repeat(60)}\n\nend`, leaverToken);
    expect((await t.call('DELETE', '/users/me', { token: leaverToken })).status).toBe(200);

    const [item] = (await activity(x.memberToken, '?limit=1')).body.items;
    expect(item.type).toBe('comment.created');
    expect(item.actor).toEqual({ kind: 'human', id: leaver.id, name: 'Former member' });
    expect(item.comment.snippet).toHaveLength(140);
    expect(item.comment.snippet.endsWith('word…')).toBe(true);
    expect(item.comment.snippet).not.toMatch(/\s{2}|\n/);
  });

  it.each(['0', '101', '2.5', 'many'])('answers 400 to limit=%s', async (limit) => {
    const x = await setup();
    const response = await activity(x.memberToken, `?limit=${limit}`);
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.issues[0]).toMatchObject({ location: 'query', path: 'limit' });
  });

  it('answers 400 to a before that is not a positive integer', async () => {
    const x = await setup();
    const response = await activity(x.memberToken, '?before=-3');
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ path: 'before' });
  });

  it('is open to read keys, and answers 404 to a caller without a company', async () => {
    const x = await setup();
    const card = await x.addCard('The admin’s', { assignee: x.admin.id });
    await x.move(card.id, x.review.id, x.memberToken);
    const key = await t.createKey(x.adminToken, 'read');
    const response = await activity(key.secret);
    expect(response.status).toBe(200);
    expect(summary(response.body.items)).toEqual([`card.moved The admin’s by ${x.member.name}`]);
    const loner = await t.createUser();
    const refused = await activity(await t.signIn(loner.email));
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('NOT_FOUND');
  });
});
