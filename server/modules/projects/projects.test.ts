import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;

beforeAll(async () => {
  org = await t.createOrg();
});

describe('projects', () => {
  it('creates a project with default columns and lists it', async () => {
    const created = await t.call('POST', '/projects', {
      token: org.memberToken,
      body: { name: ' Roadmap ', description: 'Q1' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Roadmap',
      description: 'Q1',
      archived: false,
      archivedAt: null,
      cardCount: 0,
    });
    const detail = await t.call('GET', `/projects/${created.body.id}`, { token: org.adminToken });
    expect(detail.body.columns.map((column: { name: string }) => column.name)).toEqual([
      'To do',
      'In progress',
      'Done',
    ]);
    const list = await t.call('GET', '/projects', { token: org.memberToken });
    expect(list.body.projects.map((project: { id: string }) => project.id)).toContain(created.body.id);
  });

  it('lists each project with its count of live cards', async () => {
    const board = await t.createBoard(org.memberToken, ['A', 'B'], 2);
    await t.call('PATCH', `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`, {
      token: org.memberToken,
      body: { archived: true },
    });
    const list = await t.call('GET', '/projects', { token: org.memberToken });
    expect(list.body.projects.find((project: { id: string }) => project.id === board.id).cardCount).toBe(3);
  });

  it('lastActivityAt follows the board: card moves and edits bring a project to the top of the list', async () => {
    const older = await t.createBoard(org.memberToken, ['A', 'B'], 1);
    const newer = await t.createBoard(org.memberToken, ['A'], 1);
    const listed = async () => (await t.call('GET', '/projects', { token: org.memberToken })).body.projects;
    const before = (await listed()).find((project: { id: string }) => project.id === older.id);
    expect(Date.parse(before.lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(before.updatedAt));
    const ids = (await listed()).map((project: { id: string }) => project.id);
    expect(ids.indexOf(newer.id)).toBeLessThan(ids.indexOf(older.id));

    const card = older.columns[0]!.cards[0]!;
    const moved = await t.call('PATCH', `/projects/${older.id}/cards/${card.id}/move`, {
      token: org.memberToken,
      body: { columnId: older.columns[1]!.id, position: 0 },
    });
    expect(moved.status).toBe(200);
    const after = await listed();
    expect(after[0].id).toBe(older.id);
    expect(after[0].lastActivityAt).toBe(moved.body.card.updatedAt);
    // The project itself did not change.
    expect(after[0].updatedAt).toBe(before.updatedAt);
    const detail = await t.call('GET', `/projects/${older.id}`, { token: org.memberToken });
    expect(detail.body.lastActivityAt).toBe(moved.body.card.updatedAt);

    // Archiving a card is activity too.
    const edited = await t.call('PATCH', `/projects/${newer.id}/cards/${newer.columns[0]!.cards[0]!.id}`, {
      token: org.memberToken,
      body: { archived: true },
    });
    expect((await listed())[0]).toMatchObject({ id: newer.id, lastActivityAt: edited.body.updatedAt });
  });

  it('archives and unarchives; archived projects stay listed, flagged', async () => {
    const board = await t.createBoard(org.memberToken, ['A'], 2);
    const archived = await t.call('PATCH', `/projects/${board.id}`, {
      token: org.memberToken,
      body: { archived: true },
    });
    expect(archived.body).toMatchObject({ archived: true, cardCount: 2 });
    expect(archived.body.archivedAt).not.toBeNull();
    const listed = (await t.call('GET', '/projects', { token: org.memberToken })).body.projects.find(
      (project: { id: string }) => project.id === board.id,
    );
    expect(listed.archived).toBe(true);
    const back = await t.call('PATCH', `/projects/${board.id}`, { token: org.memberToken, body: { archived: false } });
    expect(back.body).toMatchObject({ archived: false, archivedAt: null });
  });

  it('the board embeds comment copies {author, at, text} on each live card, and no archived cards', async () => {
    const board = await t.createBoard(org.memberToken, ['A'], 2);
    const [first, second] = board.columns[0]!.cards;
    await t.call('POST', `/projects/${board.id}/cards/${first!.id}/comments`, {
      token: org.memberToken,
      body: { text: 'Looks good' },
    });
    await t.call('PATCH', `/projects/${board.id}/cards/${second!.id}`, {
      token: org.memberToken,
      body: { archived: true },
    });
    const detail = (await t.call('GET', `/projects/${board.id}`, { token: org.memberToken })).body;
    const cards = detail.columns[0].cards;
    expect(cards.map((card: { id: string }) => card.id)).toEqual([first!.id]);
    expect(cards[0].comments).toEqual([{ author: org.member.name, at: expect.any(String), text: 'Looks good' }]);
    expect(detail.cardCount).toBe(1);
  });

  it('another company’s project is 404; a user without a company gets 404 for the list', async () => {
    const board = await t.createBoard(org.memberToken, ['A']);
    const stranger = await t.createOrg();
    expect((await t.call('GET', `/projects/${board.id}`, { token: stranger.memberToken })).status).toBe(404);
    expect(
      (await t.call('PATCH', `/projects/${board.id}`, { token: stranger.adminToken, body: { name: 'x' } })).status,
    ).toBe(404);
    expect((await t.call('GET', '/projects', { token: stranger.memberToken })).body.projects).toEqual([]);
    const loner = await t.createUser();
    expect((await t.call('GET', '/projects', { token: await t.signIn(loner.email) })).status).toBe(404);
  });

  it('validates names', async () => {
    const response = await t.call('POST', '/projects', { token: org.memberToken, body: { name: '' } });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('name');
  });
});

describe('columns', () => {
  it('adds at a position, renames, sets a WIP limit, reorders', async () => {
    const board = await t.createBoard(org.memberToken, ['A', 'B']);
    const added = await t.call('POST', `/projects/${board.id}/columns`, {
      token: org.memberToken,
      body: { name: 'Review', position: 1, wipLimit: 3 },
    });
    expect(added.status).toBe(201);
    expect(added.body.columns.map((column: { name: string }) => column.name)).toEqual(['A', 'Review', 'B']);
    expect(added.body.column).toMatchObject({ name: 'Review', position: 1, wipLimit: 3 });
    const moved = await t.call('PATCH', `/projects/${board.id}/columns/${added.body.column.id}`, {
      token: org.memberToken,
      body: { position: 5, name: 'QA', wipLimit: null },
    });
    expect(moved.body.columns.map((column: { name: string }) => column.name)).toEqual(['A', 'B', 'QA']);
    expect(moved.body.column).toMatchObject({ name: 'QA', position: 2, wipLimit: null });
  });

  it('deletes an empty column, but refuses one with live cards (409, with a message)', async () => {
    const board = await t.createBoard(org.memberToken, ['A', 'B'], 0);
    const [a, b] = board.columns;
    await t.call('POST', `/projects/${board.id}/cards`, {
      token: org.memberToken,
      body: { columnId: a!.id, title: 'x' },
    });
    await t.call('POST', `/projects/${board.id}/cards`, {
      token: org.memberToken,
      body: { columnId: a!.id, title: 'y' },
    });
    const refused = await t.call('DELETE', `/projects/${board.id}/columns/${a!.id}`, { token: org.memberToken });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ error: '“A” still has 2 cards; move or archive them first', code: 'CONFLICT' });
    const deleted = await t.call('DELETE', `/projects/${board.id}/columns/${b!.id}`, { token: org.memberToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body.columns.map((column: { id: string }) => column.id)).toEqual([a!.id]);
  });

  it('a WIP limit out of range is 400', async () => {
    const board = await t.createBoard(org.memberToken, ['A']);
    const response = await t.call('PATCH', `/projects/${board.id}/columns/${board.columns[0]!.id}`, {
      token: org.memberToken,
      body: { wipLimit: 0 },
    });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('wipLimit');
  });
});
