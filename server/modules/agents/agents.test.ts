import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, agentTokens } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

async function setup() {
  const org = await t.createOrg();
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({
      companyId: org.company.id,
      name: 'Cafébot',
      role: 'Support',
      managerKind: 'human',
      managerId: org.admin.id,
    })
    .returning();
  return { ...org, bot: bot! };
}

async function mint(token: string, agentId: string, body: Record<string, unknown> = { name: 'runner' }) {
  return t.call('POST', `/agents/${agentId}/tokens`, { token, body });
}

async function agentToken(adminToken: string, agentId: string) {
  const minted = await mint(adminToken, agentId);
  expect(minted.status).toBe(201);
  return minted.body.secret as string;
}

describe('GET /agents', () => {
  it('lists the company’s agents as a plain array by name, completed ones flagged archived, with filters', async () => {
    const org = await setup();
    const other = await t.createOrg();
    await t.ctx.db.insert(agents).values([
      { companyId: org.company.id, name: 'Archivist', status: 'completed' },
      { companyId: other.company.id, name: 'Elsewhere' },
    ]);
    const list = await t.call('GET', '/agents', { token: org.memberToken });
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((a: { name: string }) => a.name)).toEqual(['Archivist', 'Cafébot']);
    expect(list.body[0]).toMatchObject({ status: 'completed', archived: true });
    expect(list.body[1]).toMatchObject({
      id: org.bot.id,
      role: 'Support',
      status: 'active',
      archived: false,
      responsible: { kind: 'human', id: org.admin.id, name: org.admin.name },
      lastActiveAt: null,
      canManage: false,
    });
    const active = await t.call('GET', '/agents?status=active', { token: org.memberToken });
    expect(active.body.map((a: { name: string }) => a.name)).toEqual(['Cafébot']);
    const byName = await t.call('GET', '/agents?q=cafe', { token: org.memberToken });
    expect(byName.body.map((a: { name: string }) => a.name)).toEqual(['Cafébot']);
    expect((await t.call('GET', '/agents?status=sleeping', { token: org.memberToken })).status).toBe(400);
    expect((await t.call('GET', '/agents', { token: org.adminToken })).body[1].canManage).toBe(true);
  });

  it('answers one agent, and 404 for another company’s', async () => {
    const org = await setup();
    const other = await setup();
    expect((await t.call('GET', `/agents/${org.bot.id}`, { token: org.memberToken })).body.name).toBe('Cafébot');
    expect((await t.call('GET', `/agents/${other.bot.id}`, { token: org.memberToken })).status).toBe(404);
    expect((await t.call('GET', '/agents/not-an-id', { token: org.memberToken })).status).toBe(400);
  });
});

describe('agent administration', () => {
  it('admins create an agent; the responsible person defaults to the creator; members get 403', async () => {
    const org = await setup();
    const refused = await t.call('POST', '/agents', { token: org.memberToken, body: { name: 'Nope' } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const created = await t.call('POST', '/agents', {
      token: org.adminToken,
      body: { name: 'Scribe', role: 'Notes', description: 'Writes minutes.' },
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Scribe',
      role: 'Notes',
      description: 'Writes minutes.',
      status: 'active',
      responsible: { kind: 'human', id: org.admin.id },
    });
    const blank = await t.call('POST', '/agents', { token: org.adminToken, body: { name: '  ' } });
    expect(blank.status).toBe(400);
    expect(blank.body.issues[0].path).toBe('name');
  });

  it('the responsible member must be a person or an agent whose chain reaches a person (409 ORG_NO_HUMAN_MANAGER)', async () => {
    const org = await setup();
    const [orphan] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Orphan' }).returning();
    const refused = await t.call('POST', '/agents', {
      token: org.adminToken,
      body: { name: 'Child', responsible: { kind: 'agent', id: orphan!.id } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ORG_NO_HUMAN_MANAGER');
    const underBot = await t.call('POST', '/agents', {
      token: org.adminToken,
      body: { name: 'Helper', responsible: { kind: 'agent', id: org.bot.id } },
    });
    expect(underBot.status).toBe(201);
    const patched = await t.call('PATCH', `/agents/${underBot.body.id}`, {
      token: org.adminToken,
      body: { responsible: { kind: 'agent', id: orphan!.id } },
    });
    expect(patched.status).toBe(409);
    expect(patched.body.code).toBe('ORG_NO_HUMAN_MANAGER');
    const stranger = await t.createOrg();
    const foreign = await t.call('PATCH', `/agents/${org.bot.id}`, {
      token: org.adminToken,
      body: { responsible: { kind: 'human', id: stranger.admin.id } },
    });
    expect(foreign.status).toBe(400);
  });

  it('the responsible member may be given by id alone, like a team lead (the kind is found from the id)', async () => {
    const org = await setup();
    const byPerson = await t.call('POST', '/agents', {
      token: org.adminToken,
      body: { name: 'Clerk', responsible: { id: org.member.id } },
    });
    expect(byPerson.status).toBe(201);
    expect(byPerson.body.responsible).toMatchObject({ kind: 'human', id: org.member.id });
    const byAgent = await t.call('POST', '/agents', {
      token: org.adminToken,
      body: { name: 'Junior', responsible: { id: org.bot.id } },
    });
    expect(byAgent.status).toBe(201);
    expect(byAgent.body.responsible).toMatchObject({ kind: 'agent', id: org.bot.id });
    const stranger = await t.createOrg();
    const foreign = await t.call('POST', '/agents', {
      token: org.adminToken,
      body: { name: 'Nobody', responsible: { id: stranger.admin.id } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0].path).toBe('responsible.id');
  });

  it('admins rename and change status; a paused or completed agent takes no new work', async () => {
    const org = await setup();
    const renamed = await t.call('PATCH', `/agents/${org.bot.id}`, {
      token: org.adminToken,
      body: { name: 'Café bot', role: 'Barista' },
    });
    expect(renamed.body).toMatchObject({ name: 'Café bot', role: 'Barista' });
    expect(
      (await t.call('PUT', `/agents/${org.bot.id}/status`, { token: org.memberToken, body: { status: 'paused' } }))
        .status,
    ).toBe(403);
    const paused = await t.call('PUT', `/agents/${org.bot.id}/status`, {
      token: org.adminToken,
      body: { status: 'paused' },
    });
    expect(paused.body.status).toBe('paused');
    const chat = await t.call('POST', `/agents/${org.bot.id}/sessions`, {
      token: org.memberToken,
      body: { text: 'hi' },
    });
    expect(chat.status).toBe(409);
    expect(chat.body.code).toBe('AGENT_UNAVAILABLE');
    const board = await t.createBoard(org.adminToken, ['To do'], 1);
    const card = board.columns[0]!.cards[0]!;
    const delegated = await t.call('PATCH', `/projects/${board.id}/cards/${card.id}`, {
      token: org.adminToken,
      body: { assignee: org.bot.id },
    });
    expect(delegated.status).toBe(409);
    expect(delegated.body.code).toBe('AGENT_UNAVAILABLE');
    const completed = await t.call('PUT', `/agents/${org.bot.id}/status`, {
      token: org.adminToken,
      body: { status: 'completed' },
    });
    expect(completed.body).toMatchObject({ status: 'completed', archived: true });
  });
});

describe('agent tokens', () => {
  it('are minted by an admin or the responsible person, shown once, stored hashed, listed with last use', async () => {
    const org = await setup();
    const minted = await mint(org.adminToken, org.bot.id, { name: 'Runner', expiresInDays: 30 });
    expect(minted.status).toBe(201);
    expect(minted.body.secret).toMatch(/^agt_[A-Za-z0-9_-]{43}$/);
    expect(minted.body.prefix).toBe(minted.body.secret.slice(0, 10));
    expect(minted.body.createdBy).toEqual({ id: org.admin.id, name: org.admin.name });
    const [stored] = await t.ctx.db.select().from(agentTokens).where(eq(agentTokens.id, minted.body.id));
    expect(stored!.secretHash).not.toContain(minted.body.secret);
    expect(JSON.stringify(stored)).not.toContain(minted.body.secret);
    const me = await t.call('GET', '/agents/me', { token: minted.body.secret });
    expect(me.status).toBe(200);
    expect(me.body.id).toBe(org.bot.id);
    const list = await t.call('GET', `/agents/${org.bot.id}/tokens`, { token: org.adminToken });
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).not.toHaveProperty('secret');
    expect(list.body[0].lastUsedAt).not.toBeNull();
    expect((await t.call('GET', `/agents/${org.bot.id}`, { token: org.memberToken })).body.lastActiveAt).not.toBeNull();

    // The person responsible for an agent may mint its tokens too.
    await t.ctx.db
      .update(agents)
      .set({ managerKind: 'human', managerId: org.member.id })
      .where(eq(agents.id, org.bot.id));
    expect((await mint(org.memberToken, org.bot.id)).status).toBe(201);
  });

  it('minting is refused to members who are neither admin nor responsible (403) and to every key (API_KEY_FORBIDDEN)', async () => {
    const org = await setup();
    const refused = await mint(org.memberToken, org.bot.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('FORBIDDEN');
    const key = await t.createKey(org.adminToken, 'write');
    for (const [method, path] of [
      ['POST', `/agents/${org.bot.id}/tokens`],
      ['GET', `/agents/${org.bot.id}/tokens`],
    ] as const) {
      const response = await t.call(method, path, {
        token: key.secret,
        body: method === 'POST' ? { name: 'k' } : undefined,
      });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('API_KEY_FORBIDDEN');
    }
    const secret = await agentToken(org.adminToken, org.bot.id);
    const byAgent = await mint(secret, org.bot.id);
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    const bad = await mint(org.adminToken, org.bot.id, { name: 'x', expiresInDays: 7 });
    expect(bad.status).toBe(400);
  });

  it('a revoked token answers 401 AGENT_TOKEN_REVOKED, an expired one 401 AGENT_TOKEN_EXPIRED', async () => {
    const org = await setup();
    const minted = await mint(org.adminToken, org.bot.id);
    const secret = minted.body.secret as string;
    expect((await t.call('GET', '/agents/me', { token: secret })).status).toBe(200);
    expect(
      (await t.call('DELETE', `/agents/${org.bot.id}/tokens/${minted.body.id}`, { token: org.adminToken })).status,
    ).toBe(200);
    const revoked = await t.call('GET', '/agents/me', { token: secret });
    expect(revoked.status).toBe(401);
    expect(revoked.body.code).toBe('AGENT_TOKEN_REVOKED');

    const other = await mint(org.adminToken, org.bot.id);
    await t.ctx.db
      .update(agentTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(agentTokens.id, other.body.id));
    const expired = await t.call('GET', '/agents/me', { token: other.body.secret });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe('AGENT_TOKEN_EXPIRED');
    expect((await t.call('GET', '/agents/me', { token: 'agt_nope' })).status).toBe(401);
  });

  it('an agent token acts as the agent: its comments carry authorAgentId, its events actorAgentId; person-only operations are refused', async () => {
    const org = await setup();
    const secret = await agentToken(org.adminToken, org.bot.id);
    const board = await t.createBoard(org.adminToken, ['To do', 'Review'], 1);
    const card = board.columns[0]!.cards[0]!;
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      const comment = await t.call('POST', `/projects/${board.id}/cards/${card.id}/comments`, {
        token: secret,
        body: { text: 'My plan: read, then move it.' },
      });
      expect(comment.status).toBe(201);
      expect(comment.body).toMatchObject({ author: 'Cafébot', authorAgentId: org.bot.id });
      expect(comment.body).not.toHaveProperty('authorUserId');
      const created = await stream.next('comment.created');
      expect(created.data.actorAgentId).toBe(org.bot.id);
      expect(created.data).not.toHaveProperty('actorUserId');
      const moved = await t.call('PATCH', `/projects/${board.id}/cards/${card.id}/move`, {
        token: secret,
        body: { columnId: board.columns[1]!.id, position: 0 },
      });
      expect(moved.status).toBe(200);
      expect((await stream.next('card.moved')).data.actorAgentId).toBe(org.bot.id);
    } finally {
      await stream.close();
    }
    // The agent reaches its company's boards and search…
    expect((await t.call('GET', `/projects/${board.id}`, { token: secret })).status).toBe(200);
    expect((await t.call('GET', '/search?q=caf', { token: secret })).status).toBe(200);
    // …but not what needs a person.
    for (const [method, path] of [
      ['GET', '/users/me'],
      ['GET', '/notifications/sse'],
      ['GET', '/client/files'],
      ['POST', '/projects'],
      ['GET', '/organization/chart'],
    ] as const) {
      const response = await t.call(method, path, {
        token: secret,
        body: method === 'POST' ? { name: 'x' } : undefined,
      });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body?.code ?? 'AGENT_TOKEN_FORBIDDEN').toBe('AGENT_TOKEN_FORBIDDEN');
    }
    // Admin operations are refused to agent tokens whatever the agent.
    const create = await t.call('POST', '/agents', { token: secret, body: { name: 'Clone' } });
    expect(create.status).toBe(403);
    expect(create.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    // Another company's board does not exist for it.
    const stranger = await t.createOrg();
    const theirs = await t.createBoard(stranger.adminToken, ['A'], 0);
    expect((await t.call('GET', `/projects/${theirs.id}`, { token: secret })).status).toBe(404);
  });

  it('what the agent did is its activity, newest first, for any member', async () => {
    const org = await setup();
    const secret = await agentToken(org.adminToken, org.bot.id);
    const board = await t.createBoard(org.adminToken, ['To do', 'Review'], 1);
    const card = board.columns[0]!.cards[0]!;
    await t.call('POST', `/projects/${board.id}/cards/${card.id}/comments`, { token: secret, body: { text: 'Plan' } });
    await t.call('PATCH', `/projects/${board.id}/cards/${card.id}/move`, {
      token: secret,
      body: { columnId: board.columns[1]!.id, position: 0 },
    });
    // A person's change to the same card is not the agent's.
    await t.call('PATCH', `/projects/${board.id}/cards/${card.id}`, {
      token: org.adminToken,
      body: { title: 'Renamed' },
    });
    const activity = await t.call('GET', `/agents/${org.bot.id}/activity`, { token: org.memberToken });
    expect(activity.status).toBe(200);
    expect(activity.body.items.map((item: { type: string }) => item.type)).toEqual(['card.moved', 'comment.created']);
    expect(activity.body.items[0]).toMatchObject({
      actor: { kind: 'agent', id: org.bot.id, name: 'Cafébot' },
      card: { id: card.id, title: 'Renamed' },
      column: { id: board.columns[1]!.id, name: 'Review' },
    });
    expect(activity.body.items[1].comment).toMatchObject({ snippet: 'Plan', reply: false });
    const older = await t.call('GET', `/agents/${org.bot.id}/activity?before=${activity.body.items[0].id}`, {
      token: org.memberToken,
    });
    expect(older.body.items.map((item: { type: string }) => item.type)).toEqual(['comment.created']);
    const stranger = await t.createOrg();
    expect((await t.call('GET', `/agents/${org.bot.id}/activity`, { token: stranger.memberToken })).status).toBe(404);
  });

  it('an agent reads only the files granted to it, and uploads into them as itself', async () => {
    const org = await setup();
    const secret = await agentToken(org.adminToken, org.bot.id);
    const folder = await t.call('POST', '/client/files/nodes', {
      token: org.adminToken,
      body: { name: 'For the bot', type: 'folder' },
    });
    const secretFolder = await t.call('POST', '/client/files/nodes', {
      token: org.adminToken,
      body: { name: 'Private', type: 'folder' },
    });
    expect(folder.status).toBe(201);
    const before = await t.call('GET', `/agents/${org.bot.id}/files`, { token: secret });
    expect(before.body).toEqual([]);
    const stream = await t.openStream(secret, {}, `/agents/${org.bot.id}/events`);
    try {
      await stream.next('ready');
      const granted = await t.call('POST', `/agents/${org.bot.id}/file-grants`, {
        token: org.adminToken,
        body: { nodeId: folder.body.id },
      });
      expect(granted.status).toBeLessThan(300);
      expect((await stream.next('agent.file.granted')).data).toMatchObject({
        agentId: org.bot.id,
        nodeId: folder.body.id,
      });
    } finally {
      await stream.close();
    }
    const after = await t.call('GET', `/agents/${org.bot.id}/files`, { token: secret });
    expect(after.body.map((n: { name: string }) => n.name)).toEqual(['For the bot']);
    const hidden = await t.call('GET', `/agents/${org.bot.id}/files?parentId=${secretFolder.body.id}`, {
      token: secret,
    });
    expect(hidden.status).toBe(404);
    const grants = await t.call('GET', `/agents/${org.bot.id}/file-grants`, { token: secret });
    expect(grants.body.grants).toHaveLength(1);

    // It uploads into the granted folder, as itself; not into the drive's root or another folder.
    const outside = await t.call('POST', '/client/files/nodes', {
      token: secret,
      body: { type: 'file', name: 'x.txt', fileSize: 2, parentId: secretFolder.body.id },
    });
    expect(outside.status).toBe(400);
    expect(outside.body.issues[0].path).toBe('parentId');
    const root = await t.call('POST', '/client/files/nodes', { token: secret, body: { type: 'folder', name: 'Mine' } });
    expect(root.status).toBe(400);
    const node = await t.call('POST', '/client/files/nodes', {
      token: secret,
      body: { type: 'file', name: 'report.txt', fileSize: 2, mimeType: 'text/plain', parentId: folder.body.id },
    });
    expect(node.status).toBe(201);
    const target = await t.call('POST', `/client/files/${node.body.id}/upload-url`, { token: secret });
    expect(target.status).toBe(200);
    const put = await t.app.request(target.body.signedUrl, { method: 'PUT', headers: target.body.headers, body: 'ok' });
    expect(put.status).toBeLessThan(300);
    const done = await t.call('POST', `/client/files/${node.body.id}/complete-upload`, { token: secret, body: {} });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ uploadSource: 'agent', agentTag: org.bot.id, status: 'ready' });
    const seen = await t.call('GET', `/client/files?parentId=${folder.body.id}`, { token: org.memberToken });
    expect(seen.body.nodes).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'report.txt', uploadSource: 'agent' })]),
    );
  });
});

describe('GET /agents/{agentId}/events', () => {
  it('is open to the agent’s token and to admins and the responsible person; 403 for other members, 404 for another agent', async () => {
    const org = await setup();
    const secret = await agentToken(org.adminToken, org.bot.id);
    const [other] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Other', managerKind: 'human', managerId: org.admin.id })
      .returning();
    expect((await t.call('GET', `/agents/${org.bot.id}/events`, { token: secret })).status).toBe(200);
    expect((await t.call('GET', `/agents/${other!.id}/events`, { token: secret })).status).toBe(404);
    expect((await t.call('GET', `/agents/${org.bot.id}/events`, { token: org.adminToken })).status).toBe(200);
    const member = await t.call('GET', `/agents/${org.bot.id}/events`, { token: org.memberToken });
    expect(member.status).toBe(403);
    // A key of someone who may watch works too (spec, Authentication 9).
    const key = await t.createKey(org.adminToken, 'read');
    expect((await t.call('GET', `/agents/${org.bot.id}/events`, { token: key.secret })).status).toBe(200);
  });

  it('carries the agent’s work only, and replays after Last-Event-ID', async () => {
    const org = await setup();
    const secret = await agentToken(org.adminToken, org.bot.id);
    const path = `/agents/${org.bot.id}/events`;
    const first = await t.openStream(secret, {}, path);
    await first.next('ready');
    const opened = await t.call('POST', `/agents/${org.bot.id}/sessions`, {
      token: org.memberToken,
      body: { text: 'First question' },
    });
    const work = await first.next('agent.session.message');
    expect(work.data).toEqual({
      agentId: org.bot.id,
      sessionId: opened.body.session.id,
      messageId: opened.body.message.id,
      actorUserId: org.member.id,
    });
    // Company events (a project created) and the person's own events do not reach the agent's stream.
    await t.createBoard(org.adminToken, ['A'], 0);
    await first.close();
    expect(first.received.map((event) => event.event)).toEqual(['ready', 'agent.session.message']);

    const second = await t.call('POST', `/agents/${org.bot.id}/sessions/${opened.body.session.id}/messages`, {
      token: org.memberToken,
      body: { text: 'Second question' },
    });
    await t.call('PUT', `/agents/${org.bot.id}/status`, { token: org.adminToken, body: { status: 'paused' } });
    const again = await t.openStream(secret, { 'last-event-id': work.id! }, path);
    try {
      // Missed events are replayed in order (before `ready`, which says they all were).
      expect((await again.next('agent.session.message')).data.messageId).toBe(second.body.id);
      expect((await again.next('agent.status.changed')).data.status).toBe('paused');
      expect(again.received.find((event) => event.event === 'ready')?.data ?? (await again.next('ready')).data).toEqual(
        { resumed: true },
      );
    } finally {
      await again.close();
    }
  });

  it('a revoked token’s stream ends', async () => {
    const org = await setup();
    const minted = await mint(org.adminToken, org.bot.id);
    const stream = await t.openStream(minted.body.secret, {}, `/agents/${org.bot.id}/events`);
    await stream.next('ready');
    await t.call('DELETE', `/agents/${org.bot.id}/tokens/${minted.body.id}`, { token: org.adminToken });
    await expect(stream.next('never', 5000)).rejects.toThrow(/stream ended/);
  });
});
