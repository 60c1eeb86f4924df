import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiKeys, users } from '../../db/schema.ts';
import { verifyToken } from '../../lib/jwt.ts';
import { PERMISSION_NAMES } from '../../policies/index.ts';
import { useTestApp } from '../../test/harness.ts';
import { SUPPORT_AUDIENCE } from './service.ts';

const t = useTestApp();

describe('GET /users/me', () => {
  it('returns an admin with company, role and every admin permission', async () => {
    const { admin, company, adminToken } = await t.createOrg();
    const response = await t.call('GET', '/users/me', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      user: {
        id: admin.id,
        email: admin.email,
        name: admin.name,
        title: '',
        version: 1,
        createdAt: admin.createdAt.toISOString(),
      },
      company: { id: company.id, name: company.name },
      role: 'admin',
      permissions: {
        manageApiKeys: true,
        manageCompanyFiles: true,
        editOrganization: true,
        manageBilling: true,
        manageAgents: true,
        manageIntegrations: true,
        manageContent: true,
        manageMembers: true,
      },
      credential: { kind: 'session', expiresAt: expect.any(String) },
    });
  });

  it('returns a member without admin permissions', async () => {
    const { memberToken } = await t.createOrg();
    const response = await t.call('GET', '/users/me', { token: memberToken });
    expect(response.body.role).toBe('member');
    expect(response.body.permissions).toEqual({
      manageApiKeys: false,
      manageCompanyFiles: false,
      editOrganization: false,
      manageBilling: false,
      manageAgents: false,
      manageIntegrations: false,
      manageContent: false,
      manageMembers: false,
    });
  });

  it('names every permission of the policy layer, for a key as for a session', async () => {
    const { adminToken, memberToken } = await t.createOrg();
    for (const [token, expected] of [
      [(await t.createKey(adminToken, 'read')).secret, true],
      [memberToken, false],
    ] as const) {
      const response = await t.call('GET', '/users/me', { token });
      expect(Object.keys(response.body.permissions).sort()).toEqual([...PERMISSION_NAMES].sort());
      expect(Object.values(response.body.permissions).every((value) => value === expected)).toBe(true);
    }
  });

  it('returns a user without a company with company and role null', async () => {
    const loner = await t.createUser();
    const response = await t.call('GET', '/users/me', { token: await t.signIn(loner.email) });
    expect(response.body).toMatchObject({ company: null, role: null });
    expect(Object.values(response.body.permissions)).toEqual(PERMISSION_NAMES.map(() => false));
  });
});

describe('PATCH /users/me', () => {
  it('changes name and title, trimmed, and the next read shows them', async () => {
    const { memberToken } = await t.createOrg();
    const response = await t.call('PATCH', '/users/me', {
      token: memberToken,
      body: { name: '  Rosa Parks ', title: 'Organizer' },
    });
    expect(response.status).toBe(200);
    expect(response.body.user).toMatchObject({ name: 'Rosa Parks', title: 'Organizer' });
    expect((await t.call('GET', '/users/me', { token: memberToken })).body.user.name).toBe('Rosa Parks');
  });

  it('400 for an empty change or an empty name', async () => {
    const { memberToken } = await t.createOrg();
    const empty = await t.call('PATCH', '/users/me', { token: memberToken, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toContain('at least one of name and title');
    const blank = await t.call('PATCH', '/users/me', { token: memberToken, body: { name: ' ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].path).toBe('name');
  });
});

describe('GET /users/support-token', () => {
  it('signs the user’s identity for the support widget with its own secret', async () => {
    const { admin, company, adminToken } = await t.createOrg();
    const response = await t.call('GET', '/users/support-token', { token: adminToken });
    expect(response.status).toBe(200);
    const verified = verifyToken(response.body.token, t.ctx.secrets.support, SUPPORT_AUDIENCE);
    expect(verified).toMatchObject({ ok: true, claims: { sub: admin.id, email: admin.email, companyId: company.id } });
    expect(verifyToken(response.body.token, t.ctx.secrets.session, SUPPORT_AUDIENCE).ok).toBe(false);
  });

  it('works with a read key', async () => {
    const { adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'read');
    expect((await t.call('GET', '/users/support-token', { token: key.secret })).status).toBe(200);
  });
});

describe('DELETE /users/me', () => {
  it('deletes the account with a session: its tokens and keys stop working and sign-in fails', async () => {
    const { admin, adminToken } = await t.createOrg();
    const key = await t.createKey(adminToken, 'write');
    const otherSession = await t.signIn(admin.email);
    expect((await t.call('GET', '/users/me', { token: otherSession })).status).toBe(200);

    const response = await t.call('DELETE', '/users/me', { token: adminToken });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ success: true });

    for (const token of [adminToken, otherSession, key.secret]) {
      expect((await t.call('GET', '/users/me', { token })).status).toBe(401);
    }
    const login = await t.call('POST', '/auth/login', {
      body: { email: admin.email, password: 'correct horse battery staple' },
    });
    expect(login.status).toBe(401);
    expect(await t.ctx.db.select().from(users).where(eq(users.id, admin.id))).toEqual([]);
    expect(await t.ctx.db.select().from(apiKeys).where(eq(apiKeys.id, key.id))).toEqual([]);
  });

  it('unassigns the deleted user’s cards and keeps their comments under the frozen name', async () => {
    const { member, adminToken, memberToken } = await t.createOrg();
    const board = await t.createBoard(adminToken, ['A'], 1);
    const card = board.columns[0]!.cards[0]!;
    await t.call('PATCH', `/projects/${board.id}/cards/${card.id}`, {
      token: adminToken,
      body: { assignee: member.id },
    });
    await t.call('POST', `/projects/${board.id}/cards/${card.id}/comments`, {
      token: memberToken,
      body: { text: 'bye' },
    });
    expect((await t.call('DELETE', '/users/me', { token: memberToken })).status).toBe(200);
    const after = await t.call('GET', `/projects/${board.id}/cards/${card.id}`, { token: adminToken });
    expect(after.body).not.toHaveProperty('assignee');
    const comments = await t.call('GET', `/projects/${board.id}/cards/${card.id}/comments`, { token: adminToken });
    expect(comments.body.comments[0]).toMatchObject({ author: member.name, text: 'bye' });
    expect(comments.body.comments[0]).not.toHaveProperty('authorUserId');
  });

  it.each(['read', 'write'] as const)(
    'refuses a %s key with 403 API_KEY_FORBIDDEN and deletes nothing',
    async (scope) => {
      const { admin, adminToken } = await t.createOrg();
      const key = await t.createKey(adminToken, scope);
      const response = await t.call('DELETE', '/users/me', { token: key.secret });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('API_KEY_FORBIDDEN');
      expect(await t.ctx.db.select({ id: users.id }).from(users).where(eq(users.id, admin.id))).toHaveLength(1);
    },
  );
});
