import { asc, eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { agents, users } from '../../db/schema.ts';
import { companyOf } from '../projects/access.ts';

/** The company's people and agents, people first, each by name. */
export async function listMembers(ctx: AppContext, principal: Principal) {
  const company = companyOf(principal);
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
    })),
    ...bots.map((agent) => ({
      kind: 'agent' as const,
      id: agent.id,
      name: agent.name,
      title: agent.role,
      status: agent.status,
      teamId: agent.teamId,
    })),
  ];
}
