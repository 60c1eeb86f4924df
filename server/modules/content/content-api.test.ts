import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, contentItems, contentKeys } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { buildTestApp, relaxedLimits, useTestApp } from '../../test/harness.ts';
import { MAX_LIVE_CONTENT_KEYS } from './schemas.ts';

const t = useTestApp();

async function createKey(token: string, name = 'Marketing site') {
  const response = await t.call('POST', '/content-keys', { token, body: { name } });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { key: { id: string; prefix: string; lastUsedAt: string | null }; secret: string };
}

async function publish(token: string, body: Record<string, unknown>) {
  const created = await t.call('POST', '/content-items', { token, body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const published = await t.call('POST', `/content-items/${created.body.id}/publish`, { token });
  expect(published.status).toBe(200);
  return published.body as { id: string; slug: string; publishedAt: string };
}

/** A company with a content key and published items whose dates are set apart. */
async function site() {
  const org = await t.createOrg();
  const { secret, key } = await createKey(org.adminToken);
  return { ...org, secret, key };
}

/** Dates an item's publication, so the order does not depend on how fast the test runs. */
async function datePublished(itemId: string, iso: string) {
  await t.ctx.db
    .update(contentItems)
    .set({ publishedAt: new Date(iso) })
    .where(eq(contentItems.id, itemId));
}

describe('content keys', () => {
  it('creates a key whose secret is shown once and stored only as a hash', async () => {
    const { adminToken, admin } = await t.createOrg();
    const created = await createKey(adminToken, 'Acme website');
    expect(created.secret).toMatch(/^cak_[A-Za-z0-9_-]{43}$/);
    expect(created.key).toMatchObject({
      name: 'Acme website',
      prefix: created.secret.slice(0, 10),
      createdBy: admin.id,
      createdByName: admin.name,
      lastUsedAt: null,
      revokedAt: null,
    });
    const [row] = await t.ctx.db.select().from(contentKeys).where(eq(contentKeys.id, created.key.id));
    expect(row!.secretHash).toBe(hashSecret(created.secret));
    // The secret is nowhere in the database.
    const dump = await t.ctx.db.execute(sql`select row_to_json(k)::text as json from content_keys k`);
    expect(JSON.stringify(dump)).not.toContain(created.secret);
    expect(JSON.stringify(dump)).not.toContain(created.secret.slice(10));
    const list = await t.call('GET', '/content-keys', { token: adminToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([created.key]);
    expect(JSON.stringify(list.body)).not.toContain(created.secret.slice(10));
    expect(list.body[0]).not.toHaveProperty('secret');
    expect(list.body[0]).not.toHaveProperty('secretHash');
  });

  it('revokes a key (204): listed with revokedAt, then 401 on the content API; again is harmless', async () => {
    const { adminToken, secret, key } = await site();
    expect((await t.call('GET', '/content/items', { token: secret })).status).toBe(200);
    const revoked = await t.call('DELETE', `/content-keys/${key.id}`, { token: adminToken });
    expect(revoked.status).toBe(204);
    const after = await t.call('GET', '/content/items', { token: secret });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'API_KEY_REVOKED', error: 'This content key was revoked' });
    const list = await t.call('GET', '/content-keys', { token: adminToken });
    const revokedAt = list.body[0].revokedAt as string;
    expect(revokedAt).toEqual(expect.any(String));
    expect((await t.call('DELETE', `/content-keys/${key.id}`, { token: adminToken })).status).toBe(204);
    expect((await t.call('GET', '/content-keys', { token: adminToken })).body[0].revokedAt).toBe(revokedAt);
  });

  it('allows at most 20 live keys per company (409); a revoked key frees a place', async () => {
    const { adminToken } = await t.createOrg();
    const keys = [];
    for (let n = 0; n < MAX_LIVE_CONTENT_KEYS; n++) keys.push(await createKey(adminToken, `Site ${n}`));
    const refused = await t.call('POST', '/content-keys', { token: adminToken, body: { name: 'One too many' } });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CONFLICT');
    // Another company's keys do not count.
    const other = await t.createOrg();
    await createKey(other.adminToken);
    expect((await t.call('DELETE', `/content-keys/${keys[0]!.key.id}`, { token: adminToken })).status).toBe(204);
    await createKey(adminToken, 'Replacement');
  });

  it('validates the name', async () => {
    const { adminToken } = await t.createOrg();
    for (const body of [{}, { name: '' }, { name: '  ' }, { name: 'x'.repeat(101) }, { name: 'ok', extra: 1 }]) {
      const response = await t.call('POST', '/content-keys', { token: adminToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
    await createKey(adminToken, 'x'.repeat(100));
  });

  it('is for admins (members 403 FORBIDDEN), signed in (API keys 403 API_KEY_FORBIDDEN), of their company (404)', async () => {
    const { adminToken, memberToken, key } = await site();
    for (const [method, path, body] of [
      ['GET', '/content-keys'],
      ['POST', '/content-keys', { name: 'x' }],
      ['DELETE', `/content-keys/${key.id}`],
    ] as const) {
      const member = await t.call(method, path, { token: memberToken, body });
      expect(member.status, `${method} ${path}`).toBe(403);
      expect(member.body.code).toBe('FORBIDDEN');
      for (const scope of ['read', 'write'] as const) {
        const apiKey = await t.createKey(adminToken, scope);
        const byKey = await t.call(method, path, { token: apiKey.secret, body });
        expect(byKey.status, `${scope} key ${method} ${path}`).toBe(403);
        expect(byKey.body.code).toBe('API_KEY_FORBIDDEN');
      }
    }
    const other = await t.createOrg();
    const theirs = await t.call('DELETE', `/content-keys/${key.id}`, { token: other.adminToken });
    expect(theirs.status).toBe(404);
    expect((await t.call('GET', '/content-keys', { token: other.adminToken })).body).toEqual([]);
    expect((await t.call('GET', '/content-keys', { token: adminToken })).body[0].revokedAt).toBeNull();
  });
});

describe('the content API (/content/*)', () => {
  it('opens with a live content key only: 401 otherwise, with a clear message', async () => {
    const org = await site();
    const apiKey = await t.createKey(org.adminToken, 'write');
    const [bot] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Site bot', managerKind: 'human', managerId: org.member.id })
      .returning();
    const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'x' } });
    const wrongKinds = { session: org.adminToken, apiKey: apiKey.secret, agentToken: minted.body.secret as string };
    for (const [kind, token] of Object.entries(wrongKinds)) {
      for (const path of ['/content/items', '/content/items/anything']) {
        const response = await t.call('GET', path, { token });
        expect(response.status, `${kind} ${path}`).toBe(401);
        expect(response.body.code).toBe('UNAUTHORIZED');
        expect(response.body.error).toContain('needs a content key (cak_…)');
      }
    }
    const missing = await t.call('GET', '/content/items');
    expect(missing.status).toBe(401);
    expect(missing.body.error).toContain('Missing bearer token');
    const malformed = await t.call('GET', '/content/items', { headers: { authorization: 'Basic abc' } });
    expect(malformed.status).toBe(401);
    for (const token of ['cak_short', `cak_${'A'.repeat(43)}`]) {
      const unknown = await t.call('GET', '/content/items', { token });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toMatchObject({ code: 'UNAUTHORIZED', error: 'Invalid content key' });
    }
    expect((await t.call('GET', '/content/items', { token: org.secret })).status).toBe(200);
  });

  it('a content key opens nothing else (401)', async () => {
    const { secret } = await site();
    for (const [method, path] of [
      ['GET', '/users/me'],
      ['GET', '/content-items'],
      ['GET', '/content-keys'],
      ['GET', '/projects'],
    ] as const) {
      const response = await t.call(method, path, { token: secret });
      expect(response.status, path).toBe(401);
      expect(response.body.code).toBe('UNAUTHORIZED');
      expect(response.body.error).toContain('/content/');
    }
  });

  it('lists published items only, newest published first, without bodies, filtered by kind and tag', async () => {
    const { adminToken, admin, secret } = await site();
    const guide = await publish(adminToken, {
      kind: 'article',
      title: 'A guide',
      body: 'Secret-free body',
      excerpt: 'Short',
      tags: ['guides', 'boards'],
    });
    const release = await publish(adminToken, { kind: 'changelog', title: 'Version 2', tags: ['release'] });
    const help = await publish(adminToken, { kind: 'help', title: 'Reset password', tags: ['account', 'guides'] });
    const draft = await t.call('POST', '/content-items', {
      token: adminToken,
      body: { kind: 'article', title: 'Not yet', tags: ['guides'] },
    });
    await datePublished(guide.id, '2026-01-01T10:00:00Z');
    await datePublished(release.id, '2026-03-01T10:00:00Z');
    await datePublished(help.id, '2026-02-01T10:00:00Z');
    // Another company's published items never show.
    const other = await t.createOrg();
    await publish(other.adminToken, { kind: 'article', title: 'Theirs', tags: ['guides'] });

    const list = await t.call('GET', '/content/items', { token: secret });
    expect(list.status).toBe(200);
    expect(list.body.map((item: { slug: string }) => item.slug)).toEqual(['version-2', 'reset-password', 'a-guide']);
    expect(list.body[2]).toEqual({
      kind: 'article',
      title: 'A guide',
      slug: 'a-guide',
      excerpt: 'Short',
      tags: ['guides', 'boards'],
      publishedAt: '2026-01-01T10:00:00.000Z',
      updatedAt: expect.any(String),
      authorName: admin.name,
    });
    const slugs = async (query: string) =>
      (await t.call('GET', `/content/items${query}`, { token: secret })).body.map((i: { slug: string }) => i.slug);
    expect(await slugs('?kind=article')).toEqual(['a-guide']);
    expect(await slugs('?kind=help')).toEqual(['reset-password']);
    expect(await slugs('?tag=guides')).toEqual(['reset-password', 'a-guide']);
    expect(await slugs('?tag=GUIDES')).toEqual(['reset-password', 'a-guide']);
    expect(await slugs('?tag=guides&kind=help')).toEqual(['reset-password']);
    expect(await slugs('?tag=nothing')).toEqual([]);
    expect(draft.status).toBe(201);
  });

  it('pages with limit (1..100, default 20) and offset: a plain array capped at its maximum', async () => {
    const { company, secret } = await site();
    const now = Date.now();
    await t.ctx.db.insert(contentItems).values(
      Array.from({ length: 105 }, (_, n) => ({
        companyId: company.id,
        kind: 'article' as const,
        title: `Item ${n}`,
        slug: `item-${n}`,
        status: 'published' as const,
        publishedAt: new Date(now - n * 60_000),
      })),
    );
    const page = async (query: string) => {
      const response = await t.call('GET', `/content/items${query}`, { token: secret });
      expect(response.status, query).toBe(200);
      expect(Array.isArray(response.body)).toBe(true);
      return response.body as { slug: string }[];
    };
    expect((await page('')).length).toBe(20);
    expect((await page('?limit=100')).length).toBe(100);
    const second = await page('?limit=10&offset=10');
    expect(second.map((item) => item.slug)).toEqual(Array.from({ length: 10 }, (_, n) => `item-${n + 10}`));
    expect((await page('?limit=100&offset=100')).length).toBe(5);
    expect(await page('?offset=200')).toEqual([]);
    // Above the maximum is capped at it, not refused.
    expect((await page('?limit=101')).length).toBe(100);
    expect((await page('?limit=100000')).length).toBe(100);
    for (const query of [
      '?limit=0',
      '?limit=-5',
      '?limit=2.5',
      '?limit=abc',
      '?offset=-1',
      '?kind=podcast',
      '?tag=Not%20a%20tag',
    ]) {
      const response = await t.call('GET', `/content/items${query}`, { token: secret });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
  });

  it('gets one published item by slug with its body; drafts, unknown slugs and other companies are 404', async () => {
    const { adminToken, secret } = await site();
    const item = await publish(adminToken, {
      kind: 'help',
      title: 'Invite your team',
      body: '## Steps\n\n1. Open **Settings**',
      tags: ['team'],
    });
    const one = await t.call('GET', `/content/items/${item.slug}`, { token: secret });
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      slug: 'invite-your-team',
      kind: 'help',
      body: '## Steps\n\n1. Open **Settings**',
      tags: ['team'],
    });
    // Edits of a published item show at once.
    await t.call('PATCH', `/content-items/${item.id}`, { token: adminToken, body: { body: 'Updated' } });
    expect((await t.call('GET', `/content/items/${item.slug}`, { token: secret })).body.body).toBe('Updated');
    // Unpublished: 404; published again: back.
    await t.call('POST', `/content-items/${item.id}/unpublish`, { token: adminToken });
    const gone = await t.call('GET', `/content/items/${item.slug}`, { token: secret });
    expect(gone.status).toBe(404);
    expect(gone.body.code).toBe('NOT_FOUND');
    expect((await t.call('GET', '/content/items', { token: secret })).body).toEqual([]);
    await t.call('POST', `/content-items/${item.id}/publish`, { token: adminToken });
    expect((await t.call('GET', `/content/items/${item.slug}`, { token: secret })).status).toBe(200);
    const draft = await t.call('POST', '/content-items', {
      token: adminToken,
      body: { kind: 'article', title: 'Draft' },
    });
    expect((await t.call('GET', `/content/items/${draft.body.slug}`, { token: secret })).status).toBe(404);
    expect((await t.call('GET', '/content/items/no-such-item', { token: secret })).status).toBe(404);
    const other = await site();
    expect((await t.call('GET', `/content/items/${item.slug}`, { token: other.secret })).status).toBe(404);
    // Deleted: 404.
    await t.call('DELETE', `/content-items/${item.id}`, { token: adminToken });
    expect((await t.call('GET', `/content/items/${item.slug}`, { token: secret })).status).toBe(404);
  });

  it('sends a weak ETag (304 to a matching If-None-Match), public Cache-Control and Vary: Authorization', async () => {
    const { adminToken, secret } = await site();
    const item = await publish(adminToken, { kind: 'article', title: 'Cache me', body: 'v1' });
    for (const path of ['/content/items', `/content/items/${item.slug}`]) {
      const first = await t.call('GET', path, { token: secret });
      expect(first.status).toBe(200);
      const etag = first.headers.get('etag')!;
      expect(etag).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
      expect(first.headers.get('vary')).toContain('Authorization');
      expect(first.headers.get('content-type')).toContain('application/json');
      const same = await t.call('GET', path, { token: secret });
      expect(same.headers.get('etag')).toBe(etag);
      for (const ifNoneMatch of [etag, etag.slice(2), `"other", ${etag}`, '*']) {
        const cached = await t.call('GET', path, { token: secret, headers: { 'if-none-match': ifNoneMatch } });
        expect(cached.status, ifNoneMatch).toBe(304);
        expect(cached.body).toBeUndefined();
        expect(cached.headers.get('etag')).toBe(etag);
        expect(cached.headers.get('cache-control')).toBe('public, max-age=60, stale-while-revalidate=300');
      }
      const stale = await t.call('GET', path, { token: secret, headers: { 'if-none-match': 'W/"old"' } });
      expect(stale.status).toBe(200);
    }
    const before = (await t.call('GET', `/content/items/${item.slug}`, { token: secret })).headers.get('etag')!;
    await t.call('PATCH', `/content-items/${item.id}`, { token: adminToken, body: { body: 'v2' } });
    const changed = await t.call('GET', `/content/items/${item.slug}`, {
      token: secret,
      headers: { 'if-none-match': before },
    });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('etag')).not.toBe(before);
    // Errors of the content API are not cached; the rest of the API stays no-store.
    const missing = await t.call('GET', '/content/items/nope', { token: secret });
    expect(missing.headers.get('cache-control')).toBe('no-store');
    expect((await t.call('GET', '/content-items', { token: adminToken })).headers.get('cache-control')).toBe(
      'no-store',
    );
  });

  it('allows cross-origin GETs from any site (CORS)', async () => {
    const { secret } = await site();
    const read = await t.call('GET', '/content/items', {
      token: secret,
      headers: { origin: 'https://www.acme.example' },
    });
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    expect(read.headers.get('access-control-expose-headers')).toContain('ETag');
    const preflight = await t.call('OPTIONS', '/content/items', {
      headers: {
        origin: 'https://www.acme.example',
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
    expect(preflight.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('authorization');
    // Not the rest of the API.
    const elsewhere = await t.call('GET', '/content-items', { headers: { origin: 'https://www.acme.example' } });
    expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('writes lastUsedAt at most once a minute', async () => {
    const { adminToken, secret, key } = await site();
    expect(key.lastUsedAt).toBeNull();
    await t.call('GET', '/content/items', { token: secret });
    const lastUsed = async () =>
      (await t.ctx.db.select().from(contentKeys).where(eq(contentKeys.id, key.id)))[0]!.lastUsedAt;
    const first = await lastUsed();
    expect(first).toBeInstanceOf(Date);
    // Shown in the list.
    const listed = await t.call('GET', '/content-keys', { token: adminToken });
    expect(listed.body[0].lastUsedAt).toBe(first!.toISOString());
    // Written less than a minute ago: left alone.
    const recent = new Date(Date.now() - 30_000);
    await t.ctx.db.update(contentKeys).set({ lastUsedAt: recent }).where(eq(contentKeys.id, key.id));
    await t.call('GET', '/content/items', { token: secret });
    expect((await lastUsed())!.getTime()).toBe(recent.getTime());
    // More than a minute ago: written again.
    const old = new Date(Date.now() - 61_000);
    await t.ctx.db.update(contentKeys).set({ lastUsedAt: old }).where(eq(contentKeys.id, key.id));
    await t.call('GET', '/content/items', { token: secret });
    expect((await lastUsed())!.getTime()).toBeGreaterThan(old.getTime() + 1_000);
  });
});

describe('the content API rate limit', () => {
  let limited: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    limited = await buildTestApp({ config: { rateLimits: { ...relaxedLimits, contentKeyPerMinute: 3 } } });
  });
  afterAll(async () => {
    limited.ctx.hub.close();
    await limited.ctx.bus.close();
  });

  it('limits each content key on its own (429 RATE_LIMITED with Retry-After)', async () => {
    const { app } = limited;
    const first = await site();
    const second = await site();
    const get = (secret: string) =>
      app.request('/api/content/items', { headers: { authorization: `Bearer ${secret}` } }, {
        incoming: { socket: { remoteAddress: '203.0.113.9' } },
      } as never);
    for (let n = 0; n < 3; n++) {
      const response = await get(first.secret);
      expect(response.status).toBe(200);
      expect(response.headers.get('ratelimit')).toContain('"content-key"');
    }
    const refused = await get(first.secret);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another key (same address) has its own budget.
    expect((await get(second.secret)).status).toBe(200);
  });
});
