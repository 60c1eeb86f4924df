import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, contentItems } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { slugify } from './service.ts';

const t = useTestApp();

async function createItem(token: string, body: Record<string, unknown>) {
  const response = await t.call('POST', '/content-items', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as {
    id: string;
    slug: string;
    title: string;
    tags: string[];
    status: string;
    publishedAt: string | null;
    authorId: string;
    authorName: string;
    body: string;
    updatedAt: string;
  };
}

const issuePaths = (body: { issues?: { path: string }[] }) => (body.issues ?? []).map((issue) => issue.path);

describe('content items', () => {
  it('creates a draft with its author, and reads it back', async () => {
    const { adminToken, admin, memberToken } = await t.createOrg();
    const item = await createItem(adminToken, {
      kind: 'article',
      title: 'Getting started',
      body: '# Hello\n\nWelcome.',
      excerpt: 'How to start',
      tags: ['Boards', ' getting-started ', 'boards'],
    });
    expect(item).toMatchObject({
      kind: 'article',
      title: 'Getting started',
      slug: 'getting-started',
      status: 'draft',
      publishedAt: null,
      authorId: admin.id,
      authorName: admin.name,
      excerpt: 'How to start',
      body: '# Hello\n\nWelcome.',
      // Lower-cased, trimmed and deduplicated, in the order given.
      tags: ['boards', 'getting-started'],
    });
    const read = await t.call('GET', `/content-items/${item.id}`, { token: memberToken });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(item);
  });

  it('gives every one of many items created at once with one title its own slug (no 409 for a slug nobody typed)', async () => {
    const { adminToken } = await t.createOrg();
    const created = await Promise.all(
      Array.from({ length: 12 }, () =>
        t.call('POST', '/content-items', { token: adminToken, body: { kind: 'article', title: 'Race' } }),
      ),
    );
    expect(created.map((response) => response.status)).toEqual(Array(12).fill(201));
    const slugs = created.map((response) => (response.body as { slug: string }).slug);
    expect(new Set(slugs).size).toBe(12);
    for (const slug of slugs) expect(slug).toMatch(/^race(-[0-9a-f]+)?$/);
  });

  it('makes the slug from the title, unique in the company with -2, -3; another company may reuse it', async () => {
    const { adminToken } = await t.createOrg();
    const first = await createItem(adminToken, { kind: 'changelog', title: 'Release 2.0: Zoë’s Café!' });
    const second = await createItem(adminToken, { kind: 'changelog', title: 'Release 2.0 — Zoe’s café' });
    const third = await createItem(adminToken, { kind: 'article', title: 'release 2.0 zoe s cafe' });
    expect([first.slug, second.slug, third.slug]).toEqual([
      'release-2-0-zoe-s-cafe',
      'release-2-0-zoe-s-cafe-2',
      'release-2-0-zoe-s-cafe-3',
    ]);
    const other = await t.createOrg();
    expect((await createItem(other.adminToken, { kind: 'article', title: 'Release 2.0: Zoë’s Café!' })).slug).toBe(
      'release-2-0-zoe-s-cafe',
    );
    expect(slugify('!!!')).toBe('item');
    expect(slugify('a'.repeat(150)).length).toBe(100);
    const long = await createItem(adminToken, { kind: 'help', title: 'b'.repeat(200) });
    const longAgain = await createItem(adminToken, { kind: 'help', title: 'b'.repeat(200) });
    expect(long.slug).toBe('b'.repeat(100));
    expect(longAgain.slug).toBe(`${'b'.repeat(98)}-2`);
  });

  it('refuses an explicit slug that is taken (409), on create and on update', async () => {
    const { adminToken } = await t.createOrg();
    await createItem(adminToken, { kind: 'help', title: 'Billing', slug: 'billing' });
    const taken = await t.call('POST', '/content-items', {
      token: adminToken,
      body: { kind: 'help', title: 'Billing again', slug: 'billing' },
    });
    expect(taken.status).toBe(409);
    expect(taken.body.code).toBe('CONFLICT');
    expect(taken.body.error).toContain('billing');
    const other = await createItem(adminToken, { kind: 'help', title: 'Invoices' });
    const renamed = await t.call('PATCH', `/content-items/${other.id}`, {
      token: adminToken,
      body: { slug: 'billing' },
    });
    expect(renamed.status).toBe(409);
    expect(renamed.body.code).toBe('CONFLICT');
    // Its own slug is no conflict.
    const same = await t.call('PATCH', `/content-items/${other.id}`, { token: adminToken, body: { slug: other.slug } });
    expect(same.status).toBe(200);
  });

  it('enforces the bounds with 400 VALIDATION_ERROR naming the field', async () => {
    const { adminToken } = await t.createOrg();
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'article', title: '' }, 'title'],
      [{ kind: 'article', title: '   ' }, 'title'],
      [{ kind: 'article', title: 'x'.repeat(201) }, 'title'],
      [{ kind: 'podcast', title: 'Episode' }, 'kind'],
      [{ title: 'No kind' }, 'kind'],
      [{ kind: 'article', title: 'T', slug: 'Has Spaces' }, 'slug'],
      [{ kind: 'article', title: 'T', slug: 'double--dash' }, 'slug'],
      [{ kind: 'article', title: 'T', slug: '-leading' }, 'slug'],
      [{ kind: 'article', title: 'T', slug: 'a'.repeat(101) }, 'slug'],
      [{ kind: 'article', title: 'T', slug: '' }, 'slug'],
      [{ kind: 'article', title: 'T', body: 'x'.repeat(200_001) }, 'body'],
      [{ kind: 'article', title: 'T', excerpt: 'x'.repeat(501) }, 'excerpt'],
      [{ kind: 'article', title: 'T', tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
      [{ kind: 'article', title: 'T', tags: ['x'.repeat(41)] }, 'tags.0'],
      [{ kind: 'article', title: 'T', tags: ['no spaces'] }, 'tags.0'],
      [{ kind: 'article', title: 'T', tags: [''] }, 'tags.0'],
      [{ kind: 'article', title: 'T', status: 'published' }, ''],
    ];
    for (const [body, path] of cases) {
      const response = await t.call('POST', '/content-items', { token: adminToken, body });
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      if (path) expect(issuePaths(response.body)).toContain(path);
    }
    // The largest values are accepted.
    const biggest = await t.call('POST', '/content-items', {
      token: adminToken,
      body: {
        kind: 'article',
        title: 'x'.repeat(200),
        slug: 'a'.repeat(100),
        body: 'x'.repeat(200_000),
        excerpt: 'x'.repeat(500),
        tags: Array.from({ length: 10 }, (_, i) => `${'t'.repeat(39)}${i}`),
      },
    });
    expect(biggest.status, JSON.stringify(biggest.body).slice(0, 200)).toBe(201);
    const item = biggest.body as { id: string };
    const patch = await t.call('PATCH', `/content-items/${item.id}`, {
      token: adminToken,
      body: { title: 'x'.repeat(201) },
    });
    expect(patch.status).toBe(400);
    expect(issuePaths(patch.body)).toContain('title');
    const unknownField = await t.call('PATCH', `/content-items/${item.id}`, {
      token: adminToken,
      body: { status: 'published' },
    });
    expect(unknownField.status).toBe(400);
  });

  it('updates only the fields sent, published items included', async () => {
    const { adminToken } = await t.createOrg();
    const item = await createItem(adminToken, { kind: 'article', title: 'Draft title', body: 'Old', tags: ['a'] });
    await t.call('POST', `/content-items/${item.id}/publish`, { token: adminToken });
    const updated = await t.call('PATCH', `/content-items/${item.id}`, {
      token: adminToken,
      body: { title: 'New title', body: 'New', tags: ['B', 'c'] },
    });
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      title: 'New title',
      body: 'New',
      tags: ['b', 'c'],
      // The slug stays: the item's URL does not move when its title changes.
      slug: 'draft-title',
      status: 'published',
      kind: 'article',
    });
  });

  it('publishes and unpublishes; publishedAt is set on the first publication and kept', async () => {
    const { adminToken } = await t.createOrg();
    const item = await createItem(adminToken, { kind: 'changelog', title: 'Version 3' });
    const published = await t.call('POST', `/content-items/${item.id}/publish`, { token: adminToken });
    expect(published.status).toBe(200);
    expect(published.body.status).toBe('published');
    const firstDate = published.body.publishedAt as string;
    expect(firstDate).toEqual(expect.any(String));
    const again = await t.call('POST', `/content-items/${item.id}/publish`, { token: adminToken });
    expect(again.body.publishedAt).toBe(firstDate);
    const draft = await t.call('POST', `/content-items/${item.id}/unpublish`, { token: adminToken });
    expect(draft.status).toBe(200);
    expect(draft.body).toMatchObject({ status: 'draft', publishedAt: firstDate });
    const republished = await t.call('POST', `/content-items/${item.id}/publish`, { token: adminToken });
    expect(republished.body).toMatchObject({ status: 'published', publishedAt: firstDate });
  });

  it('lists without bodies, newest updated first, with kind, status, tag and q filters and limit/offset', async () => {
    const { adminToken, memberToken } = await t.createOrg();
    const a = await createItem(adminToken, { kind: 'article', title: 'Café latte guide', tags: ['coffee'] });
    const b = await createItem(adminToken, { kind: 'help', title: 'Reset your password', tags: ['account'] });
    const c = await createItem(adminToken, { kind: 'article', title: 'Espresso', tags: ['coffee', 'beans'] });
    await t.call('POST', `/content-items/${b.id}/publish`, { token: adminToken });
    const ids = async (query: string) => {
      const response = await t.call('GET', `/content-items${query}`, { token: memberToken });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return (response.body as { id: string; body?: string }[]).map((item) => {
        expect(item).not.toHaveProperty('body');
        return item.id;
      });
    };
    expect(await ids('')).toEqual([b.id, c.id, a.id]);
    expect(await ids('?kind=article')).toEqual([c.id, a.id]);
    expect(await ids('?status=published')).toEqual([b.id]);
    expect(await ids('?status=draft')).toEqual([c.id, a.id]);
    expect(await ids('?tag=coffee')).toEqual([c.id, a.id]);
    expect(await ids('?tag=beans')).toEqual([c.id]);
    expect(await ids('?q=CAFE')).toEqual([a.id]);
    expect(await ids('?q=pass')).toEqual([b.id]);
    expect(await ids('?q=100%25')).toEqual([]);
    expect(await ids('?limit=2')).toEqual([b.id, c.id]);
    expect(await ids('?limit=2&offset=2')).toEqual([a.id]);
    // Above the maximum is capped at it (the spec's marketing-content lists), not refused.
    expect(await ids('?limit=101')).toEqual([b.id, c.id, a.id]);
    expect(await ids('?limit=100000&offset=1')).toEqual([c.id, a.id]);
    for (const query of ['?limit=0', '?limit=abc', '?offset=-1', '?kind=podcast', '?status=archived']) {
      const response = await t.call('GET', `/content-items${query}`, { token: memberToken });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    expect((await t.call('GET', '/content-items?limit=100', { token: memberToken })).status).toBe(200);
  });

  it('deletes an item (204), then it is 404', async () => {
    const { adminToken } = await t.createOrg();
    const item = await createItem(adminToken, { kind: 'article', title: 'Short lived' });
    const deleted = await t.call('DELETE', `/content-items/${item.id}`, { token: adminToken });
    expect(deleted.status).toBe(204);
    expect((await t.call('GET', `/content-items/${item.id}`, { token: adminToken })).status).toBe(404);
    expect((await t.call('DELETE', `/content-items/${item.id}`, { token: adminToken })).status).toBe(404);
  });

  it('lets members read but not write (403 FORBIDDEN)', async () => {
    const { adminToken, memberToken } = await t.createOrg();
    const item = await createItem(adminToken, { kind: 'article', title: 'Members read this' });
    expect((await t.call('GET', '/content-items', { token: memberToken })).status).toBe(200);
    expect((await t.call('GET', `/content-items/${item.id}`, { token: memberToken })).status).toBe(200);
    const writes: [string, string, unknown?][] = [
      ['POST', '/content-items', { kind: 'article', title: 'Nope' }],
      ['PATCH', `/content-items/${item.id}`, { title: 'Nope' }],
      ['POST', `/content-items/${item.id}/publish`],
      ['POST', `/content-items/${item.id}/unpublish`],
      ['DELETE', `/content-items/${item.id}`],
    ];
    for (const [method, path, body] of writes) {
      const response = await t.call(method, path, { token: memberToken, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    const [row] = await t.ctx.db.select().from(contentItems).where(eq(contentItems.id, item.id));
    expect(row).toMatchObject({ title: 'Members read this', status: 'draft' });
  });

  it('answers 404 for another company’s item, for every operation', async () => {
    const { adminToken } = await t.createOrg();
    const item = await createItem(adminToken, { kind: 'article', title: 'Ours' });
    const other = await t.createOrg();
    const calls: [string, string, unknown?][] = [
      ['GET', `/content-items/${item.id}`],
      ['PATCH', `/content-items/${item.id}`, { title: 'Theirs' }],
      ['POST', `/content-items/${item.id}/publish`],
      ['POST', `/content-items/${item.id}/unpublish`],
      ['DELETE', `/content-items/${item.id}`],
    ];
    for (const [method, path, body] of calls) {
      const response = await t.call(method, path, { token: other.adminToken, body });
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await t.call('GET', '/content-items', { token: other.adminToken })).body).toEqual([]);
    expect((await t.call('GET', `/content-items/${item.id}`, { token: adminToken })).body.title).toBe('Ours');
  });

  it('follows key scopes: a read key reads, a write key of an admin writes; agent tokens are refused', async () => {
    const { adminToken, company, member } = await t.createOrg();
    const readKey = await t.createKey(adminToken, 'read');
    const writeKey = await t.createKey(adminToken, 'write');
    expect((await t.call('GET', '/content-items', { token: readKey.secret })).status).toBe(200);
    const refused = await t.call('POST', '/content-items', {
      token: readKey.secret,
      body: { kind: 'article', title: 'By key' },
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_READ_ONLY');
    await createItem(writeKey.secret, { kind: 'article', title: 'By key' });
    const [bot] = await t.ctx.db
      .insert(agents)
      .values({ companyId: company.id, name: 'Writer bot', managerKind: 'human', managerId: member.id })
      .returning();
    const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: adminToken, body: { name: 'run' } });
    expect(minted.status).toBe(201);
    const agentCall = await t.call('GET', '/content-items', { token: minted.body.secret });
    expect(agentCall.status).toBe(403);
    expect(agentCall.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
  });
});
