import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { agents, teams, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

describe('GET /company/teams', () => {
  it('lists the company’s teams by name with lead and member count', async () => {
    const org = await t.createOrg();
    const [team] = await t.ctx.db
      .insert(teams)
      .values({ companyId: org.company.id, name: 'Platform', leadKind: 'human', leadId: org.admin.id })
      .returning();
    await t.ctx.db.insert(teams).values({ companyId: org.company.id, name: 'Ops' });
    await t.ctx.db.update(users).set({ teamId: team!.id }).where(eq(users.id, org.member.id));
    await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Triage', teamId: team!.id });
    const response = await t.call('GET', '/company/teams', { token: org.memberToken });
    expect(response.body.teams).toEqual([
      { id: expect.any(String), name: 'Ops', parentId: null, lead: null, memberCount: 0 },
      { id: team!.id, name: 'Platform', parentId: null, lead: { kind: 'human', id: org.admin.id }, memberCount: 2 },
    ]);
    const stranger = await t.createOrg();
    expect((await t.call('GET', '/company/teams', { token: stranger.memberToken })).body.teams).toEqual([]);
  });
});

describe('GET /company/members', () => {
  it('lists the company’s people then agents, and nobody from elsewhere', async () => {
    const org = await t.createOrg();
    const stranger = await t.createOrg();
    await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: 'Scribe', role: 'Takes notes', status: 'completed' });
    const response = await t.call('GET', '/company/members', { token: org.memberToken });
    expect(response.status).toBe(200);
    const members = response.body.members as { kind: string; id: string; name: string; status: string }[];
    expect(members.map((member) => member.kind)).toEqual(['human', 'human', 'agent']);
    expect(members.map((member) => member.id)).toEqual(expect.arrayContaining([org.admin.id, org.member.id]));
    expect(members.map((member) => member.id)).not.toContain(stranger.admin.id);
    expect(members[2]).toMatchObject({ name: 'Scribe', title: 'Takes notes', status: 'completed', manager: null });
  });

  it('is 404 for a user without a company', async () => {
    const loner = await t.createUser();
    expect((await t.call('GET', '/company/members', { token: await t.signIn(loner.email) })).status).toBe(404);
  });
});
