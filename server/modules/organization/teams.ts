/**
 * The organization's teams (admins, through orgWrite: service.ts): creating, renaming and nesting,
 * deleting, and designating a lead.
 */
import { changedFields, checkEdit } from '../../http/edit-check.ts';
import { eq } from 'drizzle-orm';
import type { Actor } from '../../events/record.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../types.ts';
import { agents, teams, users } from '../../db/schema.ts';
import { ApiError, ErrorCode } from '../../http/errors.ts';
import { type ChartInput, reachesHuman } from './chart.ts';
import { resolveMember } from './member-ref.ts';
import { noHumanManager, orgWrite, teamOf } from './service.ts';

async function assertTeamParent(tx: Executor, companyId: string, teamId: string | null, parentId: string) {
  // Walk up from the new parent; meeting the team itself would nest it inside itself.
  const chain: { id: string; name: string }[] = [];
  let current: string | null = parentId;
  const seen = new Set<string>();
  while (current && !seen.has(current)) {
    seen.add(current);
    const team = await teamOf(tx, companyId, current, 'parentId');
    chain.push({ id: team.id, name: team.name });
    if (teamId && team.id === teamId) {
      const path = chain.map((step) => ({ kind: 'team' as const, ...step }));
      throw new ApiError(
        400,
        `A team cannot be nested inside itself: ${[...chain]
          .reverse()
          .map((step) => step.name)
          .join(' → ')}`,
        ErrorCode.orgLoop,
        { path },
      );
    }
    current = team.parentId;
  }
}

export type TeamInput = {
  name: string;
  parentId?: string | null;
  lead?: { kind?: 'human' | 'agent'; id: string } | null;
};

export async function createTeam(ctx: AppContext, actor: Actor, input: TeamInput) {
  let createdId = '';
  const touched: string[] = [];
  const entry = await orgWrite(ctx, actor, touched, async (tx, companyId, changed) => {
    if (input.parentId) await assertTeamParent(tx, companyId, null, input.parentId);
    const lead = input.lead ? await resolveMember(tx, companyId, input.lead, 'lead') : null;
    const created = await tx
      .insert(teams)
      .values({
        companyId,
        name: input.name,
        parentId: input.parentId ?? null,
        leadKind: lead?.kind ?? null,
        leadId: lead?.id ?? null,
      })
      .returning({ id: teams.id });
    changed.note('teams', created);
    createdId = created[0]!.id;
    touched.push(`team:${createdId}`);
    if (lead?.kind === 'agent') return agentLeadable(lead);
  });
  return { entry, teamId: createdId };
}

export async function updateTeam(
  ctx: AppContext,
  actor: Actor,
  teamId: string,
  input: { name?: string; parentId?: string | null; baseVersion?: number },
) {
  return orgWrite(ctx, actor, [`team:${teamId}`], async (tx, companyId, changed) => {
    const team = await teamOf(tx, companyId, teamId);
    const versions = await checkEdit(
      team,
      changedFields(team, input, ['name', 'parentId']),
      input.baseVersion,
      actor,
      'team',
      () => ({
        id: team.id,
        version: team.version,
        name: team.name,
        parentId: team.parentId,
        lead: team.leadKind && team.leadId ? { kind: team.leadKind, id: team.leadId } : null,
      }),
      { parentId: 'parent team' },
    );
    if (input.parentId) await assertTeamParent(tx, companyId, teamId, input.parentId);
    const changes: Partial<typeof teams.$inferInsert> = { ...versions, updatedAt: new Date() };
    if (input.name !== undefined) changes.name = input.name;
    if (input.parentId !== undefined) changes.parentId = input.parentId;
    changed.note('teams', await tx.update(teams).set(changes).where(eq(teams.id, teamId)).returning({ id: teams.id }));
  });
}

export async function deleteTeam(ctx: AppContext, actor: Actor, teamId: string) {
  return orgWrite(ctx, actor, [], async (tx, companyId, changed) => {
    const team = await teamOf(tx, companyId, teamId);
    const now = new Date();
    // Child teams move up to the deleted team's parent; its members become unassigned.
    changed.note(
      'teams',
      await tx
        .update(teams)
        .set({ parentId: team.parentId, updatedAt: now })
        .where(eq(teams.parentId, teamId))
        .returning({ id: teams.id }),
    );
    changed.note(
      'humans',
      await tx
        .update(users)
        .set({ teamId: null, updatedAt: now })
        .where(eq(users.teamId, teamId))
        .returning({ id: users.id }),
    );
    changed.note(
      'agents',
      await tx
        .update(agents)
        .set({ teamId: null, updatedAt: now })
        .where(eq(agents.teamId, teamId))
        .returning({ id: agents.id }),
    );
    changed.note('teams', await tx.delete(teams).where(eq(teams.id, teamId)).returning({ id: teams.id }));
  });
}

/** The check that an agent leading a team has a person at the end of its chain of responsibility. */
const agentLeadable = (lead: { id: string; name: string }) => (input: ChartInput) => {
  if (!reachesHuman(lead.id, input)) throw noHumanManager(lead.name);
};

export async function setTeamLead(
  ctx: AppContext,
  actor: Actor,
  teamId: string,
  lead: { kind?: 'human' | 'agent'; id: string } | null,
) {
  const touched = [`team:${teamId}`];
  return orgWrite(ctx, actor, touched, async (tx, companyId, changed) => {
    await teamOf(tx, companyId, teamId);
    const member = lead ? await resolveMember(tx, companyId, lead, 'lead') : null;
    if (member) touched.push(`${member.kind}:${member.id}`);
    changed.note(
      'teams',
      await tx
        .update(teams)
        .set({ leadKind: member?.kind ?? null, leadId: member?.id ?? null, updatedAt: new Date() })
        .where(eq(teams.id, teamId))
        .returning({ id: teams.id }),
    );
    // Checked with the lead in place: an agent of this very team must not count on itself.
    if (member?.kind === 'agent') return agentLeadable(member);
  });
}
