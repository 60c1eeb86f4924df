import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys } from '../../db/schema.ts';
import { hashSecret } from '../../lib/secrets.ts';
import { useTestApp } from '../../test/harness.ts';
import { MAX_ACTIVE_KEYS } from './routes.ts';

const t = useTestApp();
const DAY = 86_400_000;

describe('POST /users/api-keys', () => {
  it('creates a key for an admin and shows the secret once; only its hash is stored', async () => {
    const { adminToken } = await t.createOrg();
    const response = await t.call('POST', '/users/api-keys', {
      token: adminToken,
      body: { name: '  Deploy bot ', scope: 'write', expiresInDays: 90 },
    });
    expect(response.status).toBe(201);
    const key = response.body;
    expect(key).toMatchObject({ name: 'Deploy bot', scope: 'write', lastUsedAt: null, expired: false });
    // aik_ + 43 base64url characters = 256 random bits.
    expect(key.secret).toMatch(/^aik_[A-Za-z0-9_-]{43}$/);
    expect(key.secret.startsWith(key.prefix)).toBe(true);

    const [row] = await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.secretHash).toBe(hashSecret(key.secret));
    expect(Object.values(row!).map(String)).not.toContain(key.secret);

    const list = await t.call('GET', '/users/api-keys', { token: adminToken });
    expect(JSON.stringify(list.body)).not.toContain(key.secret);
  });

  it.each([
    [30, 30 * DAY],
    [90, 90 * DAY],
    [365, 365 * DAY],
  ])('expiresInDays %i sets the expiry that many days ahead', async (days, ms) => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read', days as 30 | 90 | 365);
    expect(Math.abs(Date.parse(key.expiresAt!) - (Date.now() + ms))).toBeLessThan(60_000);
  });

  it('expiresInDays null makes a key that never expires', async () => {
    const { adminToken } = await t.createOrg();
    expect((await t.createKey(adminToken, 'read', null)).expiresAt).toBeNull();
  });

  it.each([
    ['expiresInDays 0', { name: 'k', scope: 'read', expiresInDays: 0 }, 'expiresInDays'],
    ['expiresInDays 31', { name: 'k', scope: 'read', expiresInDays: 31 }, 'expiresInDays'],
    ['expiresInDays "30"', { name: 'k', scope: 'read', expiresInDays: '30' }, 'expiresInDays'],
    ['expiresInDays missing', { name: 'k', scope: 'read' }, 'expiresInDays'],
    ['scope admin', { name: 'k', scope: 'admin', expiresInDays: null }, 'scope'],
    ['an empty name', { name: '   ', scope: 'read', expiresInDays: null }, 'name'],
    ['a name of 101 characters', { name: 'x'.repeat(101), scope: 'read', expiresInDays: null }, 'name'],
  ])('400 for %s', async (_label, body, field) => {
    const { adminToken } = await t.createOrg();
    const response = await t.call('POST', '/users/api-keys', { token: adminToken, body });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.issues.map((issue: { path: string }) => issue.path)).toContain(field);
  });

  it('refuses members with 403 FORBIDDEN', async () => {
    const { memberToken } = await t.createOrg();
    const response = await t.call('POST', '/users/api-keys', {
      token: memberToken,
      body: { name: 'k', scope: 'read', expiresInDays: null },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ error: 'Only company admins can create API keys', code: 'FORBIDDEN' });
  });

  it('refuses a user without a company with 403 FORBIDDEN', async () => {
    const loner = await t.createUser();
    const token = await t.signIn(loner.email);
    const response = await t.call('POST', '/users/api-keys', {
      token,
      body: { name: 'k', scope: 'read', expiresInDays: null },
    });
    expect(response.status).toBe(403);
    expect(response.body).toEqual({
      error: 'Only company admins can create API keys, and you are not a member of a company',
      code: 'FORBIDDEN',
    });
  });

  it(`allows at most ${MAX_ACTIVE_KEYS} active keys per user (409 beyond)`, async () => {
    const { adminToken } = await t.createOrg();
    const first = await t.createKey(adminToken, 'read');
    for (let i = 1; i < MAX_ACTIVE_KEYS; i++) await t.createKey(adminToken, 'read');
    const over = await t.call('POST', '/users/api-keys', {
      token: adminToken,
      body: { name: 'k', scope: 'read', expiresInDays: null },
    });
    expect(over.status).toBe(409);
    expect(over.body.code).toBe('CONFLICT');
    await t.call('DELETE', `/users/api-keys/${first.id}`, { token: adminToken });
    expect((await t.createKey(adminToken, 'read')).secret).toBeTruthy();
  });
});

describe('GET /users/api-keys', () => {
  it('lists the caller’s live keys, newest first, with name, scope, created, expires and last used', async () => {
    const { adminToken } = await t.createOrg();
    const older = await t.createKey(adminToken, 'read', 30);
    const newer = await t.createKey(adminToken, 'write', null);
    await t.call('GET', '/users/me', { token: older.secret });
    const response = await t.call('GET', '/users/api-keys', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body.apiKeys.map((key: { id: string }) => key.id)).toEqual([newer.id, older.id]);
    const [, listedOlder] = response.body.apiKeys;
    expect(Object.keys(listedOlder).sort()).toEqual([
      'createdAt',
      'expired',
      'expiresAt',
      'id',
      'lastUsedAt',
      'name',
      'prefix',
      'scope',
    ]);
    expect(listedOlder.scope).toBe('read');
    expect(Date.parse(listedOlder.lastUsedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(response.body.apiKeys[0].lastUsedAt).toBeNull();
  });

  it('does not show other users’ keys', async () => {
    const a = await t.createOrg();
    const b = await t.createOrg();
    await t.createKey(a.adminToken, 'read');
    expect((await t.call('GET', '/users/api-keys', { token: b.adminToken })).body.apiKeys).toEqual([]);
  });
});

describe('DELETE /users/api-keys/{keyId}', () => {
  it('revokes the key: it then answers 401 API_KEY_REVOKED and leaves the list', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'write');
    expect((await t.call('GET', '/users/me', { token: key.secret })).status).toBe(200);
    const response = await t.call('DELETE', `/users/api-keys/${key.id}`, { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });
    const after = await t.call('GET', '/users/me', { token: key.secret });
    expect(after.status).toBe(401);
    expect(after.body.code).toBe('API_KEY_REVOKED');
    expect((await t.call('GET', '/users/api-keys', { token: adminToken })).body.apiKeys).toEqual([]);
  });

  it('404 for a key already revoked, another user’s key, or an unknown id', async () => {
    const a = await t.createOrg();
    const b = await t.createOrg();
    const key = await t.createKey(a.adminToken, 'read');
    const foreign = await t.call('DELETE', `/users/api-keys/${key.id}`, { token: b.adminToken });
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('NOT_FOUND');
    expect((await t.call('GET', '/users/me', { token: key.secret })).status).toBe(200);
    await t.call('DELETE', `/users/api-keys/${key.id}`, { token: a.adminToken });
    expect((await t.call('DELETE', `/users/api-keys/${key.id}`, { token: a.adminToken })).status).toBe(404);
    expect((await t.call('DELETE', `/users/api-keys/${crypto.randomUUID()}`, { token: a.adminToken })).status).toBe(
      404,
    );
  });

  it('400 naming keyId for a malformed id', async () => {
    const { adminToken } = await t.createOrg();
    const response = await t.call('DELETE', '/users/api-keys/not-a-uuid', { token: adminToken });
    expect(response.status).toBe(400);
    expect(response.body.issues).toEqual([{ location: 'path', path: 'keyId', message: 'Invalid UUID' }]);
  });
});

describe('API keys as credentials', () => {
  it('act as their owning user', async () => {
    const { admin, company, adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read');
    const me = await t.call('GET', '/users/me', { token: key.secret });
    expect(me.body).toMatchObject({
      user: { id: admin.id },
      company: { id: company.id },
      role: 'admin',
      credential: { kind: 'api_key', keyId: key.id, scope: 'read' },
    });
  });

  it('an expired key answers 401 API_KEY_EXPIRED', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'write', 30);
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, key.id));
    await t.ctx.auth.invalidate({ keyId: key.id });
    const response = await t.call('GET', '/users/me', { token: key.secret });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('API_KEY_EXPIRED');
    const listed = (await t.call('GET', '/users/api-keys', { token: adminToken })).body.apiKeys[0];
    expect(listed.expired).toBe(true);
  });

  it.each(['read', 'write'] as const)(
    'a %s key gets 403 API_KEY_FORBIDDEN on every /users/api-keys operation',
    async (scope) => {
      const { adminToken } = await t.createOrg();
      const key = await t.createKey(adminToken, scope);
      const calls = [
        t.call('GET', '/users/api-keys', { token: key.secret }),
        t.call('POST', '/users/api-keys', {
          token: key.secret,
          body: { name: 'k', scope: 'read', expiresInDays: null },
        }),
        t.call('DELETE', `/users/api-keys/${key.id}`, { token: key.secret }),
      ];
      for (const response of await Promise.all(calls)) {
        expect(response.status).toBe(403);
        expect(response.body.code).toBe('API_KEY_FORBIDDEN');
      }
      // The key was not revoked by its own attempt.
      expect((await t.call('GET', '/users/me', { token: key.secret })).status).toBe(200);
    },
  );

  it('a read key gets 403 API_KEY_READ_ONLY on a write operation; a write key may call it', async () => {
    const { adminToken } = await t.createOrg();
    const read = await t.createKey(adminToken, 'read');
    const write = await t.createKey(adminToken, 'write');
    const refused = await t.call('PATCH', '/users/me', { token: read.secret, body: { title: 'Chief' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_READ_ONLY');
    const allowed = await t.call('PATCH', '/users/me', { token: write.secret, body: { title: 'Chief' } });
    expect(allowed.status).toBe(200);
    expect(allowed.body.user.title).toBe('Chief');
  });
});

describe('limits under concurrency', () => {
  it(`parallel creations never exceed ${MAX_ACTIVE_KEYS} keys, and expired keys do not count`, async () => {
    const { adminToken } = await t.createOrg();
    const old = await t.createKey(adminToken, 'read', 30);
    await t.ctx.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, old.id));
    const attempts = await Promise.all(
      Array.from({ length: MAX_ACTIVE_KEYS + 5 }, (_, index) =>
        t.call('POST', '/users/api-keys', {
          token: adminToken,
          body: { name: `k${index}`, scope: 'read', expiresInDays: null },
        }),
      ),
    );
    expect(attempts.filter((response) => response.status === 201)).toHaveLength(MAX_ACTIVE_KEYS);
    expect(attempts.filter((response) => response.status === 409)).toHaveLength(5);
  });
});

describe('text input', () => {
  it('a NUL character is a 400 naming the field, not a server error', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.call('POST', '/users/api-keys', {
      token: adminToken,
      body: { name: 'bad\u0000name', scope: 'read', expiresInDays: null },
    });
    expect(key.status).toBe(400);
    expect(key.body.issues).toEqual([{ location: 'body', path: 'name', message: 'must not contain NUL characters' }]);
    const profile = await t.call('PATCH', '/users/me', { token: adminToken, body: { title: '\u0000' } });
    expect(profile.status).toBe(400);
    expect(profile.body.issues[0].path).toBe('title');
  });
});
