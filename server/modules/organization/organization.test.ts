import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, teams, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { buildChart } from './chart.ts';
import { loadChartInput, orgWriteStats } from './service.ts';

const t = useTestApp();

type Node = { key: string; kind: string; id: string; children: Node[]; memberCount: number };
const all = (nodes: Node[]): Node[] => nodes.flatMap((node) => [node, ...all(node.children)]);
function pathTo(nodes: Node[], key: string): string[] {
  for (const node of nodes) {
    if (node.key === key) return [key];
    const below = pathTo(node.children, key);
    if (below.length) return [node.key, ...below];
  }
  return [];
}

async function setup() {
  const org = await t.createOrg();
  const [platform] = await t.ctx.db.insert(teams).values({ companyId: org.company.id, name: 'Platform' }).returning();
  const lin = await t.createUser({ company: org.company, name: 'Lin' });
  const mo = await t.createUser({ company: org.company, name: 'Mo' });
  await t.ctx.db.update(users).set({ managerUserId: org.admin.id }).where(eq(users.id, lin.id));
  await t.ctx.db.update(users).set({ managerUserId: lin.id, teamId: platform!.id }).where(eq(users.id, mo.id));
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Orphan bot', teamId: platform!.id })
    .returning();
  const [owned] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Owned bot', managerKind: 'human', managerId: lin.id })
    .returning();
  return { ...org, platform: platform!, lin, mo, bot: bot!, owned: owned! };
}

const chartOf = async (token: string) => (await t.call('GET', '/organization/chart', { token })).body;

describe('GET /organization/chart', () => {
  it('answers the spec’s payload for any member, with canEdit for admins only', async () => {
    const org = await setup();
    const asMember = await t.call('GET', '/organization/chart', { token: org.memberToken });
    expect(asMember.status).toBe(200);
    expect(Object.keys(asMember.body).sort()).toEqual(
      ['agents', 'canEdit', 'humans', 'issues', 'rootHumanId', 'teams', 'tree'].sort(),
    );
    expect(asMember.body.canEdit).toBe(false);
    expect((await chartOf(org.adminToken)).canEdit).toBe(true);
    const chart = asMember.body;
    expect(chart.rootHumanId).toBe(org.admin.id);
    expect(chart.tree.roots.map((node: Node) => node.id)).toEqual([org.admin.id]);
    expect(Object.keys(chart.tree.roots[0]).sort()).toEqual(
      ['children', 'id', 'key', 'kind', 'memberCount', 'name', 'role', 'teamId'].sort(),
    );
    expect(chart.humans.find((h: { id: string }) => h.id === org.mo.id)).toEqual({
      id: org.mo.id,
      name: 'Mo',
      title: '',
      teamId: org.platform.id,
      managerUserId: org.lin.id,
    });
    expect(chart.agents.find((a: { id: string }) => a.id === org.owned.id).manager).toEqual({
      kind: 'human',
      id: org.lin.id,
    });
    expect(chart.teams).toEqual([{ id: org.platform.id, version: 1, name: 'Platform', parentId: null, lead: null }]);
    // Every person, agent and team exactly once.
    const keys = all([...chart.tree.roots, ...chart.tree.loose]).map((node) => node.key);
    expect(keys.length).toBe(new Set(keys).size);
    expect(keys.length).toBe(4 + 2 + 1);
    expect(chart.issues).toEqual(
      expect.arrayContaining([
        { kind: 'team-lead', id: org.platform.id },
        { kind: 'agent-no-human', id: org.bot.id },
      ]),
    );
  });

  it('shows nothing of another company, and 404s a person without one', async () => {
    const org = await setup();
    const other = await setup();
    const chart = await chartOf(org.adminToken);
    const ids = new Set([...chart.humans, ...chart.agents, ...chart.teams].map((x: { id: string }) => x.id));
    expect(ids.has(other.admin.id)).toBe(false);
    expect(ids.has(other.platform.id)).toBe(false);
    const loner = await t.createUser();
    expect((await t.call('GET', '/organization/chart', { token: await t.signIn(loner.email) })).status).toBe(404);
  });

  it('roots at the oldest admin by join date, null without admins, and moves on when that admin leaves', async () => {
    const org = await setup();
    const second = await t.createUser({ company: org.company, role: 'admin' });
    await t.ctx.db
      .update(users)
      .set({ joinedCompanyAt: new Date('2020-01-01') })
      .where(eq(users.id, second.id));
    const secondToken = await t.signIn(second.email);
    expect((await chartOf(org.adminToken)).rootHumanId).toBe(second.id);
    const removed = await t.call('DELETE', `/organization/humans/${second.id}`, { token: org.adminToken });
    expect(removed.status).toBe(200);
    expect(removed.body.rootHumanId).toBe(org.admin.id);
    // The removed admin's session works, without a company.
    expect((await t.call('GET', '/users/me', { token: secondToken })).body.company).toBeNull();
    // No admin at all (only through data): null, and the issue.
    await t.ctx.db.update(users).set({ role: 'member' }).where(eq(users.id, org.admin.id));
    const chart = await chartOf(org.memberToken);
    expect(chart.rootHumanId).toBeNull();
    expect(chart.issues).toContainEqual({ kind: 'no-admin', id: org.company.id });
  });
});

describe('the chart cache', () => {
  it('answers the current chart after any change to people, agents or teams, however it was written', async () => {
    const org = await setup();
    const before = await chartOf(org.memberToken);
    expect(before.canEdit).toBe(false);
    expect((await chartOf(org.adminToken)).canEdit).toBe(true);
    // Written around the API (another module, a seed, another instance): the triggers bump the version.
    await t.ctx.db.update(users).set({ name: 'Lin Renamed' }).where(eq(users.id, org.lin.id));
    expect((await chartOf(org.memberToken)).humans.find((h: { id: string }) => h.id === org.lin.id).name).toBe(
      'Lin Renamed',
    );
    await t.ctx.db.insert(teams).values({ companyId: org.company.id, name: 'Inserted' });
    expect((await chartOf(org.memberToken)).teams.map((team: { name: string }) => team.name)).toContain('Inserted');
    await t.ctx.db.delete(agents).where(eq(agents.id, org.bot.id));
    expect((await chartOf(org.memberToken)).agents.map((a: { id: string }) => a.id)).not.toContain(org.bot.id);
    const stranger = await t.createUser({ company: org.company, name: 'Joined later' });
    expect((await chartOf(org.memberToken)).humans.map((h: { id: string }) => h.id)).toContain(stranger.id);
  });

  it('gives every write the same answer as a chart computed from scratch (writes patch the cached chart)', async () => {
    const org = await setup();
    const cold = async () => {
      const input = await loadChartInput(t.ctx.db, org.company.id, true);
      return JSON.parse(JSON.stringify(buildChart(input).chart));
    };
    await chartOf(org.adminToken); // warm
    const patchedBefore = orgWriteStats.patched;
    const writes: [string, string, unknown][] = [
      ['PUT', `/organization/teams/${org.platform.id}/lead`, { lead: { id: org.owned.id } }],
      ['PATCH', `/organization/humans/${org.mo.id}`, { managerUserId: org.admin.id, title: 'Engineer' }],
      ['POST', '/organization/teams', { name: 'Design', parentId: org.platform.id, lead: { id: org.lin.id } }],
      ['PATCH', `/organization/agents/${org.bot.id}`, { manager: { id: org.mo.id }, teamId: null }],
      ['PUT', `/organization/humans/${org.lin.id}/role`, { role: 'admin' }],
      ['DELETE', `/organization/humans/${org.lin.id}`, undefined],
      ['DELETE', `/organization/teams/${org.platform.id}`, undefined],
    ];
    for (const [method, path, body] of writes) {
      const answer = await t.call(method, path, { token: org.adminToken, body });
      expect(answer.status, `${method} ${path}`).toBeLessThan(300);
      expect(answer.body, `${method} ${path}`).toEqual(await cold());
    }
    expect(orgWriteStats.patched - patchedBefore).toBe(writes.length);
  });

  it('sends gzip to clients that take it, the same JSON otherwise', async () => {
    const org = await setup();
    const plain = await t.call('GET', '/organization/chart', { token: org.adminToken });
    const response = await t.app.request('/api/organization/chart', {
      headers: { authorization: `Bearer ${org.adminToken}`, 'accept-encoding': 'gzip' },
    });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const { gunzipSync } = await import('node:zlib');
    const body = JSON.parse(gunzipSync(Buffer.from(await response.arrayBuffer())).toString('utf8'));
    expect(body).toEqual(plain.body);
  });
});

describe('PUT /organization/teams/{id}/lead', () => {
  it('clears the lead: the team falls back to the root with a `team-lead` issue', async () => {
    const org = await setup();
    const set = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { kind: 'human', id: org.lin.id } },
    });
    expect(set.status).toBe(200);
    expect(set.body.issues).not.toContainEqual({ kind: 'team-lead', id: org.platform.id });
    expect(pathTo(set.body.tree.roots, `team:${org.platform.id}`)).toEqual([
      `human:${org.admin.id}`,
      `human:${org.lin.id}`,
      `team:${org.platform.id}`,
    ]);
    const cleared = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: null },
    });
    expect(cleared.status).toBe(200);
    expect(cleared.body.teams[0].lead).toBeNull();
    expect(cleared.body.issues).toContainEqual({ kind: 'team-lead', id: org.platform.id });
    expect(pathTo(cleared.body.tree.roots, `team:${org.platform.id}`)).toEqual([
      `human:${org.admin.id}`,
      `team:${org.platform.id}`,
    ]);
  });

  it('refuses an agent lead nobody is responsible for with 409 ORG_NO_HUMAN_MANAGER, changing nothing', async () => {
    const org = await setup();
    const refused = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { kind: 'agent', id: org.bot.id } },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('ORG_NO_HUMAN_MANAGER');
    expect(refused.body.error).toContain('Orphan bot');
    expect((await chartOf(org.adminToken)).teams[0].lead).toBeNull();
  });

  it('sets an agent lead with someone responsible; the team’s agents inherit it (kind may be left out)', async () => {
    const org = await setup();
    const set = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { id: org.owned.id } },
    });
    expect(set.status).toBe(200);
    expect(set.body.teams[0].lead).toEqual({ kind: 'agent', id: org.owned.id });
    // The orphan bot of the team now has the lead as its manager in effect: no more warning.
    expect(set.body.issues).not.toContainEqual({ kind: 'agent-no-human', id: org.bot.id });
    expect(pathTo(set.body.tree.roots, `agent:${org.bot.id}`)).toEqual([
      `human:${org.admin.id}`,
      `human:${org.lin.id}`,
      `agent:${org.owned.id}`,
      `team:${org.platform.id}`,
      `agent:${org.bot.id}`,
    ]);
  });

  it('refuses a lead of another company (400), an unknown team (404), members (403) and read keys (403)', async () => {
    const org = await setup();
    const other = await setup();
    const foreign = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { id: other.lin.id } },
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.issues[0].path).toBe('lead.id');
    const otherTeam = await t.call('PUT', `/organization/teams/${other.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: null },
    });
    expect(otherTeam.status).toBe(404);
    const member = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.memberToken,
      body: { lead: null },
    });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const readKey = (await t.createKey(org.adminToken, 'read')).secret;
    const byKey = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: readKey,
      body: { lead: null },
    });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe('API_KEY_READ_ONLY');
    const bad = await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { kind: 'robot', id: org.lin.id } },
    });
    expect(bad.status).toBe(400);
  });
});

describe('organization writes', () => {
  it('refuse a manager change that would make a loop, with the loop’s path', async () => {
    const org = await setup();
    const loop = await t.call('PATCH', `/organization/humans/${org.lin.id}`, {
      token: org.adminToken,
      body: { managerUserId: org.mo.id },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.code).toBe('ORG_LOOP');
    expect(new Set(loop.body.path.map((step: { id: string }) => step.id))).toEqual(new Set([org.lin.id, org.mo.id]));
    expect(loop.body.path[0]).toHaveProperty('name');
    expect(loop.body.error).toMatch(/loop/);
    expect((await chartOf(org.adminToken)).humans.find((h: { id: string }) => h.id === org.lin.id).managerUserId).toBe(
      org.admin.id,
    );
    const self = await t.call('PATCH', `/organization/humans/${org.lin.id}`, {
      token: org.adminToken,
      body: { managerUserId: org.lin.id },
    });
    expect(self.status).toBe(400);
  });

  it('refuse a manager for the root person that leads back to them (the root’s manager is no exemption)', async () => {
    const org = await setup();
    // Mo reports to Lin, who reports to the admin — the oldest admin, the chart's root.
    const loop = await t.call('PATCH', `/organization/humans/${org.admin.id}`, {
      token: org.adminToken,
      body: { managerUserId: org.mo.id },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.code).toBe('ORG_LOOP');
    expect(loop.body.path.map((step: { id: string }) => step.id)).toEqual([org.admin.id, org.mo.id, org.lin.id]);
    expect(loop.body.error).toMatch(/loop/);
    // Someone without a manager hangs under the root too: managing the root makes a loop as well.
    const free = await t.createUser({ company: org.company, name: 'Free' });
    const viaFallback = await t.call('PATCH', `/organization/humans/${org.admin.id}`, {
      token: org.adminToken,
      body: { managerUserId: free.id },
    });
    expect(viaFallback.status).toBe(400);
    expect(viaFallback.body.path.map((step: { id: string }) => step.id)).toEqual([org.admin.id, free.id]);
    const chart = await chartOf(org.adminToken);
    expect(chart.humans.find((h: { id: string }) => h.id === org.admin.id).managerUserId).toBeNull();
    expect(chart.issues.filter((issue: { kind: string }) => issue.kind === 'manager-loop')).toEqual([]);
  });

  it('refuse a loop made through a team lead, and a team nested in itself', async () => {
    const org = await setup();
    // Mo (without a manager) leads Platform, Lin (without a manager) joins it, then Mo would report to Lin.
    await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { id: org.mo.id } },
    });
    const moFree = await t.call('PATCH', `/organization/humans/${org.mo.id}`, {
      token: org.adminToken,
      body: { managerUserId: null },
    });
    expect(moFree.status).toBe(200);
    const linJoins = await t.call('PATCH', `/organization/humans/${org.lin.id}`, {
      token: org.adminToken,
      body: { managerUserId: null, teamId: org.platform.id },
    });
    expect(linJoins.status).toBe(200);
    const loop = await t.call('PATCH', `/organization/humans/${org.mo.id}`, {
      token: org.adminToken,
      body: { managerUserId: org.lin.id },
    });
    expect(loop.status).toBe(400);
    expect(loop.body.code).toBe('ORG_LOOP');

    const child = await t.call('POST', '/organization/teams', {
      token: org.adminToken,
      body: { name: 'Infra', parentId: org.platform.id },
    });
    expect(child.status).toBe(201);
    const infra = child.body.teams.find((team: { name: string }) => team.name === 'Infra');
    expect(child.headers.get('location')).toBe(`/api/organization/teams/${infra.id}`);
    expect(infra.parentId).toBe(org.platform.id);
    const nested = await t.call('PATCH', `/organization/teams/${org.platform.id}`, {
      token: org.adminToken,
      body: { parentId: infra.id },
    });
    expect(nested.status).toBe(400);
    expect(nested.body.code).toBe('ORG_LOOP');
  });

  it('create, rename, nest and delete a team; its members become unassigned', async () => {
    const org = await setup();
    const created = await t.call('POST', '/organization/teams', {
      token: org.adminToken,
      body: { name: '  Design ', lead: { kind: 'human', id: org.lin.id } },
    });
    const design = created.body.teams.find((team: { name: string }) => team.name === 'Design');
    expect(design.lead).toEqual({ kind: 'human', id: org.lin.id });
    expect(created.body.issues).toContainEqual({ kind: 'team-empty', id: design.id });
    const renamed = await t.call('PATCH', `/organization/teams/${design.id}`, {
      token: org.adminToken,
      body: { name: 'Product design', parentId: org.platform.id },
    });
    expect(renamed.body.teams.find((team: { id: string }) => team.id === design.id)).toMatchObject({
      name: 'Product design',
      parentId: org.platform.id,
    });
    const deleted = await t.call('DELETE', `/organization/teams/${org.platform.id}`, { token: org.adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body.teams.map((team: { id: string }) => team.id)).toEqual([design.id]);
    expect(deleted.body.teams[0].parentId).toBeNull();
    expect(deleted.body.humans.find((h: { id: string }) => h.id === org.mo.id).teamId).toBeNull();
    expect(deleted.body.agents.find((a: { id: string }) => a.id === org.bot.id).teamId).toBeNull();
    expect(
      (await t.call('PATCH', '/organization/teams/nope', { token: org.adminToken, body: { name: 'x' } })).status,
    ).toBe(400);
    expect((await t.call('POST', '/organization/teams', { token: org.adminToken, body: { name: '' } })).status).toBe(
      400,
    );
    expect((await t.call('POST', '/organization/teams', { token: org.memberToken, body: { name: 'X' } })).status).toBe(
      403,
    );
  });

  it('set an agent’s team and responsible member; one leading a team must keep a person in its chain', async () => {
    const org = await setup();
    const fixed = await t.call('PATCH', `/organization/agents/${org.bot.id}`, {
      token: org.adminToken,
      body: { manager: { kind: 'human', id: org.mo.id } },
    });
    expect(fixed.status).toBe(200);
    expect(fixed.body.issues).not.toContainEqual({ kind: 'agent-no-human', id: org.bot.id });
    await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { id: org.owned.id } },
    });
    const orphaned = await t.call('PATCH', `/organization/agents/${org.owned.id}`, {
      token: org.adminToken,
      body: { manager: null },
    });
    expect(orphaned.status).toBe(409);
    expect(orphaned.body.code).toBe('ORG_NO_HUMAN_MANAGER');
    const toAgent = await t.call('PATCH', `/organization/agents/${org.bot.id}`, {
      token: org.adminToken,
      body: { manager: { kind: 'agent', id: org.owned.id }, teamId: null },
    });
    expect(toAgent.status).toBe(200);
    expect(pathTo(toAgent.body.tree.roots, `agent:${org.bot.id}`).slice(-2)).toEqual([
      `agent:${org.owned.id}`,
      `agent:${org.bot.id}`,
    ]);
  });

  it('keep the last admin: demoting or removing them is 409 ORG_LAST_ADMIN', async () => {
    const org = await setup();
    const demote = await t.call('PUT', `/organization/humans/${org.admin.id}/role`, {
      token: org.adminToken,
      body: { role: 'member' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body.code).toBe('ORG_LAST_ADMIN');
    const remove = await t.call('DELETE', `/organization/humans/${org.admin.id}`, { token: org.adminToken });
    expect(remove.status).toBe(409);
    const promote = await t.call('PUT', `/organization/humans/${org.lin.id}/role`, {
      token: org.adminToken,
      body: { role: 'admin' },
    });
    expect(promote.status).toBe(200);
    // Lin's role shows at once (cached credentials were evicted).
    const linToken = await t.signIn(org.lin.email);
    expect((await t.call('GET', '/organization/chart', { token: linToken })).body.canEdit).toBe(true);
    expect(
      (
        await t.call('PUT', `/organization/humans/${org.admin.id}/role`, {
          token: org.adminToken,
          body: { role: 'member' },
        })
      ).status,
    ).toBe(200);
    expect((await t.call('GET', '/organization/chart', { token: org.adminToken })).body.canEdit).toBe(false);
  });

  it('remove a member: reports lose their manager, led teams their lead, keys are revoked; their comments keep their name', async () => {
    const org = await setup();
    await t.call('PUT', `/organization/teams/${org.platform.id}/lead`, {
      token: org.adminToken,
      body: { lead: { id: org.lin.id } },
    });
    await t.call('PUT', `/organization/humans/${org.lin.id}/role`, { token: org.adminToken, body: { role: 'admin' } });
    const linToken = await t.signIn(org.lin.email);
    const key = (await t.createKey(linToken, 'read')).secret;
    const board = await t.createBoard(linToken, ['To do'], 1);
    const cardId = board.columns[0]!.cards[0]!.id;
    await t.call('POST', `/projects/${board.id}/cards/${cardId}/comments`, { token: linToken, body: { text: 'Mine' } });
    const removed = await t.call('DELETE', `/organization/humans/${org.lin.id}`, { token: org.adminToken });
    expect(removed.status).toBe(200);
    expect(removed.body.humans.map((h: { id: string }) => h.id)).not.toContain(org.lin.id);
    expect(removed.body.humans.find((h: { id: string }) => h.id === org.mo.id).managerUserId).toBeNull();
    expect(removed.body.teams[0].lead).toBeNull();
    expect(removed.body.agents.find((a: { id: string }) => a.id === org.owned.id).manager).toBeNull();
    expect((await t.call('GET', '/organization/chart', { token: key })).status).toBe(401);
    const comments = await t.call('GET', `/projects/${board.id}/cards/${cardId}/comments`, { token: org.adminToken });
    expect(comments.body.comments[0].author).toBe(org.lin.name);
    expect((await t.call('DELETE', `/organization/humans/${org.lin.id}`, { token: org.adminToken })).status).toBe(404);
  });

  it('records organization.updated for the company’s live streams', async () => {
    const org = await setup();
    const stream = await t.openStream(org.memberToken);
    await t.call('POST', '/organization/teams', { token: org.adminToken, body: { name: 'Live' } });
    const event = await stream.next('organization.updated');
    expect(event.data).toMatchObject({ companyId: org.company.id, actorUserId: org.admin.id });
    await stream.close();
  });

  it('lists the people with email, role and join date for admins only', async () => {
    const org = await setup();
    const list = await t.call('GET', '/organization/people', { token: org.adminToken });
    expect(list.status).toBe(200);
    expect(list.body.people.find((p: { id: string }) => p.id === org.admin.id)).toMatchObject({
      email: org.admin.email,
      role: 'admin',
    });
    expect((await t.call('GET', '/organization/people', { token: org.memberToken })).status).toBe(403);
  });
});
