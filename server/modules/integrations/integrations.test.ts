import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, integrationConnections, integrationGrants } from '../../db/schema.ts';
import { parseSealingKey, seal, sealingKey, unseal } from '../../lib/sealed.ts';
import { useTestApp } from '../../test/harness.ts';
import { loadSecrets } from '../../bootstrap.ts';
import { resealSecrets } from './reseal.ts';

const t = useTestApp();

async function setup() {
  const org = await t.createOrg();
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Shipwright', managerKind: 'human', managerId: org.member.id })
    .returning();
  return { ...org, bot: bot! };
}

const github = (extra: Record<string, unknown> = {}) => ({
  providerKey: 'github',
  displayName: 'Acme GitHub',
  credentials: { token: 'ghp_supersecretvalue', organization: 'acme' },
  ...extra,
});

async function connect(token: string, body: Record<string, unknown> = github()) {
  const response = await t.call('POST', '/integrations/connections', { token, body });
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; displayName: string };
}

async function agentToken(adminToken: string, agentId: string) {
  const minted = await t.call('POST', `/agents/${agentId}/tokens`, { token: adminToken, body: { name: 'runner' } });
  expect(minted.status).toBe(201);
  return minted.body.secret as string;
}

async function grant(token: string, agentId: string, body: Record<string, unknown>) {
  return t.call('POST', `/agents/${agentId}/integration-grants`, { token, body });
}

describe('integration connections', () => {
  it('lists the providers with their credential fields', async () => {
    const org = await setup();
    const providers = await t.call('GET', '/integrations/providers', { token: org.memberToken });
    expect(providers.status).toBe(200);
    const github = providers.body.find((p: { key: string }) => p.key === 'github');
    expect(github.credentialFields).toContainEqual({
      name: 'token',
      label: 'Access token',
      secret: true,
      optional: false,
    });
  });

  it('stores credentials sealed and never returns them; names the missing or unknown field', async () => {
    const org = await setup();
    const created = await t.call('POST', '/integrations/connections', { token: org.adminToken, body: github() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      providerKey: 'github',
      displayName: 'Acme GitHub',
      status: 'active',
      statusMessage: null,
      ownership: 'company',
      ownerUserId: null,
      createdBy: org.admin.id,
      createdByName: org.admin.name,
      credentialFields: ['organization', 'token'],
      grantCount: 0,
    });
    expect(JSON.stringify(created.body)).not.toContain('ghp_supersecretvalue');
    const list = await t.call('GET', '/integrations/connections', { token: org.memberToken });
    expect(list.body).toHaveLength(1);
    expect(JSON.stringify(list.body)).not.toContain('ghp_supersecretvalue');
    const [row] = await t.ctx.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, created.body.id));
    expect(row!.credentialsSealed).not.toContain('ghp_supersecretvalue');
    expect(JSON.parse(unseal(t.ctx.secrets.credentials, row!.credentialsSealed!))).toEqual({
      token: 'ghp_supersecretvalue',
      organization: 'acme',
    });

    const missing = await t.call('POST', '/integrations/connections', {
      token: org.adminToken,
      body: github({ credentials: { organization: 'acme' } }),
    });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toContain('credentials.token');
    const unknown = await t.call('POST', '/integrations/connections', {
      token: org.adminToken,
      body: github({ credentials: { token: 'x', password: 'y' } }),
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('credentials.password');
    const provider = await t.call('POST', '/integrations/connections', {
      token: org.adminToken,
      body: github({ providerKey: 'myspace' }),
    });
    expect(provider.status).toBe(400);
    expect(provider.body.error).toContain('providerKey');
    const past = await t.call('POST', '/integrations/connections', {
      token: org.adminToken,
      body: github({ expiresAt: '2020-01-01T00:00:00Z' }),
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toContain('expiresAt');
  });

  it('lets members add personal connections only, seen by them alone', async () => {
    const org = await setup();
    const refused = await t.call('POST', '/integrations/connections', { token: org.memberToken, body: github() });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const personal = await connect(org.memberToken, github({ ownership: 'personal', displayName: 'My GitHub' }));
    expect(personal).toMatchObject({ ownership: 'personal', ownerUserId: org.member.id });
    const company = await connect(org.adminToken);
    const mine = await t.call('GET', '/integrations/connections', { token: org.memberToken });
    expect(mine.body.map((c: { id: string }) => c.id).sort()).toEqual([company.id, personal.id].sort());
    const admins = await t.call('GET', '/integrations/connections', { token: org.adminToken });
    expect(admins.body.map((c: { id: string }) => c.id)).toEqual([company.id]);
    // Not even an admin may change someone's personal connection: it is not theirs to see.
    const patch = await t.call('PATCH', `/integrations/connections/${personal.id}`, {
      token: org.adminToken,
      body: { displayName: 'Taken' },
    });
    expect(patch.status).toBe(404);
    const other = await t.createOrg();
    expect(
      (await t.call('DELETE', `/integrations/connections/${company.id}`, { token: other.adminToken })).status,
    ).toBe(404);
    expect((await t.call('GET', '/integrations/connections', { token: other.adminToken })).body).toEqual([]);
  });

  it('renames, replaces credentials (active again), marks errors, and disconnects for good', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken);
    const url = `/integrations/connections/${connection.id}`;
    const byMember = await t.call('PATCH', url, { token: org.memberToken, body: { displayName: 'Mine now' } });
    expect(byMember.status).toBe(403);
    const failed = await t.call('PATCH', url, {
      token: org.adminToken,
      body: { status: 'error', statusMessage: 'Token was revoked on GitHub' },
    });
    expect(failed.body).toMatchObject({ status: 'error', statusMessage: 'Token was revoked on GitHub' });
    const renewed = await t.call('PATCH', url, {
      token: org.adminToken,
      body: { displayName: 'Acme GitHub (bot)', credentials: { token: 'ghp_new' } },
    });
    expect(renewed.body).toMatchObject({
      displayName: 'Acme GitHub (bot)',
      status: 'active',
      statusMessage: null,
      credentialFields: ['token'],
    });
    expect((await t.call('PATCH', url, { token: org.adminToken, body: {} })).status).toBe(400);
    expect((await t.call('PATCH', url, { token: org.adminToken, body: { status: 'revoked' } })).status).toBe(400);
    const revoked = await t.call('DELETE', url, { token: org.adminToken });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toMatchObject({ status: 'revoked', credentialFields: ['token'] });
    expect(revoked.body.revokedAt).not.toBeNull();
    const [row] = await t.ctx.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, connection.id));
    expect(row!.credentialsSealed).toBeNull();
    const again = await t.call('PATCH', url, { token: org.adminToken, body: { displayName: 'Back' } });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONNECTION_REVOKED');
    expect((await t.call('DELETE', url, { token: org.adminToken })).status).toBe(200);
  });

  it('shows a connection past its expiry as expired', async () => {
    const org = await setup();
    const connection = await connect(
      org.adminToken,
      github({ expiresAt: new Date(Date.now() + 60_000).toISOString() }),
    );
    await t.ctx.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationConnections.id, connection.id));
    const [listed] = (await t.call('GET', '/integrations/connections', { token: org.adminToken })).body;
    expect(listed.status).toBe('expired');
  });

  it('finds connections in search: the company’s and one’s own personal ones, not others’ or disconnected ones', async () => {
    const org = await setup();
    const company = await connect(org.adminToken, github({ displayName: 'Zephyr GitHub' }));
    const personal = await connect(org.memberToken, github({ displayName: 'Zephyr personal', ownership: 'personal' }));
    const gone = await connect(org.adminToken, github({ displayName: 'Zephyr old' }));
    await t.call('DELETE', `/integrations/connections/${gone.id}`, { token: org.adminToken });
    const search = async (token: string) =>
      ((await t.call('GET', '/search?q=zephyr', { token })).body.results as { kind: string; id: string }[])
        .filter((result) => result.kind === 'integration')
        .map((result) => result.id)
        .sort();
    expect(await search(org.memberToken)).toEqual([company.id, personal.id].sort());
    expect(await search(org.adminToken)).toEqual([company.id]);
    const other = await t.createOrg();
    expect(await search(other.adminToken)).toEqual([]);
  });
});

describe('integration grants', () => {
  it('grants a connection: the list joins the connection, the other answers do not', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken);
    const created = await grant(org.adminToken, org.bot.id, {
      connectionId: connection.id,
      scope: 'read_write',
      allowedTools: ['issues.create', 'issues.comment', 'issues.create'],
      constraints: { repositories: ['acme/web'], maxPerDay: 50 },
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.any(String),
      agentId: org.bot.id,
      connectionId: connection.id,
      scope: 'read_write',
      createdAt: expect.any(String),
      allowedTools: ['issues.create', 'issues.comment'],
      constraints: { repositories: ['acme/web'], maxPerDay: 50 },
      grantedBy: org.admin.id,
      expiresAt: null,
      status: 'active',
      lastUsedAt: null,
    });
    const list = await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: org.memberToken });
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      { ...created.body, connection: { providerKey: 'github', displayName: 'Acme GitHub', status: 'active' } },
    ]);
    const patched = await t.call('PATCH', `/agents/${org.bot.id}/integration-grants/${created.body.id}`, {
      token: org.adminToken,
      body: { constraints: { repositories: ['acme/web'], maxPerDay: 10 } },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).not.toHaveProperty('connection');
    expect(patched.body.constraints).toEqual({ repositories: ['acme/web'], maxPerDay: 10 });
    expect((await t.call('GET', '/integrations/connections', { token: org.adminToken })).body[0].grantCount).toBe(1);
    const duplicate = await grant(org.adminToken, org.bot.id, { connectionId: connection.id, scope: 'read' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('GRANT_EXISTS');
  });

  it('accepts only the three scopes and bounded tools', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken);
    for (const scope of ['read', 'write', 'read_write']) {
      const other = await t.ctx.db
        .insert(agents)
        .values({ companyId: org.company.id, name: `Bot ${scope}` })
        .returning();
      const response = await grant(org.adminToken, other[0]!.id, { connectionId: connection.id, scope });
      expect(response.status, scope).toBe(201);
      expect(response.body.scope).toBe(scope);
    }
    const bad = await grant(org.adminToken, org.bot.id, { connectionId: connection.id, scope: 'admin' });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toContain('scope');
    const tools = await grant(org.adminToken, org.bot.id, {
      connectionId: connection.id,
      scope: 'read',
      allowedTools: ['ok', 'not ok'],
    });
    expect(tools.status).toBe(400);
    expect(tools.body.error).toContain('allowedTools.1');
    const unknown = await grant(org.adminToken, org.bot.id, { connectionId: crypto.randomUUID(), scope: 'read' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toContain('connectionId');
  });

  it('bounds the constraints object and names the offending path', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken);
    const created = await grant(org.adminToken, org.bot.id, { connectionId: connection.id, scope: 'read' });
    const url = `/agents/${org.bot.id}/integration-grants/${created.body.id}`;
    const patch = (body: unknown, raw = false) =>
      raw
        ? t.call('PATCH', url, {
            token: org.adminToken,
            rawBody: body as string,
            headers: { 'content-type': 'application/json' },
          })
        : t.call('PATCH', url, { token: org.adminToken, body });
    const cases: [unknown, string][] = [
      [{ constraints: ['a'] }, 'constraints'],
      [{ constraints: 'strict' }, 'constraints'],
      [{ constraints: { repositories: ['acme/web', 'x'.repeat(2001)] } }, 'constraints.repositories.1'],
      [{ constraints: { a: { b: { c: { d: { e: { f: { g: 1 } } } } } } } }, 'constraints.a.b.c.d.e.f'],
      [
        {
          constraints: {
            big: 'y'.repeat(1900),
            more: 'y'.repeat(1900),
            evenMore: 'y'.repeat(1900),
            last: 'y'.repeat(1900),
            end: 'y'.repeat(1900),
          },
        },
        'larger than 8192 bytes',
      ],
      [{ constraints: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`k${i}`, i])) }, 'more than 200 keys'],
      [{ constraints: { ['k'.repeat(101)]: 1 } }, 'longer than 100'],
      [{ constraints: {}, scope: 'write' }, 'scope'],
      [{}, 'constraints'],
    ];
    for (const [body, expected] of cases) {
      const response = await patch(body);
      expect(response.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(response.body.error).toContain(expected);
    }
    // `__proto__` as JSON.parse keeps it (an own key), as a client would send it.
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const response = await patch(`{"constraints": {"nested": {"${key}": {"polluted": true}}}}`, true);
      expect(response.status, key).toBe(400);
      expect(response.body.error).toContain(`constraints.nested.${key}`);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const [row] = await t.ctx.db.select().from(integrationGrants).where(eq(integrationGrants.id, created.body.id));
    expect(row!.constraints).toEqual({});
    const ok = await patch({ constraints: { a: { b: { c: { d: { e: 1 } } } }, list: [1, 'two', null, true] } });
    expect(ok.status).toBe(200);
  });

  it('lets admins and, for their own personal connections, the responsible person manage grants', async () => {
    const org = await setup(); // the member is Shipwright's responsible person
    const company = await connect(org.adminToken);
    const personal = await connect(org.memberToken, github({ ownership: 'personal', displayName: 'Mine' }));
    const byMember = await grant(org.memberToken, org.bot.id, { connectionId: company.id, scope: 'read' });
    expect(byMember.status).toBe(403);
    const own = await grant(org.memberToken, org.bot.id, { connectionId: personal.id, scope: 'read' });
    expect(own.status).toBe(201);
    // The admin cannot see the member's personal connection, so cannot grant or change it.
    const byAdmin = await grant(org.adminToken, org.bot.id, { connectionId: personal.id, scope: 'read' });
    expect(byAdmin.status).toBe(400);
    const adminPatch = await t.call('PATCH', `/agents/${org.bot.id}/integration-grants/${own.body.id}`, {
      token: org.adminToken,
      body: { constraints: {} },
    });
    expect(adminPatch.status).toBe(403);
    // Another member, not responsible for the agent, may do nothing.
    const stranger = await t.createUser({ company: org.company, role: 'member' });
    const strangerToken = await t.signIn(stranger.email);
    const strangerOwn = await connect(strangerToken, github({ ownership: 'personal' }));
    expect((await grant(strangerToken, org.bot.id, { connectionId: strangerOwn.id, scope: 'read' })).status).toBe(403);
    expect(
      (await t.call('DELETE', `/agents/${org.bot.id}/integration-grants/${own.body.id}`, { token: strangerToken }))
        .status,
    ).toBe(403);
    // An admin may always cut an agent off, a personal connection's grant included.
    expect(
      (await t.call('DELETE', `/agents/${org.bot.id}/integration-grants/${own.body.id}`, { token: org.adminToken }))
        .status,
    ).toBe(200);
    expect((await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: org.adminToken })).body).toEqual(
      [],
    );
    // Another company: 404 for its agents and grants.
    const other = await t.createOrg();
    expect((await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: other.adminToken })).status).toBe(
      404,
    );
    expect((await grant(other.adminToken, org.bot.id, { connectionId: company.id, scope: 'read' })).status).toBe(404);
    // Keys: a read key reads, a write key of an admin grants.
    const readKey = await t.createKey(org.adminToken, 'read');
    expect((await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: readKey.secret })).status).toBe(
      200,
    );
    const refused = await grant(readKey.secret, org.bot.id, { connectionId: company.id, scope: 'read' });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_READ_ONLY');
    const writeKey = await t.createKey(org.adminToken, 'write');
    expect((await grant(writeKey.secret, org.bot.id, { connectionId: company.id, scope: 'read' })).status).toBe(201);
  });

  it('refuses to grant a disconnected or expired connection', async () => {
    const org = await setup();
    const revoked = await connect(org.adminToken);
    await t.call('DELETE', `/integrations/connections/${revoked.id}`, { token: org.adminToken });
    const first = await grant(org.adminToken, org.bot.id, { connectionId: revoked.id, scope: 'read' });
    expect(first.status).toBe(409);
    expect(first.body.code).toBe('CONNECTION_REVOKED');
    const expired = await connect(org.adminToken, github({ displayName: 'Soon gone' }));
    await t.ctx.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationConnections.id, expired.id));
    const second = await grant(org.adminToken, org.bot.id, { connectionId: expired.id, scope: 'read' });
    expect(second.status).toBe(409);
    expect(second.body.code).toBe('CONNECTION_UNAVAILABLE');
    const pastExpiry = await grant(org.adminToken, org.bot.id, {
      connectionId: (await connect(org.adminToken, github({ displayName: 'Third' }))).id,
      scope: 'read',
      expiresAt: '2001-01-01T00:00:00Z',
    });
    expect(pastExpiry.status).toBe(400);
    expect(pastExpiry.body.error).toContain('expiresAt');
  });

  it('lets the agent read its own grants and redeem them until they expire', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken);
    const created = await grant(org.adminToken, org.bot.id, {
      connectionId: connection.id,
      scope: 'read',
      allowedTools: ['issues.list'],
      constraints: { repositories: ['acme/web'] },
      expiresAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    const secret = await agentToken(org.adminToken, org.bot.id);
    const own = await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: secret });
    expect(own.status).toBe(200);
    expect(own.body).toHaveLength(1);
    const [otherBot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Other' }).returning();
    expect((await t.call('GET', `/agents/${otherBot!.id}/integration-grants`, { token: secret })).status).toBe(404);
    // Read-only for the agent.
    const patch = await t.call('PATCH', `/agents/${org.bot.id}/integration-grants/${created.body.id}`, {
      token: secret,
      body: { constraints: {} },
    });
    expect(patch.status).toBe(403);
    expect(patch.body.code).toBe('AGENT_TOKEN_FORBIDDEN');

    const url = `/agents/${org.bot.id}/integration-grants/${created.body.id}/credentials`;
    const redeemed = await t.call('GET', url, { token: secret });
    expect(redeemed.status).toBe(200);
    expect(redeemed.body).toEqual({
      grantId: created.body.id,
      connectionId: connection.id,
      providerKey: 'github',
      scope: 'read',
      allowedTools: ['issues.list'],
      constraints: { repositories: ['acme/web'] },
      expiresAt: created.body.expiresAt,
      credentials: { token: 'ghp_supersecretvalue', organization: 'acme' },
    });
    const [listed] = (await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: org.adminToken })).body;
    expect(listed.lastUsedAt).not.toBeNull();
    // People never read credentials, admins included, with a session or a key.
    expect((await t.call('GET', url, { token: org.adminToken })).status).toBe(404);
    const key = await t.createKey(org.adminToken, 'write');
    expect((await t.call('GET', url, { token: key.secret })).status).toBe(404);

    // An expired grant stops applying at its time.
    await t.ctx.db
      .update(integrationGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationGrants.id, created.body.id));
    const expired = await t.call('GET', url, { token: secret });
    expect(expired.status).toBe(409);
    expect(expired.body.code).toBe('GRANT_EXPIRED');
    const [afterExpiry] = (await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: secret })).body;
    expect(afterExpiry.status).toBe('expired');

    // A connection in error or disconnected stops its grants too.
    await t.ctx.db.update(integrationGrants).set({ expiresAt: null }).where(eq(integrationGrants.id, created.body.id));
    await t.call('PATCH', `/integrations/connections/${connection.id}`, {
      token: org.adminToken,
      body: { status: 'error', statusMessage: 'Bad credentials' },
    });
    const inError = await t.call('GET', url, { token: secret });
    expect(inError.status).toBe(409);
    expect(inError.body.code).toBe('CONNECTION_UNAVAILABLE');
    await t.call('DELETE', `/integrations/connections/${connection.id}`, { token: org.adminToken });
    const [afterRevoke] = (await t.call('GET', `/agents/${org.bot.id}/integration-grants`, { token: secret })).body;
    expect(afterRevoke).toMatchObject({
      status: 'connection_unavailable',
      connection: { status: 'revoked' },
    });
    expect((await t.call('GET', url, { token: secret })).body.code).toBe('CONNECTION_UNAVAILABLE');
  });

  it('tells the agent’s stream of grants with the grant, and members only that grants changed', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken);
    const secret = await agentToken(org.adminToken, org.bot.id);
    const agentStream = await t.openStream(secret, {}, `/agents/${org.bot.id}/events`);
    const memberStream = await t.openStream(org.memberToken);
    try {
      await agentStream.next('ready');
      await memberStream.next('ready');
      const created = await grant(org.adminToken, org.bot.id, { connectionId: connection.id, scope: 'write' });
      const granted = await agentStream.next('agent.integration.granted');
      expect(granted.data).toMatchObject({ agentId: org.bot.id, grant: { id: created.body.id, scope: 'write' } });
      const changed = await memberStream.next('integration.grant.changed');
      expect(changed.data).toMatchObject({ agentId: org.bot.id, grantId: created.body.id, change: 'granted' });
      await t.call('PATCH', `/agents/${org.bot.id}/integration-grants/${created.body.id}`, {
        token: org.adminToken,
        body: { constraints: { maxPerDay: 5 } },
      });
      expect((await agentStream.next('agent.integration.updated')).data.grant.constraints).toEqual({ maxPerDay: 5 });
      await t.call('DELETE', `/agents/${org.bot.id}/integration-grants/${created.body.id}`, { token: org.adminToken });
      expect((await agentStream.next('agent.integration.revoked')).data.grantId).toBe(created.body.id);
      expect((await memberStream.next('integration.grant.changed')).data.change).toBe('updated');
      expect((await memberStream.next('integration.grant.changed')).data.change).toBe('revoked');
      expect(memberStream.received.some((event) => event.event.startsWith('agent.integration'))).toBe(false);
    } finally {
      await agentStream.close();
      await memberStream.close();
    }
  });

  it('tells only the owner of a personal connection’s changes, and everyone of a company connection’s', async () => {
    const org = await setup();
    const memberStream = await t.openStream(org.memberToken);
    const adminStream = await t.openStream(org.adminToken);
    try {
      await memberStream.next('ready');
      await adminStream.next('ready');
      const personal = await connect(org.memberToken, github({ ownership: 'personal' }));
      expect((await memberStream.next('integration.connection.changed')).data.connectionId).toBe(personal.id);
      const company = await connect(org.adminToken);
      expect((await adminStream.next('integration.connection.changed')).data.connectionId).toBe(company.id);
      expect((await memberStream.next('integration.connection.changed')).data.connectionId).toBe(company.id);
      expect(adminStream.received.filter((event) => event.event === 'integration.connection.changed')).toHaveLength(1);
    } finally {
      await memberStream.close();
      await adminStream.close();
    }
  });
});

describe('a member who leaves', () => {
  it('takes their personal connections along: disconnected, credentials erased, grants no longer redeemed', async () => {
    const org = await setup(); // the member is responsible for Shipwright
    const personal = await connect(org.memberToken, github({ ownership: 'personal', displayName: 'Max GitHub' }));
    const created = await grant(org.memberToken, org.bot.id, { connectionId: personal.id, scope: 'read' });
    expect(created.status).toBe(201);
    const secret = await agentToken(org.adminToken, org.bot.id);
    const url = `/agents/${org.bot.id}/integration-grants/${created.body.id}/credentials`;
    expect((await t.call('GET', url, { token: secret })).status).toBe(200);
    const removed = await t.call('DELETE', `/organization/humans/${org.member.id}`, { token: org.adminToken });
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    const redeemed = await t.call('GET', url, { token: secret });
    expect(redeemed.status).toBe(409);
    expect(redeemed.body.code).toBe('CONNECTION_UNAVAILABLE');
    const [row] = await t.ctx.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, personal.id));
    expect(row).toMatchObject({ status: 'revoked', credentialsSealed: null });
  });
});

describe('search and agents', () => {
  it('shows an expired connection as expired, and finds no connections for an agent token', async () => {
    const org = await setup();
    const connection = await connect(org.adminToken, github({ displayName: 'Quasar GitHub' }));
    await t.ctx.db
      .update(integrationConnections)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(integrationConnections.id, connection.id));
    const found = (await t.call('GET', '/search?q=quasar', { token: org.adminToken })).body.results;
    expect(found).toContainEqual(
      expect.objectContaining({ kind: 'integration', id: connection.id, status: 'expired' }),
    );
    const secret = await agentToken(org.adminToken, org.bot.id);
    const asAgent = (await t.call('GET', '/search?q=quasar', { token: secret })).body.results;
    expect(asAgent.filter((result: { kind: string }) => result.kind === 'integration')).toEqual([]);
  });
});

describe('sealed secrets', () => {
  it('keeps the key derived from the session secret in the ring once CREDENTIALS_KEY is set', async () => {
    const derivedOnly = await loadSecrets(t.ctx.db, 'x'.repeat(40));
    expect(derivedOnly.credentials).toHaveLength(1);
    const configured = Buffer.alloc(32, 5).toString('base64');
    const withKey = await loadSecrets(t.ctx.db, 'x'.repeat(40), { current: configured });
    expect(withKey.credentials.map((key) => key.id)).toEqual([
      parseSealingKey(configured).id,
      derivedOnly.credentials[0].id,
    ]);
    // What the derived key sealed is still read once the configured key takes over.
    const sealed = seal(derivedOnly.credentials, 'before');
    expect(unseal(withKey.credentials, sealed)).toBe('before');
  });

  it('re-seals stored secrets under a new key, keeping their values', async () => {
    const org = await setup();
    const old = sealingKey(Buffer.alloc(32, 7));
    const fresh = parseSealingKey(Buffer.alloc(32, 9).toString('base64'));
    const [row] = await t.ctx.db
      .insert(integrationConnections)
      .values({
        companyId: org.company.id,
        providerKey: 'slack',
        displayName: 'Old key',
        credentialsSealed: seal([old], JSON.stringify({ botToken: 'xoxb-1' })),
      })
      .returning();
    expect(() => unseal([fresh], row!.credentialsSealed!)).toThrow(/unknown key/);
    const ring = [fresh, old, ...t.ctx.secrets.credentials] as const;
    const first = await resealSecrets(t.ctx.db, ring);
    expect(first.resealed).toBeGreaterThanOrEqual(1);
    expect(first.unreadable).toBe(0);
    const [after] = await t.ctx.db.select().from(integrationConnections).where(eq(integrationConnections.id, row!.id));
    expect(JSON.parse(unseal([fresh], after!.credentialsSealed!))).toEqual({ botToken: 'xoxb-1' });
    expect(await resealSecrets(t.ctx.db, ring)).toEqual({ resealed: 0, unreadable: 0 });
    // A value sealed under a key the ring lacks is left alone and counted.
    expect((await resealSecrets(t.ctx.db, [fresh, sealingKey(Buffer.alloc(32, 1))])).unreadable).toBe(0);
    const lost = sealingKey(Buffer.alloc(32, 3));
    await t.ctx.db
      .update(integrationConnections)
      .set({ credentialsSealed: seal([lost], '{}') })
      .where(eq(integrationConnections.id, row!.id));
    expect((await resealSecrets(t.ctx.db, ring)).unreadable).toBe(1);
    const tampered = after!.credentialsSealed!.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    expect(() => unseal([fresh], tampered)).toThrow();
  });
});
