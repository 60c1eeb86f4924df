/**
 * The organization's people and agents (admins, through orgWrite: service.ts): a person's team,
 * manager and title, an agent's team and responsible member, roles (the last admin stays), removal
 * from the company, and the people list of Settings → Members.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Actor } from '../../events/record.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext, Principal } from '../../types.ts';
import { agents, apiKeys, integrationConnections, teams, users } from '../../db/schema.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import { type ChartInput, reachesHuman } from './chart.ts';
import { resolveMember } from './member-ref.ts';
import { noHumanManager, orgWrite, teamOf } from './service.ts';

async function humanOf(db: Executor, companyId: string, userId: string, field?: string) {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), eq(users.companyId, companyId)));
  if (!user) throw field ? invalidField(field, 'is not a person of your company') : notFound('Person not found');
  return user;
}

async function agentOf(db: Executor, companyId: string, agentId: string, field?: string) {
  const [agent] = await db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.companyId, companyId)));
  if (!agent) throw field ? invalidField(field, 'is not an agent of your company') : notFound('Agent not found');
  return agent;
}
export async function updateHuman(
  ctx: AppContext,
  actor: Actor,
  userId: string,
  input: { teamId?: string | null; managerUserId?: string | null; title?: string },
) {
  return orgWrite(ctx, actor, [`human:${userId}`], async (tx, companyId, changed) => {
    await humanOf(tx, companyId, userId);
    if (input.teamId) await teamOf(tx, companyId, input.teamId, 'teamId');
    if (input.managerUserId) {
      if (input.managerUserId === userId) throw invalidField('managerUserId', 'cannot be the person themselves');
      await humanOf(tx, companyId, input.managerUserId, 'managerUserId');
    }
    const changes: Partial<typeof users.$inferInsert> = { updatedAt: new Date() };
    if (input.teamId !== undefined) changes.teamId = input.teamId;
    if (input.managerUserId !== undefined) changes.managerUserId = input.managerUserId;
    if (input.title !== undefined) changes.title = input.title;
    changed.note('humans', await tx.update(users).set(changes).where(eq(users.id, userId)).returning({ id: users.id }));
  });
}

export async function updateAgent(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  input: { teamId?: string | null; manager?: { kind?: 'human' | 'agent'; id: string } | null },
) {
  return orgWrite(ctx, actor, [`agent:${agentId}`], async (tx, companyId, changed) => {
    const agent = await agentOf(tx, companyId, agentId);
    if (input.teamId) await teamOf(tx, companyId, input.teamId, 'teamId');
    const manager = input.manager ? await resolveMember(tx, companyId, input.manager, 'manager') : input.manager;
    if (manager && manager.kind === 'agent' && manager.id === agentId) {
      throw invalidField('manager', 'cannot be the agent itself');
    }
    const changes: Partial<typeof agents.$inferInsert> = { updatedAt: new Date() };
    if (input.teamId !== undefined) changes.teamId = input.teamId;
    if (manager !== undefined) {
      changes.managerKind = manager?.kind ?? null;
      changes.managerId = manager?.id ?? null;
    }
    changed.note(
      'agents',
      await tx.update(agents).set(changes).where(eq(agents.id, agentId)).returning({ id: agents.id }),
    );
    // An agent that leads a team, or answers to an agent, must keep a person at the end of its chain.
    if (manager !== undefined) {
      return (state: ChartInput) => {
        const leads = state.teams.some((team) => team.leadKind === 'agent' && team.leadId === agentId);
        if ((leads || manager?.kind === 'agent') && !reachesHuman(agentId, state)) throw noHumanManager(agent.name);
      };
    }
  });
}

async function adminCount(tx: Executor, companyId: string) {
  const [row] = await tx
    .select({ count: sql<number>`count(*)::int` })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin')));
  return Number(row?.count ?? 0);
}

const lastAdmin = (what: string) =>
  new ApiError(
    409,
    `${what}: a company needs at least one admin. Make someone else an admin first.`,
    ErrorCode.orgLastAdmin,
  );

export async function setRole(ctx: AppContext, actor: Actor, userId: string, role: 'admin' | 'member') {
  return orgWrite(
    ctx,
    actor,
    [],
    async (tx, companyId, changed, after) => {
      const user = await humanOf(tx, companyId, userId);
      if (user.role === role) return;
      if (role === 'member' && (await adminCount(tx, companyId)) <= 1) {
        throw lastAdmin(`${user.name} is the last admin`);
      }
      changed.note(
        'humans',
        await tx
          .update(users)
          .set({ role, updatedAt: new Date() })
          .where(eq(users.id, userId))
          .returning({ id: users.id }),
      );
      // Their credentials stay valid; what is cached of them (the role) is not.
      after(() => ctx.auth.invalidate({ userId }, { revoked: false }));
    },
    'manageMembers',
  );
}

/**
 * Removes a person from the company: they keep their account (and their name on what they wrote),
 * lose the company, its role, team and manager; whoever they managed, led or were responsible for
 * loses that link; their API keys are revoked.
 */
export async function removeMember(ctx: AppContext, actor: Actor, userId: string) {
  return orgWrite(
    ctx,
    actor,
    [],
    async (tx, companyId, changed, after) => {
      const user = await humanOf(tx, companyId, userId);
      if (user.role === 'admin' && (await adminCount(tx, companyId)) <= 1) {
        throw lastAdmin(`${user.name} is the last admin and cannot be removed`);
      }
      const now = new Date();
      changed.note(
        'humans',
        await tx
          .update(users)
          .set({ managerUserId: null, updatedAt: now })
          .where(eq(users.managerUserId, userId))
          .returning({ id: users.id }),
      );
      changed.note(
        'teams',
        await tx
          .update(teams)
          .set({ leadKind: null, leadId: null, updatedAt: now })
          .where(and(eq(teams.companyId, companyId), eq(teams.leadKind, 'human'), eq(teams.leadId, userId)))
          .returning({ id: teams.id }),
      );
      changed.note(
        'agents',
        await tx
          .update(agents)
          .set({ managerKind: null, managerId: null, updatedAt: now })
          .where(and(eq(agents.companyId, companyId), eq(agents.managerKind, 'human'), eq(agents.managerId, userId)))
          .returning({ id: agents.id }),
      );
      await tx
        .update(apiKeys)
        .set({ revokedAt: now })
        .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)));
      // Their personal integration connections go with them: disconnected, credentials erased, so
      // no agent they granted one to keeps using it.
      await tx
        .update(integrationConnections)
        .set({ status: 'revoked', credentialsSealed: null, revokedAt: now, updatedAt: now })
        .where(
          and(
            eq(integrationConnections.companyId, companyId),
            eq(integrationConnections.ownerUserId, userId),
            ne(integrationConnections.status, 'revoked'),
          ),
        );
      changed.note(
        'humans',
        await tx
          .update(users)
          .set({
            companyId: null,
            role: null,
            teamId: null,
            managerUserId: null,
            joinedCompanyAt: null,
            updatedAt: now,
          })
          .where(eq(users.id, userId))
          .returning({ id: users.id }),
      );
      // Their sign-in still works (for an account without a company); their live streams end.
      after(() => ctx.auth.invalidate({ userId }));
    },
    'manageMembers',
  );
}

/** The company's people with what admins manage: email, role, team, manager, when they joined. */
export async function listPeople(ctx: AppContext, principal: Principal) {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageMembers');
  const rows = await ctx.db
    .select()
    .from(users)
    .where(eq(users.companyId, company.id))
    .orderBy(asc(users.name), asc(users.id));
  return rows.map((user) => ({
    id: user.id,
    name: user.name,
    email: user.email,
    title: user.title,
    role: user.role ?? 'member',
    teamId: user.teamId,
    managerUserId: user.managerUserId,
    joinedAt: (user.joinedCompanyAt ?? user.createdAt).toISOString(),
  }));
}
