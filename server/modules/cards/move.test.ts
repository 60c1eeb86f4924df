import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../../db/rows.ts';
import { agents } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let token: string;
let readKey: string;
let org: Awaited<ReturnType<typeof t.createOrg>>;

beforeAll(async () => {
  org = await t.createOrg();
  token = org.memberToken;
  readKey = (await t.createKey(org.adminToken, 'read')).secret;
});

const move = (projectId: string, cardId: string, body: unknown, as = token) =>
  t.call('PATCH', `/projects/${projectId}/cards/${cardId}/move`, { token: as, body });

/** A board A: a1..a4, B: b1..b3, C: empty. */
async function board() {
  const created = await t.createBoard(token, ['A', 'B', 'C'], 0);
  const [a, b, c] = created.columns as [
    (typeof created.columns)[0],
    (typeof created.columns)[0],
    (typeof created.columns)[0],
  ];
  const ids: Record<string, string> = {};
  for (const [column, titles] of [
    [a, ['a1', 'a2', 'a3', 'a4']],
    [b, ['b1', 'b2', 'b3']],
  ] as const) {
    for (const title of titles) {
      const response = await t.call('POST', `/projects/${created.id}/cards`, {
        token,
        body: { columnId: column.id, title },
      });
      ids[title] = response.body.card.id;
    }
  }
  const name = (id: string) => Object.entries(ids).find(([, value]) => value === id)?.[0];
  const order = async () => {
    const columns = await t.boardOrder(token, created.id);
    return { A: columns[a.id]!.map(name), B: columns[b.id]!.map(name), C: columns[c.id]!.map(name) };
  };
  return { projectId: created.id, a: a.id, b: b.id, c: c.id, ids, name, order };
}

describe('PATCH /projects/{projectId}/cards/{cardId}/move', () => {
  it('position 0 puts the card at the top of another column; both columns come back', async () => {
    const x = await board();
    const response = await move(x.projectId, x.ids.a3!, { columnId: x.b, position: 0 });
    expect(response.status).toBe(200);
    expect(response.body.card).toMatchObject({ id: x.ids.a3, column: x.b });
    expect(response.body.columns).toEqual([
      { id: x.a, cardIds: [x.ids.a1, x.ids.a2, x.ids.a4] },
      { id: x.b, cardIds: [x.ids.a3, x.ids.b1, x.ids.b2, x.ids.b3] },
    ]);
    expect(await x.order()).toEqual({ A: ['a1', 'a2', 'a4'], B: ['a3', 'b1', 'b2', 'b3'], C: [] });
  });

  it('answers the card exactly as reading it does, with every optional field set or absent', async () => {
    const x = await board();
    const [agent] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Sorter' }).returning();
    const full = {
      title: 'Everything set',
      description: 'All fields',
      priority: 'high',
      labels: ['launch', 'blog'],
      checklist: [
        { text: 'Outline', done: true },
        { text: 'Draft', done: false },
      ],
      due: '2026-12-24T17:00:00.000Z',
      blocked: 'Waiting for legal',
      assignee: org.admin.id,
    };
    const cards = [
      x.ids.a1!,
      (await t.call('POST', `/projects/${x.projectId}/cards`, { token, body: { columnId: x.a, ...full } })).body.card
        .id,
      (
        await t.call('POST', `/projects/${x.projectId}/cards`, {
          token,
          body: { columnId: x.a, title: 'For the agent', assignee: agent!.id },
        })
      ).body.card.id,
    ];
    const comments = `/projects/${x.projectId}/cards/${cards[1]}/comments`;
    const root = await t.call('POST', comments, { token, body: { text: 'First <b>thought</b> "quoted"' } });
    await t.call('POST', comments, { token, body: { text: 'A reply', parentId: root.body.id } });
    for (const [i, cardId] of cards.entries()) {
      const moved = await move(x.projectId, cardId, { columnId: x.c, position: i });
      expect(moved.status).toBe(200);
      const read = await t.call('GET', `/projects/${x.projectId}/cards/${cardId}`, { token });
      expect(moved.body.card).toStrictEqual(read.body);
    }
    const read = (id: string) => t.call('GET', `/projects/${x.projectId}/cards/${id}`, { token });
    expect(Object.keys((await read(cards[0]!)).body)).not.toEqual(
      expect.arrayContaining(['due', 'blocked', 'assignee']),
    );
    expect((await read(cards[1]!)).body).toMatchObject({ ...full, assigneeKind: 'human', comments: [{}, {}] });
    expect((await read(cards[2]!)).body).toMatchObject({ assignee: agent!.id, assigneeKind: 'agent' });
  });

  it('a middle position takes that rank', async () => {
    const x = await board();
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: 2 });
    expect(response.body.columns[1].cardIds.map(x.name)).toEqual(['b1', 'b2', 'a1', 'b3']);
    expect(await x.order()).toEqual({ A: ['a2', 'a3', 'a4'], B: ['b1', 'b2', 'a1', 'b3'], C: [] });
  });

  it('a position past the end puts the card at the bottom', async () => {
    const x = await board();
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: 99 });
    expect(response.status).toBe(200);
    expect(response.body.columns[1].cardIds.map(x.name)).toEqual(['b1', 'b2', 'b3', 'a1']);
  });

  it('a position beyond 32-bit integers is still just past the end', async () => {
    const x = await board();
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: Number.MAX_SAFE_INTEGER });
    expect(response.status).toBe(200);
    expect(response.body.columns[1].cardIds.map(x.name)).toEqual(['b1', 'b2', 'b3', 'a1']);
  });

  it('into an empty column', async () => {
    const x = await board();
    const response = await move(x.projectId, x.ids.b2!, { columnId: x.c, position: 0 });
    expect(response.body.columns).toEqual([
      { id: x.b, cardIds: [x.ids.b1, x.ids.b3] },
      { id: x.c, cardIds: [x.ids.b2] },
    ]);
  });

  it('within the same column: one entry, counted without the card itself', async () => {
    const x = await board();
    // a1 to rank 2 among [a2, a3, a4] → a2, a3, a1, a4
    const down = await move(x.projectId, x.ids.a1!, { columnId: x.a, position: 2 });
    expect(down.body.columns).toEqual([{ id: x.a, cardIds: [x.ids.a2, x.ids.a3, x.ids.a1, x.ids.a4] }]);
    // a4 to the top
    const up = await move(x.projectId, x.ids.a4!, { columnId: x.a, position: 0 });
    expect(up.body.columns[0].cardIds.map(x.name)).toEqual(['a4', 'a2', 'a3', 'a1']);
    // to its own rank: nothing changes
    const same = await move(x.projectId, x.ids.a2!, { columnId: x.a, position: 1 });
    expect(same.body.columns[0].cardIds.map(x.name)).toEqual(['a4', 'a2', 'a3', 'a1']);
    // past the end within the column
    const last = await move(x.projectId, x.ids.a4!, { columnId: x.a, position: 10 });
    expect(last.body.columns[0].cardIds.map(x.name)).toEqual(['a2', 'a3', 'a1', 'a4']);
    expect(await x.order()).toEqual({ A: ['a2', 'a3', 'a1', 'a4'], B: ['b1', 'b2', 'b3'], C: [] });
  });

  it('archived cards are not counted in positions', async () => {
    const x = await board();
    await t.call('PATCH', `/projects/${x.projectId}/cards/${x.ids.b1}`, { token, body: { archived: true } });
    // Live B is [b2, b3]: position 1 lands between them.
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: 1 });
    expect(response.body.columns[1].cardIds.map(x.name)).toEqual(['b2', 'a1', 'b3']);
    expect((await x.order()).B).toEqual(['b2', 'a1', 'b3']);
  });

  it('an archived card cannot be moved (409)', async () => {
    const x = await board();
    await t.call('PATCH', `/projects/${x.projectId}/cards/${x.ids.b1}`, { token, body: { archived: true } });
    const response = await move(x.projectId, x.ids.b1!, { columnId: x.a, position: 0 });
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('CONFLICT');
  });

  it.each([
    ['a negative position', { position: -1 }, 'position'],
    ['a fractional position', { position: 1.5 }, 'position'],
    ['a string position', { position: '1' }, 'position'],
    ['a missing position', { position: undefined }, 'position'],
    ['a malformed column id', { columnId: 'nope' }, 'columnId'],
  ])('400 for %s', async (_label, patch, field) => {
    const x = await board();
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: 0, ...patch });
    expect(response.status).toBe(400);
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
    expect(await x.order()).toEqual({ A: ['a1', 'a2', 'a3', 'a4'], B: ['b1', 'b2', 'b3'], C: [] });
  });

  it('a column of another project is 404 and changes nothing', async () => {
    const x = await board();
    const other = await t.createBoard(token, ['Elsewhere']);
    const response = await move(x.projectId, x.ids.a1!, { columnId: other.columns[0]!.id, position: 0 });
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
    expect(await x.order()).toEqual({ A: ['a1', 'a2', 'a3', 'a4'], B: ['b1', 'b2', 'b3'], C: [] });
  });

  it('records one card.moved event per accepted move, with who moved it and from which tab, and none for a refused one', async () => {
    const x = await board();
    const movedEvents = async () => {
      const result = await t.ctx.db.execute(sql`select payload from events where type = 'card.moved' order by id`);
      return rows<{ payload: string }>(result)
        .map((row) => JSON.parse(row.payload) as Record<string, unknown>)
        .filter((event) => event.projectId === x.projectId);
    };
    const other = await t.createBoard(token, ['Elsewhere']);
    expect((await move(x.projectId, x.ids.a1!, { columnId: other.columns[0]!.id, position: 0 })).status).toBe(404);
    await t.call('PATCH', `/projects/${x.projectId}/cards/${x.ids.b1}`, { token, body: { archived: true } });
    expect((await move(x.projectId, x.ids.b1!, { columnId: x.a, position: 0 })).status).toBe(409);
    expect(await movedEvents()).toEqual([]);

    const response = await t.call('PATCH', `/projects/${x.projectId}/cards/${x.ids.a2}/move`, {
      token,
      body: { columnId: x.c, position: 0 },
      headers: { 'x-client-id': 'tab-1' },
    });
    expect(response.status).toBe(200);
    expect(await movedEvents()).toEqual([
      { projectId: x.projectId, ...response.body, actorUserId: org.member.id, clientId: 'tab-1' },
    ]);
  });

  it('a card or project of another company is 404', async () => {
    const x = await board();
    const stranger = await t.createOrg();
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: 0 }, stranger.memberToken);
    expect(response.status).toBe(404);
    const unknownCard = await move(x.projectId, crypto.randomUUID(), { columnId: x.b, position: 0 });
    expect(unknownCard.status).toBe(404);
  });

  it('a read-only key gets 403 API_KEY_READ_ONLY', async () => {
    const x = await board();
    const response = await move(x.projectId, x.ids.a1!, { columnId: x.b, position: 0 }, readKey);
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('API_KEY_READ_ONLY');
  });

  it('keeps the order exact when inserts keep landing in the same gap (the column is renumbered)', async () => {
    const created = await t.createBoard(token, ['Only'], 0);
    const columnId = created.columns[0]!.id;
    const add = async (title: string, position?: number) =>
      (await t.call('POST', `/projects/${created.id}/cards`, { token, body: { columnId, title, position } })).body.card
        .id as string;
    const first = await add('first');
    const last = await add('last');
    const inserted: string[] = [];
    // Each new card goes between "first" and the previous newcomer: the gap halves every time.
    for (let i = 0; i < 45; i++) inserted.push(await add(`n${i}`, 1));
    const expected = [first, ...inserted.reverse(), last];
    expect((await t.boardOrder(token, created.id))[columnId]).toEqual(expected);
    // And moves into that crowded spot still land exactly.
    const moved = await move(created.id, last, { columnId, position: 1 });
    expect(moved.body.columns[0].cardIds).toEqual([first, last, ...expected.slice(1, -1)]);
    expect((await t.boardOrder(token, created.id))[columnId]).toEqual([first, last, ...expected.slice(1, -1)]);
  });

  it('two moves to the top of one column at once: the later one sees the earlier, nothing is lost', async () => {
    for (let round = 0; round < 5; round++) {
      const x = await board();
      const [first, second] = await Promise.all([
        move(x.projectId, x.ids.a1!, { columnId: x.c, position: 0 }),
        move(x.projectId, x.ids.b1!, { columnId: x.c, position: 0 }),
      ]);
      const final = (await t.boardOrder(token, x.projectId))[x.c]!;
      expect([...final].sort()).toEqual([x.ids.a1, x.ids.b1].sort());
      // Whichever ran second was computed after the first committed, so it lists both cards.
      const lists = [first, second].map((response) => response.body.columns.at(-1).cardIds as string[]);
      expect(lists.find((list) => list.length === 2)).toEqual(final);
    }
  });

  it('many simultaneous moves end in a consistent order with every card present once', async () => {
    const created = await t.createBoard(token, ['P', 'Q', 'R'], 6);
    const cardIds = created.columns.flatMap((column) => column.cards.map((card) => card.id));
    const columnIds = created.columns.map((column) => column.id);
    let seed = 42;
    const random = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const moves = Array.from({ length: 60 }, () => ({
      cardId: cardIds[random(cardIds.length)]!,
      columnId: columnIds[random(columnIds.length)]!,
      position: random(10),
    }));
    const responses = await Promise.all(
      moves.map((m) => move(created.id, m.cardId, { columnId: m.columnId, position: m.position })),
    );
    expect(responses.every((response) => response.status === 200)).toBe(true);

    const final = await t.boardOrder(token, created.id);
    const all = Object.values(final).flat();
    expect(all.sort()).toEqual([...cardIds].sort());
    expect(new Set(all).size).toBe(cardIds.length);
    // Every response was a consistent snapshot: its columns never hold a card twice.
    for (const response of responses) {
      const listed = response.body.columns.flatMap((column: { cardIds: string[] }) => column.cardIds);
      expect(new Set(listed).size).toBe(listed.length);
    }
    // Replaying the moves' events in order (the order they committed) gives exactly the final board.
    const events = await t.ctx.db.execute(sql`select payload from events where type = 'card.moved' order by id`);
    const replayed: Record<string, string[]> = {};
    for (const row of rows<{ payload: string }>(events)) {
      const data = JSON.parse(row.payload) as { projectId: string; columns: { id: string; cardIds: string[] }[] };
      if (data.projectId !== created.id) continue;
      for (const column of data.columns) replayed[column.id] = column.cardIds;
    }
    for (const [columnId, ids] of Object.entries(replayed)) expect(final[columnId]).toEqual(ids);
  });
});
