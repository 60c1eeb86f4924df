import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, projects, teams } from '../../db/schema.ts';
import { rows } from '../../db/rows.ts';
import { fold } from '../../lib/fold.ts';
import { useTestApp } from '../../test/harness.ts';
import { PER_KIND } from './provider.ts';

const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;
let stranger: Awaited<ReturnType<typeof t.createOrg>>;
let board: Awaited<ReturnType<typeof t.createBoard>>;

const search = (q: string, extra = '', token = org.memberToken) =>
  t.call('GET', `/search?q=${encodeURIComponent(q)}${extra}`, { token });
const labels = (response: { body: { results: { label: string }[] } }) =>
  response.body.results.map((result) => result.label);

beforeAll(async () => {
  org = await t.createOrg();
  stranger = await t.createOrg();
  await t.createUser({ company: org.company, name: 'Zoë Café' });
  await t.ctx.db.insert(agents).values([
    { companyId: org.company.id, name: 'Cafébot', role: 'Support' },
    { companyId: org.company.id, name: 'Old Cafe Helper', status: 'completed' },
  ]);
  await t.ctx.db.insert(teams).values({ companyId: org.company.id, name: 'Cafe Crew' });
  board = await t.createBoard(org.adminToken, ['Todo'], 0);
  await t.call('PATCH', `/projects/${board.id}`, { token: org.adminToken, body: { name: 'Café roadmap' } });
  // Another company with look-alike names: never visible.
  await t.createUser({ company: stranger.company, name: 'Zoe Stranger Cafe' });
  await t.createBoard(stranger.adminToken, ['Todo'], 0);
  await t.ctx.db.insert(projects).values({ companyId: stranger.company.id, name: 'Secret cafe plans' });
});

describe('GET /search matching', () => {
  it('folds case and accents both ways: "cafe" finds Café, Cafébot and Zoë Café', async () => {
    for (const q of ['cafe', 'CAFE', 'Café', 'cafÉ']) {
      const response = await search(q);
      expect(response.status).toBe(200);
      expect(labels(response)).toEqual(expect.arrayContaining(['Café roadmap', 'Cafébot', 'Zoë Café', 'Cafe Crew']));
    }
    expect(labels(await search('zoe'))).toContain('Zoë Café');
    expect(labels(await search('ZOË'))).toContain('Zoë Café');
  });

  it('matches a substring anywhere in the name', async () => {
    expect(labels(await search('oadma'))).toEqual(['Café roadmap']);
    expect(labels(await search('é c'))).toContain('Zoë Café');
  });

  it('returns each result with kind, id, label, context, status and updatedAt (and agentId / projectId / archived)', async () => {
    const results = (await search('cafe')).body.results as Record<string, unknown>[];
    const byKind = Object.fromEntries(results.map((result) => [result.kind, result]));
    expect(byKind.project).toMatchObject({
      label: 'Café roadmap',
      projectId: board.id,
      archived: false,
      status: 'active',
    });
    expect(byKind.person).toMatchObject({ label: 'Zoë Café', status: 'active' });
    expect(byKind.team).toMatchObject({ label: 'Cafe Crew', context: 'Team · 0 members' });
    const bot = results.find((result) => result.label === 'Cafébot')!;
    expect(bot).toMatchObject({
      kind: 'agent',
      agentId: bot.id,
      archived: false,
      status: 'active',
      context: 'Support',
    });
    for (const result of results) {
      expect(Object.keys(result)).toEqual(
        expect.arrayContaining(['kind', 'id', 'label', 'context', 'status', 'updatedAt']),
      );
    }
  });

  it('includes completed agents, flagged archived', async () => {
    const old = (await search('helper')).body.results[0];
    expect(old).toMatchObject({ kind: 'agent', label: 'Old Cafe Helper', status: 'completed', archived: true });
  });

  it('flags archived projects and leaves archived cards out', async () => {
    const archivedBoard = await t.createBoard(org.adminToken, ['A'], 0);
    await t.call('PATCH', `/projects/${archivedBoard.id}`, {
      token: org.adminToken,
      body: { name: 'Mothballed widget plan', archived: true },
    });
    const card = await t.call('POST', `/projects/${board.id}/cards`, {
      token: org.adminToken,
      body: { columnId: board.columns[0]!.id, title: 'Mothballed widget card' },
    });
    const live = await t.call('POST', `/projects/${board.id}/cards`, {
      token: org.adminToken,
      body: { columnId: board.columns[0]!.id, title: 'Live widget card' },
    });
    await t.call('PATCH', `/projects/${board.id}/cards/${card.body.card.id}`, {
      token: org.adminToken,
      body: { archived: true },
    });
    const results = (await search('widget')).body.results as {
      kind: string;
      label: string;
      archived?: boolean;
      projectId?: string;
    }[];
    expect(results.find((result) => result.kind === 'project')).toMatchObject({
      label: 'Mothballed widget plan',
      archived: true,
    });
    expect(results.filter((result) => result.kind === 'card').map((result) => result.label)).toEqual([
      'Live widget card',
    ]);
    expect(results.find((result) => result.kind === 'card')).toMatchObject({ projectId: board.id, status: 'open' });
    expect(live.status).toBe(201);
  });

  it(`caps each kind at ${PER_KIND} rows, then applies limit overall`, async () => {
    for (let i = 0; i < 12; i++) {
      await t.call('POST', `/projects/${board.id}/cards`, {
        token: org.adminToken,
        body: { columnId: board.columns[0]!.id, title: `Gizmo ${i}` },
      });
    }
    await t.ctx.db
      .insert(projects)
      .values([1, 2, 3].map((n) => ({ companyId: org.company.id, name: `Gizmo project ${n}` })));
    const all = (await search('gizmo', '&limit=100')).body.results as { kind: string }[];
    expect(all.filter((result) => result.kind === 'card')).toHaveLength(PER_KIND);
    expect(all.filter((result) => result.kind === 'project')).toHaveLength(3);
    expect(all).toHaveLength(PER_KIND + 3);
    expect((await search('gizmo', '&limit=5')).body.results).toHaveLength(5);
    // The default limit is 20.
    expect((await search('gizmo')).body.results).toHaveLength(11);
  });

  it('ranks exact, then prefix, then word start, then anywhere; ties by most recent change', async () => {
    const add = (title: string) =>
      t.call('POST', `/projects/${board.id}/cards`, {
        token: org.adminToken,
        body: { columnId: board.columns[0]!.id, title },
      });
    // Created worst first, so recency alone would give the reverse order.
    await add('Minisprocket anywhere');
    await add('big sprocket word start');
    await add('sprocket prefix older');
    await add('sprocket prefix newer');
    await add('Sprocket');
    const cards = ((await search('sprocket')).body.results as { kind: string; label: string }[])
      .filter((result) => result.kind === 'card')
      .map((result) => result.label);
    expect(cards).toEqual([
      'Sprocket',
      'sprocket prefix newer',
      'sprocket prefix older',
      'big sprocket word start',
      'Minisprocket anywhere',
    ]);
  });

  it('keeps that order when a better class fills part of the cap and recency favours worse ones', async () => {
    const add = (title: string) =>
      t.call('POST', `/projects/${board.id}/cards`, {
        token: org.adminToken,
        body: { columnId: board.columns[0]!.id, title },
      });
    // Best class oldest, worst newest: 6 prefix, 5 word start, 3 anywhere.
    for (let i = 0; i < 6; i++) await add(`Trellis ${i}`);
    for (let i = 0; i < 5; i++) await add(`old trellis ${i}`);
    for (let i = 0; i < 3; i++) await add(`latrellis ${i}`);
    const cards = ((await search('trellis', '&limit=100')).body.results as { kind: string; label: string }[])
      .filter((result) => result.kind === 'card')
      .map((result) => result.label);
    expect(cards).toEqual([
      'Trellis 5',
      'Trellis 4',
      'Trellis 3',
      'Trellis 2',
      'Trellis 1',
      'Trellis 0',
      'old trellis 4',
      'old trellis 3',
    ]);
    // One letter: too short for trigrams, same rules.
    const single = ((await search('t', '&limit=100')).body.results as { kind: string; label: string }[]).filter(
      (result) => result.kind === 'card',
    );
    expect(single).toHaveLength(PER_KIND);
    expect(single[0]!.label).toBe('Trellis 5');
  });

  it('treats % and _ as ordinary characters', async () => {
    await t.call('POST', `/projects/${board.id}/cards`, {
      token: org.adminToken,
      body: { columnId: board.columns[0]!.id, title: 'Discount 50% off' },
    });
    expect(labels(await search('50%'))).toEqual(['Discount 50% off']);
    expect((await search('%')).body.results.map((result: { label: string }) => result.label)).toEqual([
      'Discount 50% off',
    ]);
    expect((await search('_')).body.results).toEqual([]);
  });

  it('never returns another company’s data', async () => {
    const results = (await search('cafe', '&limit=100')).body.results as { label: string }[];
    expect(results.map((result) => result.label)).not.toEqual(expect.arrayContaining(['Zoe Stranger Cafe']));
    expect(results.map((result) => result.label)).not.toContain('Secret cafe plans');
    const theirs = labels(await search('cafe', '&limit=100', stranger.memberToken));
    expect(theirs).toEqual(expect.arrayContaining(['Zoe Stranger Cafe', 'Secret cafe plans']));
    expect(theirs).not.toContain('Zoë Café');
  });

  it('gives an admin and a member the same results', async () => {
    expect((await search('cafe', '', org.adminToken)).body).toEqual((await search('cafe', '', org.memberToken)).body);
  });

  it('works with a read-only key', async () => {
    const key = await t.createKey(org.adminToken, 'read');
    expect((await search('cafe', '', key.secret)).status).toBe(200);
  });
});

describe('GET /search bounds', () => {
  it.each([
    ['an empty query', '', 'q'],
    ['a blank query', '   ', 'q'],
    ['81 characters', 'x'.repeat(81), 'q'],
    ['limit 0', 'cafe&limit=0', 'limit'],
    ['limit 101', 'cafe&limit=101', 'limit'],
    ['limit 1.5', 'cafe&limit=1.5', 'limit'],
    ['limit abc', 'cafe&limit=abc', 'limit'],
    ['only accents (nothing left once folded)', '\u0301\u0308', 'q'],
  ])('400 for %s', async (_label, query, field) => {
    const [q, ...rest] = query.split('&');
    const response = await search(q!, rest.length ? `&${rest.join('&')}` : '');
    expect(response.status).toBe(400);
    expect(response.body.issues[0]).toMatchObject({ location: 'query', path: field });
  });

  it('400 without q at all', async () => {
    expect((await t.call('GET', '/search', { token: org.memberToken })).status).toBe(400);
  });

  it('accepts 80 characters, 80 after trimming, and limits 1 and 100', async () => {
    expect((await search('x'.repeat(80))).status).toBe(200);
    expect((await search(`  ${'x'.repeat(80)}  `)).status).toBe(200);
    expect((await search('cafe', '&limit=1')).body.results).toHaveLength(1);
    expect((await search('cafe', '&limit=100')).status).toBe(200);
  });

  it('is 404 (not 403) for a user without a company', async () => {
    const loner = await t.createUser({ name: 'Cafe Loner' });
    const response = await search('cafe', '', await t.signIn(loner.email));
    expect(response.status).toBe(404);
    expect(response.body.code).toBe('NOT_FOUND');
  });
});

describe('folding', () => {
  it('the database folds names exactly as the query is folded', async () => {
    const samples = [
      'Zoë Café',
      'ÅNGSTRÖM',
      'naïve façade',
      'Crème Brûlée',
      'Ǆemal',
      'İstanbul',
      'Ελληνικά',
      'straße',
      'e\u0301\u20d7',
    ];
    const result = await t.ctx.db.execute(
      sql`select v as value, workspace_fold(v) as folded from unnest(${sql.param(samples)}::text[]) as v`,
    );
    for (const row of rows<{ value: string; folded: string }>(result)) {
      expect(row.folded, row.value).toBe(fold(row.value));
    }
  });
});
