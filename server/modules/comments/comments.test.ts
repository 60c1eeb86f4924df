import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();
let org: Awaited<ReturnType<typeof t.createOrg>>;

beforeAll(async () => {
  org = await t.createOrg();
});

async function card() {
  const board = await t.createBoard(org.memberToken, ['A'], 1);
  const base = `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}/comments`;
  return { base, board };
}

const post = (base: string, body: unknown, token = org.memberToken) => t.call('POST', base, { token, body });

describe('card comments', () => {
  it('a root comment carries author (frozen), authorUserId, at, text, parentId null and an open thread', async () => {
    const { base } = await card();
    const response = await post(base, { text: 'Can we ship Friday?' });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(String),
      author: org.member.name,
      authorUserId: org.member.id,
      at: expect.any(String),
      text: 'Can we ship Friday?',
      parentId: null,
      anchor: null,
      quote: null,
      resolvedAt: null,
    });
    // The name is frozen: renaming the user later does not rewrite it.
    await t.call('PATCH', '/users/me', { token: org.memberToken, body: { name: 'Renamed Person' } });
    const listed = await t.call('GET', base, { token: org.memberToken });
    expect(listed.body.comments[0].author).toBe(org.member.name);
    await t.call('PATCH', '/users/me', { token: org.memberToken, body: { name: org.member.name } });
  });

  it('threads have one level: a reply to a reply is 400', async () => {
    const { base } = await card();
    const root = (await post(base, { text: 'root' })).body;
    const reply = await post(base, { text: 'reply', parentId: root.id });
    expect(reply.status).toBe(201);
    expect(reply.body.parentId).toBe(root.id);
    expect(reply.body).not.toHaveProperty('resolvedAt');
    const nested = await post(base, { text: 'nested', parentId: reply.body.id });
    expect(nested.status).toBe(400);
    expect(nested.body.issues[0].path).toBe('parentId');
  });

  it('resolve, reopen, and a reply to a resolved thread reopens it', async () => {
    const { base } = await card();
    const root = (await post(base, { text: 'Typo in the title' })).body;
    const resolved = await t.call('PATCH', `${base}/${root.id}`, { token: org.adminToken, body: { resolved: true } });
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolvedAt).not.toBeNull();
    const reopened = await t.call('PATCH', `${base}/${root.id}`, { token: org.adminToken, body: { resolved: false } });
    expect(reopened.body.resolvedAt).toBeNull();
    await t.call('PATCH', `${base}/${root.id}`, { token: org.adminToken, body: { resolved: true } });
    await post(base, { text: 'Still wrong on mobile', parentId: root.id }, org.adminToken);
    const list = await t.call('GET', base, { token: org.memberToken });
    expect(list.body.comments.find((comment: { id: string }) => comment.id === root.id).resolvedAt).toBeNull();
  });

  it('only a root can be resolved', async () => {
    const { base } = await card();
    const root = (await post(base, { text: 'root' })).body;
    const reply = (await post(base, { text: 'reply', parentId: root.id })).body;
    const response = await t.call('PATCH', `${base}/${reply.id}`, { token: org.memberToken, body: { resolved: true } });
    expect(response.status).toBe(400);
    expect(response.body.issues[0].path).toBe('resolved');
  });

  it('edits your own comment (editedAt set); someone else’s is refused with 403', async () => {
    const { base } = await card();
    const mine = (await post(base, { text: 'frist' })).body;
    const edited = await t.call('PATCH', `${base}/${mine.id}`, { token: org.memberToken, body: { text: 'first' } });
    expect(edited.body).toMatchObject({ text: 'first', editedAt: expect.any(String) });
    const theirs = await t.call('PATCH', `${base}/${mine.id}`, { token: org.adminToken, body: { text: 'hijacked' } });
    expect(theirs.status).toBe(403);
    expect(theirs.body).toEqual({ error: 'You can only edit your own comments', code: 'FORBIDDEN' });
  });

  it('deletes your own comment ({success: true}); someone else’s is refused; a root takes its replies', async () => {
    const { base } = await card();
    const root = (await post(base, { text: 'root' })).body;
    await post(base, { text: 'reply', parentId: root.id }, org.adminToken);
    const refused = await t.call('DELETE', `${base}/${root.id}`, { token: org.adminToken });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const deleted = await t.call('DELETE', `${base}/${root.id}`, { token: org.memberToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await t.call('GET', base, { token: org.memberToken })).body.total).toBe(0);
    expect((await t.call('DELETE', `${base}/${root.id}`, { token: org.memberToken })).status).toBe(404);
  });

  it('text is 1..10000 characters: 10000 is accepted, 10001 and blank are 400', async () => {
    const { base } = await card();
    expect((await post(base, { text: 'x'.repeat(10_000) })).status).toBe(201);
    const long = await post(base, { text: 'x'.repeat(10_001) });
    expect(long.status).toBe(400);
    expect(long.body.issues[0].path).toBe('text');
    expect((await post(base, { text: '' })).status).toBe(400);
    expect((await post(base, { text: '   ' })).status).toBe(400);
  });

  it('lists oldest first with limit (1..200, default 100), offset (>= 0) and total', async () => {
    const { base } = await card();
    for (let i = 0; i < 5; i++) await post(base, { text: `c${i}` });
    const page = await t.call('GET', `${base}?limit=2&offset=1`, { token: org.memberToken });
    expect(page.body).toMatchObject({ total: 5, limit: 2, offset: 1 });
    expect(page.body.comments.map((comment: { text: string }) => comment.text)).toEqual(['c1', 'c2']);
    const defaults = await t.call('GET', base, { token: org.memberToken });
    expect(defaults.body).toMatchObject({ limit: 100, offset: 0, total: 5 });
    expect((await t.call('GET', `${base}?limit=200`, { token: org.memberToken })).status).toBe(200);
    for (const query of ['limit=0', 'limit=201', 'offset=-1', 'limit=abc', 'limit=1.5']) {
      const response = await t.call('GET', `${base}?${query}`, { token: org.memberToken });
      expect(response.status, query).toBe(400);
    }
  });

  it('another company cannot read or write the thread (404)', async () => {
    const { base } = await card();
    const stranger = await t.createOrg();
    expect((await t.call('GET', base, { token: stranger.memberToken })).status).toBe(404);
    expect((await post(base, { text: 'hi' }, stranger.memberToken)).status).toBe(404);
  });

  it('a comment the caller may not see is 404, not the 403 of someone else’s comment', async () => {
    const { base } = await card();
    const mine = (await post(base, { text: 'mine' })).body;
    const stranger = await t.createOrg();
    // Even the other company's admin, and even for a comment they could not edit anyway.
    for (const token of [stranger.adminToken, stranger.memberToken]) {
      const edit = await t.call('PATCH', `${base}/${mine.id}`, { token, body: { text: 'hijacked' } });
      expect(edit.status).toBe(404);
      expect(edit.body.code).toBe('NOT_FOUND');
      expect((await t.call('DELETE', `${base}/${mine.id}`, { token })).status).toBe(404);
    }
    const refused = await t.call('DELETE', `${base}/${mine.id}`, { token: org.adminToken });
    expect(refused.body).toEqual({ error: 'You can only delete your own comments', code: 'FORBIDDEN' });
    expect((await t.call('GET', base, { token: org.memberToken })).body.total).toBe(1);
  });
});
