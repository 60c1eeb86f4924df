import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { wikiRevisions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
type Org = Awaited<ReturnType<typeof t.createOrg>>;
let org: Org;
let stranger: Org;

beforeAll(async () => {
  org = await t.createOrg();
  stranger = await t.createOrg();
});

type Page = { id: string; revisionId: string; parentId: string | null; position: number; title: string };

const MARK_A = '0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10';
const MARK_B = '1c9d6f2b-4a5e-4d3b-8e8f-3a2c7b0d9f21';
const unknownId = '7f000000-0000-4000-8000-000000000000';

/** A project of `org` and its wiki's base path. */
async function project(owner: Org = org) {
  const board = await t.createBoard(owner.adminToken, ['A'], 0);
  return { id: board.id, wiki: `/projects/${board.id}/wiki` };
}

async function create(wiki: string, body: Record<string, unknown>, token = org.memberToken): Promise<Page> {
  const response = await t.call('POST', wiki, { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body;
}

async function save(wiki: string, page: Page, body: Record<string, unknown>, token = org.memberToken) {
  const response = await t.call('PATCH', `${wiki}/${page.id}`, {
    token,
    body: { baseRevisionId: page.revisionId, ...body },
  });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Page & { markdown: string };
}

async function tree(wiki: string, query = '') {
  const response = await t.call('GET', `${wiki}${query}`, { token: org.memberToken });
  expect(response.status).toBe(200);
  return response.body.pages as Page[];
}

/** `title@position` of the live children of `parentId`, in order. */
async function children(wiki: string, parentId: string | null) {
  return (await tree(wiki))
    .filter((page) => page.parentId === parentId)
    .map((page) => `${page.title}@${page.position}`);
}

async function revisionCount(pageId: string) {
  const [row] = await t.ctx.db.select({ n: count() }).from(wikiRevisions).where(eq(wikiRevisions.pageId, pageId));
  return row!.n;
}

describe('pages', () => {
  it('creates a page with revision 1 and reads it back with its Markdown', async () => {
    const { id: projectId, wiki } = await project();
    const response = await t.call('POST', wiki, {
      token: org.memberToken,
      body: { title: '  Launch plan ', markdown: '# Launch\n\nWe ship on **Friday**.' },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      projectId,
      parentId: null,
      position: 0,
      title: 'Launch plan',
      revisionId: expect.any(String),
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      updatedBy: { name: org.member.name, userId: org.member.id },
      archivedAt: null,
      markdown: '# Launch\n\nWe ship on **Friday**.',
    });
    const read = await t.call('GET', `${wiki}/${response.body.id}`, { token: org.adminToken });
    expect(read.body).toEqual(response.body);
    const revisions = await t.call('GET', `${wiki}/${response.body.id}/revisions`, { token: org.memberToken });
    expect(revisions.body).toEqual({
      revisions: [
        {
          id: response.body.revisionId,
          pageId: response.body.id,
          number: 1,
          title: 'Launch plan',
          summary: 'Created',
          author: { name: org.member.name, userId: org.member.id },
          at: expect.any(String),
        },
      ],
      nextBefore: null,
    });
    // Without Markdown: an empty page.
    expect((await create(wiki, { title: 'Empty' })) as unknown).toMatchObject({ markdown: '', position: 1 });
  });

  it('validates the title (1..200 after trimming)', async () => {
    const { wiki } = await project();
    for (const title of ['', '   ', 'x'.repeat(201)]) {
      const response = await t.call('POST', wiki, { token: org.memberToken, body: { title } });
      expect(response.status, title).toBe(400);
      expect(response.body.issues[0].path).toBe('title');
    }
    expect((await t.call('POST', wiki, { token: org.memberToken, body: { title: 'x'.repeat(200) } })).status).toBe(201);
  });

  it('lists the tree flat: top level first, then by parent, each by position; positions dense', async () => {
    const { wiki } = await project();
    const a = await create(wiki, { title: 'A' });
    const b = await create(wiki, { title: 'B' });
    const first = await create(wiki, { title: 'First', position: 0 });
    const a2 = await create(wiki, { title: 'A2', parentId: a.id });
    const a1 = await create(wiki, { title: 'A1', parentId: a.id, position: 0 });
    await create(wiki, { title: 'Far', parentId: a.id, position: 99 });
    expect(first.position).toBe(0);
    expect(await children(wiki, null)).toEqual(['First@0', 'A@1', 'B@2']);
    expect(await children(wiki, a.id)).toEqual(['A1@0', 'A2@1', 'Far@2']);
    const pages = await tree(wiki);
    // Top-level pages come before any child.
    expect(pages.slice(0, 3).map((page) => page.title)).toEqual(['First', 'A', 'B']);
    expect(pages.map((page) => page.id)).toEqual(expect.arrayContaining([a1.id, a2.id, b.id]));
    expect(pages[0]).not.toHaveProperty('markdown');
  });

  it('refuses a parent of another project, an archived one, or a missing one (400 on parentId)', async () => {
    const { wiki } = await project();
    const other = await project();
    const elsewhere = await create(other.wiki, { title: 'Elsewhere' });
    const archived = await create(wiki, { title: 'Old' });
    await t.call('POST', `${wiki}/${archived.id}/archive`, { token: org.memberToken });
    for (const parentId of [elsewhere.id, archived.id, unknownId]) {
      const response = await t.call('POST', wiki, { token: org.memberToken, body: { title: 'Child', parentId } });
      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe('parentId');
    }
  });

  it('moves a page among its siblings and to another parent, keeping positions dense in both', async () => {
    const { wiki } = await project();
    const [a, b, c] = [
      await create(wiki, { title: 'A' }),
      await create(wiki, { title: 'B' }),
      await create(wiki, { title: 'C' }),
    ];
    const x = await create(wiki, { title: 'X', parentId: b!.id });
    const move = (page: Page, parentId: string | null, position: number) =>
      t.call('POST', `${wiki}/${page.id}/move`, { token: org.memberToken, body: { parentId, position } });

    const reordered = await move(c!, null, 0);
    expect(reordered.status).toBe(200);
    expect(reordered.body.pages.filter((page: Page) => page.parentId === null).map((page: Page) => page.title)).toEqual(
      ['C', 'A', 'B'],
    );
    expect(await children(wiki, null)).toEqual(['C@0', 'A@1', 'B@2']);
    // Down within the same parent: the position counts the siblings without the page.
    await move(c!, null, 2);
    expect(await children(wiki, null)).toEqual(['A@0', 'B@1', 'C@2']);

    await move(a!, b!.id, 0);
    expect(await children(wiki, null)).toEqual(['B@0', 'C@1']);
    expect(await children(wiki, b!.id)).toEqual(['A@0', 'X@1']);
    // Past the end: last.
    await move(c!, b!.id, 50);
    expect(await children(wiki, b!.id)).toEqual(['A@0', 'X@1', 'C@2']);
    expect(await children(wiki, null)).toEqual(['B@0']);
    // Back to the top level.
    await move(x, null, 0);
    expect(await children(wiki, null)).toEqual(['X@0', 'B@1']);
    expect(await children(wiki, b!.id)).toEqual(['A@0', 'C@1']);
  });

  it('refuses a move that would make a cycle: under itself, its child or a deeper descendant', async () => {
    const { wiki } = await project();
    const top = await create(wiki, { title: 'Top' });
    const child = await create(wiki, { title: 'Child', parentId: top.id });
    const grandchild = await create(wiki, { title: 'Grandchild', parentId: child.id });
    for (const parentId of [top.id, child.id, grandchild.id]) {
      const response = await t.call('POST', `${wiki}/${top.id}/move`, {
        token: org.memberToken,
        body: { parentId, position: 0 },
      });
      expect(response.status, parentId).toBe(400);
      expect(response.body.issues[0]).toMatchObject({ path: 'parentId', message: expect.stringContaining('cycle') });
    }
    expect(await children(wiki, null)).toEqual(['Top@0']);
    expect(await children(wiki, top.id)).toEqual(['Child@0']);
    // Moving a descendant up is fine.
    const ok = await t.call('POST', `${wiki}/${grandchild.id}/move`, {
      token: org.memberToken,
      body: { parentId: top.id, position: 0 },
    });
    expect(ok.status).toBe(200);
  });

  it('refuses a move under a page of another project or an archived one (400)', async () => {
    const { wiki } = await project();
    const other = await project();
    const page = await create(wiki, { title: 'Page' });
    const elsewhere = await create(other.wiki, { title: 'Elsewhere' });
    const archived = await create(wiki, { title: 'Archived' });
    await t.call('POST', `${wiki}/${archived.id}/archive`, { token: org.memberToken });
    for (const parentId of [elsewhere.id, archived.id]) {
      const response = await t.call('POST', `${wiki}/${page.id}/move`, {
        token: org.memberToken,
        body: { parentId, position: 0 },
      });
      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe('parentId');
    }
  });

  it('archives a page with its descendants (one timestamp), lists them with archived=true, restores them', async () => {
    const { wiki } = await project();
    const a = await create(wiki, { title: 'A' });
    const b = await create(wiki, { title: 'B' });
    await create(wiki, { title: 'C' });
    const b1 = await create(wiki, { title: 'B1', parentId: b.id });
    const b2 = await create(wiki, { title: 'B2', parentId: b.id });
    const b11 = await create(wiki, { title: 'B11', parentId: b1.id });

    const archived = await t.call('POST', `${wiki}/${b.id}/archive`, { token: org.memberToken });
    expect(archived.status).toBe(200);
    expect(archived.body.pages.map((page: Page) => page.title)).toEqual(['A', 'C']);
    expect(await children(wiki, null)).toEqual(['A@0', 'C@1']);
    const gone = await tree(wiki, '?archived=true');
    expect(gone.map((page) => page.id).sort()).toEqual([b.id, b1.id, b2.id, b11.id].sort());
    const stamps = new Set(gone.map((page) => (page as unknown as { archivedAt: string }).archivedAt));
    expect(stamps.size).toBe(1);
    expect([...stamps][0]).toEqual(expect.any(String));
    // Archived pages stay readable.
    const read = await t.call('GET', `${wiki}/${b1.id}`, { token: org.memberToken });
    expect(read.status).toBe(200);
    expect(read.body.archivedAt).toEqual([...stamps][0]);

    const restored = await t.call('POST', `${wiki}/${b.id}/restore`, { token: org.memberToken });
    expect(restored.status).toBe(200);
    // Back last among its parent's live children, its subtree in its places.
    expect(await children(wiki, null)).toEqual(['A@0', 'C@1', 'B@2']);
    expect(await children(wiki, b.id)).toEqual(['B1@0', 'B2@1']);
    expect(await children(wiki, b1.id)).toEqual(['B11@0']);
    expect(await tree(wiki, '?archived=true')).toEqual([]);
    expect(a.id).toBeDefined();
  });

  it('restores only what was archived with the page; a page whose parent is still archived goes to the top, last', async () => {
    const { wiki } = await project();
    const top = await create(wiki, { title: 'Top' });
    const other = await create(wiki, { title: 'Other' });
    const early = await create(wiki, { title: 'Early', parentId: top.id });
    const late = await create(wiki, { title: 'Late', parentId: top.id });
    const under = await create(wiki, { title: 'Under', parentId: late.id });
    await t.call('POST', `${wiki}/${early.id}/archive`, { token: org.memberToken });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await t.call('POST', `${wiki}/${top.id}/archive`, { token: org.memberToken });

    // Late (archived with Top) comes back alone: Top is still archived, so at the top level, last.
    await t.call('POST', `${wiki}/${late.id}/restore`, { token: org.memberToken });
    expect(await children(wiki, null)).toEqual(['Other@0', 'Late@1']);
    expect(await children(wiki, late.id)).toEqual(['Under@0']);
    // Top comes back without Early, archived before it.
    await t.call('POST', `${wiki}/${top.id}/restore`, { token: org.memberToken });
    expect(await children(wiki, null)).toEqual(['Other@0', 'Late@1', 'Top@2']);
    expect(await children(wiki, top.id)).toEqual([]);
    expect((await tree(wiki, '?archived=true')).map((page) => page.id)).toEqual([early.id]);
    // Restoring a live page, or archiving an archived one, changes nothing.
    expect((await t.call('POST', `${wiki}/${top.id}/restore`, { token: org.memberToken })).status).toBe(200);
    expect((await t.call('POST', `${wiki}/${early.id}/archive`, { token: org.memberToken })).status).toBe(200);
    expect(await children(wiki, null)).toEqual(['Other@0', 'Late@1', 'Top@2']);
    expect(other.id).toBeDefined();
    expect(under.id).toBeDefined();
  });

  it('an archived page is frozen: save, move and revision restore answer 409', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Frozen', markdown: 'ice' });
    await t.call('POST', `${wiki}/${page.id}/archive`, { token: org.memberToken });
    const saved = await t.call('PATCH', `${wiki}/${page.id}`, {
      token: org.memberToken,
      body: { baseRevisionId: page.revisionId, markdown: 'water' },
    });
    expect(saved.status).toBe(409);
    expect(saved.body.code).toBe('CONFLICT');
    const moved = await t.call('POST', `${wiki}/${page.id}/move`, {
      token: org.memberToken,
      body: { parentId: null, position: 0 },
    });
    expect(moved.status).toBe(409);
    const restored = await t.call('POST', `${wiki}/${page.id}/revisions/${page.revisionId}/restore`, {
      token: org.memberToken,
    });
    expect(restored.status).toBe(409);
    expect(await revisionCount(page.id)).toBe(1);
  });
});

describe('saving and revisions', () => {
  it('every save is a revision; a stale base answers 412 with the current page and stores nothing', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Plan', markdown: 'one' });
    const mine = await save(wiki, page, { markdown: 'one two' });
    expect(mine.revisionId).not.toBe(page.revisionId);
    expect(await revisionCount(page.id)).toBe(2);

    // A colleague still on revision 1.
    const stale = await t.call('PATCH', `${wiki}/${page.id}`, {
      token: org.adminToken,
      body: { baseRevisionId: page.revisionId, markdown: 'one three', title: 'Theirs' },
    });
    expect(stale.status).toBe(412);
    expect(stale.body).toEqual({
      error: expect.any(String),
      code: 'REVISION_CONFLICT',
      currentRevisionId: mine.revisionId,
      page: { ...mine },
    });
    expect(await revisionCount(page.id)).toBe(2);
    const current = await t.call('GET', `${wiki}/${page.id}`, { token: org.memberToken });
    expect(current.body).toMatchObject({ title: 'Plan', markdown: 'one two', revisionId: mine.revisionId });
    // A base that was never a revision of the page is stale too.
    const unknown = await t.call('PATCH', `${wiki}/${page.id}`, {
      token: org.adminToken,
      body: { baseRevisionId: unknownId, markdown: 'x' },
    });
    expect(unknown.status).toBe(412);
  });

  it('an identical save creates no revision and answers the page unchanged', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Same', markdown: 'text' });
    const again = await save(wiki, page, { title: 'Same', markdown: 'text' });
    expect(again).toMatchObject({ revisionId: page.revisionId, updatedAt: (page as any).updatedAt });
    expect(await revisionCount(page.id)).toBe(1);
    const titleOnly = await save(wiki, page, { title: 'Same' });
    expect(titleOnly.revisionId).toBe(page.revisionId);
    expect(await revisionCount(page.id)).toBe(1);
  });

  it('needs baseRevisionId and one of title / markdown', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Body' });
    for (const body of [
      { markdown: 'x' },
      { baseRevisionId: page.revisionId },
      { baseRevisionId: 'nope', title: 'x' },
    ]) {
      const response = await t.call('PATCH', `${wiki}/${page.id}`, { token: org.memberToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('writes a summary when none is given, and keeps the one given', async () => {
    const { wiki } = await project();
    let page = await create(wiki, { title: 'Notes', markdown: 'alpha beta gamma' });
    page = await save(wiki, page, { markdown: 'alpha beta delta epsilon' });
    page = await save(wiki, page, { title: 'Renamed notes' });
    page = await save(wiki, page, { markdown: 'alpha', summary: 'Trimmed to the point' });
    await save(wiki, page, { title: 'Final', markdown: 'alpha omega' });
    const list = await t.call('GET', `${wiki}/${page.id}/revisions`, { token: org.memberToken });
    expect(list.body.revisions.map((revision: { summary: string }) => revision.summary)).toEqual([
      'Renamed to “Final”; edited: +1 −0 words',
      'Trimmed to the point',
      'Renamed to “Renamed notes”',
      'Edited: +2 −1 words',
      'Created',
    ]);
    const summary = await t.call('PATCH', `${wiki}/${page.id}`, {
      token: org.memberToken,
      body: { baseRevisionId: page.revisionId, markdown: 'x', summary: 's'.repeat(201) },
    });
    expect(summary.status).toBe(400);
  });

  it('lists revisions newest first, paged with before and nextBefore', async () => {
    const { wiki } = await project();
    let page = await create(wiki, { title: 'History', markdown: 'v1' });
    for (let n = 2; n <= 5; n++)
      page = await save(wiki, page, { markdown: `v${n}` }, n % 2 ? org.adminToken : undefined);
    const url = `${wiki}/${page.id}/revisions`;
    const first = await t.call('GET', `${url}?limit=2`, { token: org.memberToken });
    expect(first.body.revisions.map((revision: { number: number }) => revision.number)).toEqual([5, 4]);
    expect(first.body.nextBefore).toBe(first.body.revisions[1].id);
    expect(first.body.revisions[0].author).toEqual({ name: org.admin.name, userId: org.admin.id });
    expect(first.body.revisions[1].author).toEqual({ name: org.member.name, userId: org.member.id });
    const second = await t.call('GET', `${url}?limit=2&before=${first.body.nextBefore}`, { token: org.memberToken });
    expect(second.body.revisions.map((revision: { number: number }) => revision.number)).toEqual([3, 2]);
    const last = await t.call('GET', `${url}?limit=2&before=${second.body.nextBefore}`, { token: org.memberToken });
    expect(last.body.revisions.map((revision: { number: number }) => revision.number)).toEqual([1]);
    expect(last.body.nextBefore).toBeNull();
    // Exactly `limit` left: no next page.
    const exact = await t.call('GET', `${url}?limit=5`, { token: org.memberToken });
    expect(exact.body.nextBefore).toBeNull();
    expect((await t.call('GET', url, { token: org.memberToken })).body.revisions).toHaveLength(5);
    for (const query of ['limit=0', 'limit=101', 'limit=1.5', 'before=nope']) {
      const response = await t.call('GET', `${url}?${query}`, { token: org.memberToken });
      expect(response.status, query).toBe(400);
    }
    // A revision of another page as `before`.
    const other = await create(wiki, { title: 'Other' });
    const foreign = await t.call('GET', `${url}?before=${other.revisionId}`, { token: org.memberToken });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0]).toMatchObject({ location: 'query', path: 'before' });
  });

  it('reads one revision with its Markdown; unknown is 404, malformed 400', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Old title', markdown: 'first words' });
    await save(wiki, page, { title: 'New title', markdown: 'second words' });
    const response = await t.call('GET', `${wiki}/${page.id}/revisions/${page.revisionId}`, {
      token: org.memberToken,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      id: page.revisionId,
      number: 1,
      title: 'Old title',
      markdown: 'first words',
    });
    expect((await t.call('GET', `${wiki}/${page.id}/revisions/${unknownId}`, { token: org.memberToken })).status).toBe(
      404,
    );
    // A revision of another page through this page's path.
    const other = await create(wiki, { title: 'Other' });
    expect(
      (await t.call('GET', `${wiki}/${page.id}/revisions/${other.revisionId}`, { token: org.memberToken })).status,
    ).toBe(404);
    const malformed = await t.call('GET', `${wiki}/${page.id}/revisions/nope`, { token: org.memberToken });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues[0]).toMatchObject({ location: 'path', path: 'revisionId' });
  });

  it('restoring a revision creates a new revision with its title and Markdown', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Draft', markdown: 'original' });
    const edited = await save(wiki, page, { title: 'Edited', markdown: 'rewritten' });
    const restored = await t.call('POST', `${wiki}/${page.id}/revisions/${page.revisionId}/restore`, {
      token: org.adminToken,
    });
    expect(restored.status).toBe(201);
    expect(restored.body).toMatchObject({ title: 'Draft', markdown: 'original' });
    expect(restored.body.revisionId).not.toBe(page.revisionId);
    expect(restored.body.revisionId).not.toBe(edited.revisionId);
    expect(restored.body.updatedBy).toEqual({ name: org.admin.name, userId: org.admin.id });
    const list = await t.call('GET', `${wiki}/${page.id}/revisions`, { token: org.memberToken });
    expect(list.body.revisions[0]).toMatchObject({
      id: restored.body.revisionId,
      number: 3,
      summary: 'Restored revision 1',
      restoredFrom: page.revisionId,
    });
    expect(list.body.revisions[1]).not.toHaveProperty('restoredFrom');
    // Saving on the old base after a restore is stale.
    const stale = await t.call('PATCH', `${wiki}/${page.id}`, {
      token: org.memberToken,
      body: { baseRevisionId: edited.revisionId, markdown: 'late' },
    });
    expect(stale.status).toBe(412);
  });
});

describe('Markdown bounds and marks', () => {
  it('accepts 2 MiB of Markdown exactly and a 1.5 MiB page; one byte more is 413', async () => {
    const { wiki } = await project();
    const limit = 2 * 1024 * 1024;
    const large = await t.call('POST', wiki, {
      token: org.memberToken,
      body: { title: 'Large', markdown: 'word '.repeat((1.5 * 1024 * 1024) / 5) },
    });
    expect(large.status).toBe(201);
    const exact = await t.call('POST', wiki, {
      token: org.memberToken,
      body: { title: 'Exact', markdown: 'x'.repeat(limit) },
    });
    expect(exact.status).toBe(201);
    const over = await t.call('POST', wiki, {
      token: org.memberToken,
      body: { title: 'Over', markdown: 'x'.repeat(limit + 1) },
    });
    expect(over.status).toBe(413);
    expect(over.body.code).toBe('PAYLOAD_TOO_LARGE');
    // Counted in bytes of UTF-8: 1 Mi two-byte characters and one more byte.
    const wide = await t.call('PATCH', `${wiki}/${large.body.id}`, {
      token: org.memberToken,
      body: { baseRevisionId: large.body.revisionId, markdown: `${'é'.repeat(1024 * 1024)}x` },
    });
    expect(wide.status).toBe(413);
    expect(wide.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await revisionCount(large.body.id)).toBe(1);
    // A body over 3 MiB is refused before it is read.
    const huge = await t.call('PATCH', `${wiki}/${large.body.id}`, {
      token: org.memberToken,
      body: { baseRevisionId: large.body.revisionId, markdown: 'x'.repeat(3 * 1024 * 1024) },
    });
    expect(huge.status).toBe(413);
  });

  it('keeps the 1 MiB limit on every other operation', async () => {
    const board = await t.createBoard(org.memberToken, ['A'], 1);
    const card = board.columns[0]!.cards[0]!;
    const response = await t.call('POST', `/projects/${board.id}/cards/${card.id}/comments`, {
      token: org.memberToken,
      body: { text: 'x'.repeat(1.5 * 1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Page' });
    const comment = await t.call('POST', `${wiki}/${page.id}/comments`, {
      token: org.memberToken,
      body: { text: 'x'.repeat(1.5 * 1024 * 1024) },
    });
    expect(comment.status).toBe(413);
  });

  it('refuses malformed comment marks with 400 on markdown, on create and on save', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Marks', markdown: `[comment id="${MARK_A}"]fine[/comment]` });
    for (const markdown of [
      '[comment id="not-a-uuid"]x[/comment]',
      `[comment id="${MARK_A}"]never closed`,
      `[comment id="${MARK_A}"]spans\ntwo lines[/comment]`,
      `[comment id="${MARK_A}"]a [comment id="${MARK_B}"]b[/comment][/comment]`,
      'stray [/comment]',
    ]) {
      const created = await t.call('POST', wiki, { token: org.memberToken, body: { title: 'Bad', markdown } });
      expect(created.status, markdown).toBe(400);
      expect(created.body.issues[0]).toMatchObject({ path: 'markdown', message: expect.stringMatching(/^line \d+: /) });
      const saved = await t.call('PATCH', `${wiki}/${page.id}`, {
        token: org.memberToken,
        body: { baseRevisionId: page.revisionId, markdown },
      });
      expect(saved.status, markdown).toBe(400);
    }
    expect(await revisionCount(page.id)).toBe(1);
    // In code, and escaped, the same text is fine.
    const code = await t.call('POST', wiki, {
      token: org.memberToken,
      body: { title: 'Code', markdown: '```\n[comment id="x"]\n```\n\n`[/comment]` and \\[comment id="x"]' },
    });
    expect(code.status).toBe(201);
  });
});

describe('ids, companies and keys', () => {
  it('malformed page, revision and comment ids are 400; unknown ones 404', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Page' });
    const token = org.memberToken;
    const malformed: [string, string, unknown?][] = [
      ['GET', `${wiki}/nope`],
      ['PATCH', `${wiki}/nope`, { baseRevisionId: page.revisionId, title: 'x' }],
      ['POST', `${wiki}/nope/move`, { parentId: null, position: 0 }],
      ['POST', `${wiki}/nope/archive`],
      ['POST', `${wiki}/nope/restore`],
      ['GET', `${wiki}/nope/revisions`],
      ['GET', `${wiki}/${page.id}/revisions/nope`],
      ['POST', `${wiki}/${page.id}/revisions/nope/restore`],
      ['GET', `${wiki}/nope/comments`],
      ['PATCH', `${wiki}/${page.id}/comments/nope`, { text: 'x' }],
      ['DELETE', `${wiki}/${page.id}/comments/nope`],
      ['GET', '/projects/nope/wiki'],
    ];
    for (const [method, path, body] of malformed) {
      const response = await t.call(method, path, { token, body });
      expect(response.status, `${method} ${path}`).toBe(400);
      expect(response.body.issues[0].location, `${method} ${path}`).toBe('path');
    }
    const unknown: [string, string, unknown?][] = [
      ['GET', `${wiki}/${unknownId}`],
      ['PATCH', `${wiki}/${unknownId}`, { baseRevisionId: page.revisionId, title: 'x' }],
      ['POST', `${wiki}/${unknownId}/move`, { parentId: null, position: 0 }],
      ['POST', `${wiki}/${unknownId}/archive`],
      ['POST', `${wiki}/${unknownId}/restore`],
      ['GET', `${wiki}/${unknownId}/revisions`],
      ['GET', `${wiki}/${unknownId}/revisions/${page.revisionId}`],
      ['GET', `${wiki}/${page.id}/revisions/${unknownId}`],
      ['POST', `${wiki}/${page.id}/revisions/${unknownId}/restore`],
      ['GET', `${wiki}/${unknownId}/comments`],
      ['POST', `${wiki}/${unknownId}/comments`, { text: 'x' }],
      ['PATCH', `${wiki}/${page.id}/comments/${unknownId}`, { text: 'x' }],
      ['DELETE', `${wiki}/${page.id}/comments/${unknownId}`],
      ['GET', `/projects/${unknownId}/wiki`],
      ['POST', `/projects/${unknownId}/wiki`, { title: 'x' }],
    ];
    for (const [method, path, body] of unknown) {
      const response = await t.call(method, path, { token, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
  });

  it('another company gets 404 on every operation, and changes nothing', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Secret plan', markdown: `[comment id="${MARK_A}"]x[/comment]` });
    const root = (await t.call('POST', `${wiki}/${page.id}/comments`, { token: org.memberToken, body: { text: 'hi' } }))
      .body;
    const operations: [string, string, unknown?][] = [
      ['GET', wiki],
      ['POST', wiki, { title: 'Intruder' }],
      ['GET', `${wiki}/${page.id}`],
      ['PATCH', `${wiki}/${page.id}`, { baseRevisionId: page.revisionId, title: 'Hijacked' }],
      ['POST', `${wiki}/${page.id}/move`, { parentId: null, position: 0 }],
      ['POST', `${wiki}/${page.id}/archive`],
      ['POST', `${wiki}/${page.id}/restore`],
      ['GET', `${wiki}/${page.id}/revisions`],
      ['GET', `${wiki}/${page.id}/revisions/${page.revisionId}`],
      ['POST', `${wiki}/${page.id}/revisions/${page.revisionId}/restore`],
      ['GET', `${wiki}/${page.id}/comments`],
      ['POST', `${wiki}/${page.id}/comments`, { text: 'hi', anchor: MARK_A }],
      ['PATCH', `${wiki}/${page.id}/comments/${root.id}`, { resolved: true }],
      ['DELETE', `${wiki}/${page.id}/comments/${root.id}`],
    ];
    for (const token of [stranger.adminToken, stranger.memberToken]) {
      for (const [method, path, body] of operations) {
        const response = await t.call(method, path, { token, body });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(response.body.code).toBe('NOT_FOUND');
      }
    }
    // A page of one project through another project of the same company is not found either.
    const other = await project();
    expect((await t.call('GET', `${other.wiki}/${page.id}`, { token: org.memberToken })).status).toBe(404);
    expect(await tree(wiki)).toHaveLength(1);
    expect(await revisionCount(page.id)).toBe(1);
    const comments = await t.call('GET', `${wiki}/${page.id}/comments`, { token: org.memberToken });
    expect(comments.body.comments).toEqual([root]);
  });

  it('a read key reads and is refused every write with 403 API_KEY_READ_ONLY; a write key writes', async () => {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Keyed' });
    const root = (await t.call('POST', `${wiki}/${page.id}/comments`, { token: org.memberToken, body: { text: 'hi' } }))
      .body;
    const read = await t.createKey(org.adminToken, 'read');
    const write = await t.createKey(org.adminToken, 'write');
    for (const path of [
      wiki,
      `${wiki}/${page.id}`,
      `${wiki}/${page.id}/revisions`,
      `${wiki}/${page.id}/revisions/${page.revisionId}`,
      `${wiki}/${page.id}/comments`,
    ]) {
      expect((await t.call('GET', path, { token: read.secret })).status, path).toBe(200);
    }
    const writes: [string, string, unknown?][] = [
      ['POST', wiki, { title: 'By key' }],
      ['PATCH', `${wiki}/${page.id}`, { baseRevisionId: page.revisionId, title: 'By key' }],
      ['POST', `${wiki}/${page.id}/move`, { parentId: null, position: 0 }],
      ['POST', `${wiki}/${page.id}/archive`],
      ['POST', `${wiki}/${page.id}/restore`],
      ['POST', `${wiki}/${page.id}/revisions/${page.revisionId}/restore`],
      ['POST', `${wiki}/${page.id}/comments`, { text: 'hi' }],
      ['PATCH', `${wiki}/${page.id}/comments/${root.id}`, { text: 'edited' }],
      ['DELETE', `${wiki}/${page.id}/comments/${root.id}`],
    ];
    for (const [method, path, body] of writes) {
      const response = await t.call(method, path, { token: read.secret, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code).toBe('API_KEY_READ_ONLY');
    }
    expect(await revisionCount(page.id)).toBe(1);
    const saved = await t.call('PATCH', `${wiki}/${page.id}`, {
      token: write.secret,
      body: { baseRevisionId: page.revisionId, title: 'By key' },
    });
    expect(saved.status).toBe(200);
    // A key acts as its owner.
    expect(saved.body.updatedBy).toEqual({ name: org.admin.name, userId: org.admin.id });
  });
});

describe('page comments', () => {
  async function commentedPage(markdown: string) {
    const { wiki } = await project();
    const page = await create(wiki, { title: 'Commented', markdown });
    const base = `${wiki}/${page.id}/comments`;
    const post = (body: unknown, token = org.memberToken) => t.call('POST', base, { token, body });
    return { wiki, page, base, post };
  }

  it('a root comment on the page: the card comment shape plus detachedAt', async () => {
    const { post } = await commentedPage('text');
    const response = await post({ text: 'General remark' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      author: org.member.name,
      authorUserId: org.member.id,
      at: expect.any(String),
      text: 'General remark',
      parentId: null,
      anchor: null,
      quote: null,
      resolvedAt: null,
      detachedAt: null,
    });
  });

  it('lists oldest first with limit (1..200, default 100), offset (>= 0) and total', async () => {
    const { base, post } = await commentedPage('text');
    for (let i = 0; i < 5; i++) await post({ text: `c${i}` });
    const page = await t.call('GET', `${base}?limit=2&offset=1`, { token: org.memberToken });
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.comments.map((comment: { text: string }) => comment.text)).toEqual(['c1', 'c2']);
    expect((await t.call('GET', base, { token: org.memberToken })).body).toMatchObject({
      limit: 100,
      offset: 0,
      total: 5,
    });
    expect((await t.call('GET', `${base}?limit=200`, { token: org.memberToken })).status).toBe(200);
    for (const query of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc']) {
      const response = await t.call('GET', `${base}?${query}`, { token: org.memberToken });
      expect(response.status, query).toBe(400);
      expect(response.body.issues[0].location).toBe('query');
    }
  });

  it('text is 1..10000 characters, not blank', async () => {
    const { post } = await commentedPage('text');
    expect((await post({ text: 'x'.repeat(10_000) })).status).toBe(201);
    for (const text of ['', '   ', 'x'.repeat(10_001)]) {
      const response = await post({ text });
      expect(response.status).toBe(400);
      expect(response.body.issues[0].path).toBe('text');
    }
  });

  it('an anchor must be a mark or block of the current Markdown (400 otherwise); the quote is derived', async () => {
    const { post } = await commentedPage(
      `Intro [comment id="${MARK_A}"]we ship on **Friday**[/comment] at noon.\n\n<!-- block:code1 -->\n\`\`\`sh\nnpm run deploy\n\`\`\``,
    );
    const anchored = await post({ text: 'Is this date realistic?', anchor: MARK_A.toUpperCase() });
    expect(anchored.status).toBe(201);
    expect(anchored.body).toMatchObject({ anchor: MARK_A, quote: 'we ship on Friday', detachedAt: null });
    const block = await post({ text: 'Which environment?', anchor: 'block:code1' });
    expect(block.status).toBe(201);
    expect(block.body).toMatchObject({ anchor: 'block:code1', quote: 'npm run deploy' });
    const given = await post({ text: 'Quoted', anchor: MARK_A, quote: 'as I saw it' });
    expect(given.body.quote).toBe('as I saw it');
    for (const anchor of [MARK_B, 'block:missing', 'nonsense', 'block:bad key']) {
      const response = await post({ text: 'Nowhere', anchor });
      expect(response.status, anchor).toBe(400);
      expect(response.body.issues[0].path).toBe('anchor');
    }
    const longQuote = await post({ text: 'Long', anchor: MARK_A, quote: 'q'.repeat(1001) });
    expect(longQuote.status).toBe(400);
    expect(longQuote.body.issues[0].path).toBe('quote');
  });

  it('cuts a derived quote at 1000 characters', async () => {
    const { post } = await commentedPage(`[comment id="${MARK_A}"]${'long '.repeat(400)}[/comment]`);
    const response = await post({ text: 'Long passage', anchor: MARK_A });
    expect(response.body.quote).toHaveLength(1000);
  });

  it('refuses an anchor or a quote on a reply (400), and a reply to a reply', async () => {
    const { post } = await commentedPage(`[comment id="${MARK_A}"]passage[/comment]`);
    const root = (await post({ text: 'Root', anchor: MARK_A })).body;
    const anchoredReply = await post({ text: 'Reply', parentId: root.id, anchor: MARK_A });
    expect(anchoredReply.status).toBe(400);
    expect(anchoredReply.body.issues[0].path).toBe('anchor');
    const quotedReply = await post({ text: 'Reply', parentId: root.id, quote: 'passage' });
    expect(quotedReply.status).toBe(400);
    expect(quotedReply.body.issues[0].path).toBe('quote');
    const reply = await post({ text: 'Reply', parentId: root.id });
    expect(reply.status).toBe(201);
    expect(reply.body).not.toHaveProperty('anchor');
    expect(reply.body).not.toHaveProperty('detachedAt');
    const nested = await post({ text: 'Nested', parentId: reply.body.id });
    expect(nested.status).toBe(400);
    expect(nested.body.issues[0].path).toBe('parentId');
  });

  it('freezes the quote; detaches a thread when its passage is deleted and attaches it when it returns', async () => {
    const markdown = `Keep this. [comment id="${MARK_A}"]The launch is on Friday.[/comment] And [comment id="${MARK_B}"]this[/comment].`;
    const { wiki, page, base, post } = await commentedPage(markdown);
    const thread = (await post({ text: 'Realistic?', anchor: MARK_A })).body;
    const other = (await post({ text: 'Other', anchor: MARK_B })).body;
    const general = (await post({ text: 'General' })).body;
    const byId = async () =>
      Object.fromEntries(
        (await t.call('GET', base, { token: org.memberToken })).body.comments.map((comment: { id: string }) => [
          comment.id,
          comment,
        ]),
      );

    // The passage edited but still marked: the quote stays as written, still attached.
    let current = await save(wiki, page, {
      markdown: `Keep this. [comment id="${MARK_A}"]The launch moved to Monday.[/comment] And [comment id="${MARK_B}"]this[/comment].`,
    });
    let comments = await byId();
    expect(comments[thread.id]).toMatchObject({ quote: 'The launch is on Friday.', detachedAt: null });

    // The passage deleted: detached, with its quote.
    current = await save(wiki, current, { markdown: `Keep this. And [comment id="${MARK_B}"]this[/comment].` });
    comments = await byId();
    expect(comments[thread.id]).toMatchObject({ quote: 'The launch is on Friday.', detachedAt: expect.any(String) });
    expect(comments[other.id].detachedAt).toBeNull();
    expect(comments[general.id].detachedAt).toBeNull();
    const detachedAt = comments[thread.id].detachedAt;

    // Another save without it keeps the first detachment time.
    current = await save(wiki, current, { title: 'Renamed' });
    await save(wiki, current, { markdown: `Keep this, edited. And [comment id="${MARK_B}"]this[/comment].` });
    expect((await byId())[thread.id].detachedAt).toBe(detachedAt);

    // The passage back (restoring revision 1): attached again.
    const restored = await t.call('POST', `${wiki}/${page.id}/revisions/${page.revisionId}/restore`, {
      token: org.memberToken,
    });
    expect(restored.status).toBe(201);
    comments = await byId();
    expect(comments[thread.id]).toMatchObject({ detachedAt: null, quote: 'The launch is on Friday.' });

    // And by a plain save, for a block anchor.
    const blockPage = await commentedPage('<!-- block:img1 -->\n![Plan](https://example.com/plan.png)');
    const onBlock = (await blockPage.post({ text: 'Blurry', anchor: 'block:img1' })).body;
    expect(onBlock.quote).toBe('Plan');
    const without = await save(blockPage.wiki, blockPage.page, { markdown: 'No image any more' });
    const listed = async () =>
      (await t.call('GET', blockPage.base, { token: org.memberToken })).body.comments[0] as { detachedAt: string };
    expect((await listed()).detachedAt).toEqual(expect.any(String));
    const back = await save(blockPage.wiki, without, {
      markdown: '<!-- block:img1 -->\n![Plan v2](https://example.com/plan2.png)',
    });
    expect((await listed()).detachedAt).toBeNull();
    // A new thread cannot anchor to what was removed.
    await save(blockPage.wiki, back, { markdown: 'gone' });
    expect((await blockPage.post({ text: 'Late', anchor: 'block:img1' })).status).toBe(400);
  });

  it('resolve and reopen by anyone on a root; a reply to a resolved thread reopens it; not on a reply', async () => {
    const { base, post } = await commentedPage('text');
    const root = (await post({ text: 'Typo' })).body;
    const resolved = await t.call('PATCH', `${base}/${root.id}`, { token: org.adminToken, body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolvedAt).toEqual(expect.any(String));
    const reopened = await t.call('PATCH', `${base}/${root.id}`, { token: org.adminToken, body: { resolved: false } });
    expect(reopened.body.resolvedAt).toBeNull();
    await t.call('PATCH', `${base}/${root.id}`, { token: org.adminToken, body: { resolved: true } });
    const reply = await post({ text: 'Still wrong', parentId: root.id }, org.adminToken);
    expect(reply.status).toBe(201);
    const list = await t.call('GET', base, { token: org.memberToken });
    expect(list.body.comments.find((comment: { id: string }) => comment.id === root.id).resolvedAt).toBeNull();
    const onReply = await t.call('PATCH', `${base}/${reply.body.id}`, {
      token: org.memberToken,
      body: { resolved: true },
    });
    expect(onReply.status).toBe(400);
    expect(onReply.body.issues[0].path).toBe('resolved');
  });

  it('edits and deletes your own comment only (403 otherwise); a root takes its replies', async () => {
    const { base, post } = await commentedPage(`[comment id="${MARK_A}"]x[/comment]`);
    const mine = (await post({ text: 'frist', anchor: MARK_A })).body;
    const edited = await t.call('PATCH', `${base}/${mine.id}`, { token: org.memberToken, body: { text: 'first' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ text: 'first', editedAt: expect.any(String), anchor: MARK_A, quote: 'x' });
    const theirs = await t.call('PATCH', `${base}/${mine.id}`, { token: org.adminToken, body: { text: 'hijacked' } });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ error: 'You can only edit your own comments', code: 'FORBIDDEN' });
    await post({ text: 'reply', parentId: mine.id }, org.adminToken);
    const refused = await t.call('DELETE', `${base}/${mine.id}`, { token: org.adminToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'You can only delete your own comments', code: 'FORBIDDEN' });
    const deleted = await t.call('DELETE', `${base}/${mine.id}`, { token: org.memberToken });
    expect(deleted.body).toEqual({ success: true });
    expect((await t.call('GET', base, { token: org.memberToken })).body.total).toBe(0);
    expect((await t.call('DELETE', `${base}/${mine.id}`, { token: org.memberToken })).status).toBe(404);
  });

  it('a comment of another page through this page’s path is 404', async () => {
    const first = await commentedPage('one');
    const second = await commentedPage('two');
    const comment = (await first.post({ text: 'on the first page' })).body;
    const response = await t.call('PATCH', `${second.base}/${comment.id}`, {
      token: org.memberToken,
      body: { text: 'moved?' },
    });
    expect(response.status).toBe(404);
  });
});

describe('search', () => {
  it('finds live pages by title, with the project as context and its id; not archived ones, not another company’s', async () => {
    const { id: projectId, wiki } = await project();
    const projectName = (await t.call('GET', `/projects/${projectId}`, { token: org.memberToken })).body.name;
    const page = await create(wiki, { title: 'Zanzibar onboarding guide' });
    const gone = await create(wiki, { title: 'Zanzibar retired notes' });
    await t.call('POST', `${wiki}/${gone.id}/archive`, { token: org.memberToken });
    const theirs = await project(stranger);
    await create(theirs.wiki, { title: 'Zanzibar secret page' }, stranger.memberToken);

    const search = async (q: string, token = org.memberToken) =>
      (
        (await t.call('GET', `/search?q=${encodeURIComponent(q)}`, { token })).body.results as {
          kind: string;
          id: string;
          label: string;
        }[]
      ).filter((result) => result.kind === 'wiki_page');
    const found = await search('zanzibar');
    expect(found).toEqual([
      {
        kind: 'wiki_page',
        id: page.id,
        label: 'Zanzibar onboarding guide',
        context: projectName,
        status: 'active',
        updatedAt: expect.any(String),
        projectId,
      },
    ]);
    expect((await search('ONBOARDING')).map((result) => result.label)).toEqual(['Zanzibar onboarding guide']);
    expect((await search('zanzibar', stranger.memberToken)).map((result) => result.label)).toEqual([
      'Zanzibar secret page',
    ]);
    // A renamed page is found by its new title; a restored one again.
    await save(wiki, page, { title: 'Quokka handbook' });
    expect(await search('zanzibar onb')).toEqual([]);
    expect((await search('quokka')).map((result) => result.id)).toEqual([page.id]);
    await t.call('POST', `${wiki}/${gone.id}/restore`, { token: org.memberToken });
    expect((await search('retired')).map((result) => result.id)).toEqual([gone.id]);
  });
});

describe('events', () => {
  it('records saves with the revision and author, and moves with the new place', async () => {
    const { id: projectId, wiki } = await project();
    const page = await create(wiki, { title: 'Evented' });
    const stream = await t.openStream(org.adminToken);
    try {
      await stream.next('ready');
      const saved = await save(wiki, page, { markdown: 'new' });
      const event = await stream.next('wiki.page.saved');
      expect(event.data).toMatchObject({
        projectId,
        pageId: page.id,
        revisionId: saved.revisionId,
        title: 'Evented',
        author: { name: org.member.name, userId: org.member.id },
      });
      await t.call('POST', `${wiki}/${page.id}/move`, {
        token: org.memberToken,
        body: { parentId: null, position: 3 },
      });
      expect((await stream.next('wiki.page.moved')).data).toMatchObject({
        pageId: page.id,
        parentId: null,
        position: 0,
      });
      // A refused save records nothing.
      await t.call('PATCH', `${wiki}/${page.id}`, {
        token: org.memberToken,
        body: { baseRevisionId: page.revisionId, markdown: 'stale' },
      });
      await t.call('POST', `${wiki}/${page.id}/archive`, { token: org.memberToken });
      const archived = await stream.next('wiki.page.archived');
      expect(archived.data.pageIds).toEqual([page.id]);
      expect(stream.received.filter((message) => message.event === 'wiki.page.saved')).toHaveLength(1);
    } finally {
      await stream.close();
    }
    expect(
      (
        await t.ctx.db
          .select({ n: count() })
          .from(wikiRevisions)
          .where(and(eq(wikiRevisions.pageId, page.id)))
      )[0]!.n,
    ).toBe(2);
  });
});
