import { asc, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { agents, teams, users } from '../../db/schema.ts';
import { requireCompany } from '../../policies/index.ts';

/** The company's people and agents, people first, each by name. */
export async function listMembers(ctx: AppContext, principal: Principal) {
  const company = requireCompany(principal);
  const [people, bots] = await Promise.all([
    ctx.db.select().from(users).where(eq(users.companyId, company.id)).orderBy(asc(users.name)),
    ctx.db.select().from(agents).where(eq(agents.companyId, company.id)).orderBy(asc(agents.name)),
  ]);
  return [
    ...people.map((user) => ({
      kind: 'human' as const,
      id: user.id,
      name: user.name,
      title: user.title,
      status: 'active' as const,
      teamId: user.teamId,
      manager: user.managerUserId ? { kind: 'human' as const, id: user.managerUserId } : null,
    })),
    ...bots.map((agent) => ({
      kind: 'agent' as const,
      id: agent.id,
      name: agent.name,
      title: agent.role,
      status: agent.status,
      teamId: agent.teamId,
      manager: agent.managerKind && agent.managerId ? { kind: agent.managerKind, id: agent.managerId } : null,
    })),
  ];
}

/** The company's teams by name, with lead and member count. */
export async function listTeams(ctx: AppContext, principal: Principal) {
  const company = requireCompany(principal);
  const rows = await ctx.db
    .select({
      team: teams,
      // Qualified by hand: Drizzle leaves single-table columns unqualified, which the subqueries would capture.
      members: sql<number>`(select count(*)::int from ${users} u where u.team_id = "teams"."id")
        + (select count(*)::int from ${agents} a where a.team_id = "teams"."id")`,
    })
    .from(teams)
    .where(eq(teams.companyId, company.id))
    .orderBy(asc(teams.name));
  return rows.map(({ team, members }) => ({
    id: team.id,
    name: team.name,
    parentId: team.parentId,
    lead: team.leadKind && team.leadId ? { kind: team.leadKind, id: team.leadId } : null,
    memberCount: Number(members),
  }));
}
