/**
 * The organization: the chart (computed by chart.ts from the raw choices) and the writes that
 * change those choices. Every write is for company admins (`editOrganization`, or `manageMembers`
 * for roles and removal), runs in one transaction under a per-company lock (two writes cannot
 * together make the loop each alone would not), refuses a change that would make a loop, records
 * `organization.updated`, and answers the recomputed chart.
 */
import { and, asc, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../events/record.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { AppContext, Principal } from '../../types.ts';
import { agents, apiKeys, integrationConnections, teams, users } from '../../db/schema.ts';
import { rows } from '../../db/rows.ts';
import { recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { type Permission, requireCompany, requirePermission } from '../../policies/index.ts';
import { buildChart, type ChartInput, type MemberRef, type OrgChart, reachesHuman } from './chart.ts';
import { resolveMember } from './member-ref.ts';
import { cachedChart, type ChartEntry, orgVersion, rememberChart } from './chart-cache.ts';

/** A lock id per company for organization writes (hashtext of the company id, in a namespace). */
const lockCompany = (tx: Executor, companyId: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(7300512, hashtext(${companyId}))`);

/**
 * The chart's raw choices for a company, read in one statement that returns three JSON arrays:
 * at 5,000 members that is several times faster than 5,000 rows through the driver (the embedded
 * database's rows cross a WebAssembly boundary one value at a time).
 */
export async function loadChartInput(
  db: Executor,
  companyId: string,
  canEdit: boolean,
  only?: Changed,
): Promise<ChartInput> {
  // With `only`: just those rows (what a write changed), to patch a cached input.
  const pick = (column: SQL, ids: Set<string> | undefined) =>
    !only
      ? sql`true`
      : ids && ids.size > 0
        ? sql`${column} in (${sql.join(
            [...ids].map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
  const result = await db.execute(sql`
    select
      (select coalesce(json_agg(json_build_array(u.id, u.name, u.title, u.team_id, u.manager_user_id, u.role,
          u.joined_company_at) order by u.name, u.id), '[]'::json)::text
        from ${users} u where u.company_id = ${companyId} and ${pick(sql`u.id`, only?.humans)}) as humans,
      (select coalesce(json_agg(json_build_array(a.id, a.name, a.role, a.team_id, a.manager_kind, a.manager_id)
          order by a.name, a.id), '[]'::json)::text
        from ${agents} a where a.company_id = ${companyId} and ${pick(sql`a.id`, only?.agents)}) as agents,
      (select coalesce(json_agg(json_build_array(t.id, t.name, t.parent_id, t.lead_kind, t.lead_id)
          order by t.name, t.id), '[]'::json)::text
        from ${teams} t where t.company_id = ${companyId} and ${pick(sql`t.id`, only?.teams)}) as teams`);
  const [row] = rows<{ humans: string; agents: string; teams: string }>(result);
  type Cell = string | null;
  const humanRows = JSON.parse(row!.humans) as [string, string, string, Cell, Cell, Cell, Cell][];
  const agentRows = JSON.parse(row!.agents) as [string, string, string, Cell, Cell, Cell][];
  const teamRows = JSON.parse(row!.teams) as [string, string, Cell, Cell, Cell][];
  const humans = humanRows.map(([id, name, title, teamId, managerUserId, role, joined]) => ({
    id,
    name,
    title,
    teamId,
    managerUserId,
    role: role as 'admin' | 'member' | null,
    joinedAt: joined ? new Date(joined) : null,
  }));
  const agentList = agentRows.map(([id, name, role, teamId, managerKind, managerId]) => ({
    id,
    name,
    role,
    teamId,
    managerKind: managerKind as MemberRef['kind'] | null,
    managerId,
  }));
  const teamList = teamRows.map(([id, name, parentId, leadKind, leadId]) => ({
    id,
    name,
    parentId,
    leadKind: leadKind as MemberRef['kind'] | null,
    leadId,
  }));
  return { companyId, humans, agents: agentList, teams: teamList, canEdit };
}

/**
 * What a write changed: the people, agents and teams whose rows it touched, and how many of its
 * statements changed any (each bumped the organization's version once: migration 0014's
 * statement-level triggers).
 */
export class Changed {
  readonly humans = new Set<string>();
  readonly agents = new Set<string>();
  readonly teams = new Set<string>();
  bumps = 0;

  /** Records a statement's changed rows (from its RETURNING). */
  note(kind: 'humans' | 'agents' | 'teams', rows: { id: string }[]) {
    if (rows.length === 0) return;
    this.bumps++;
    for (const row of rows) this[kind].add(row.id);
  }
}

/** The cached input with the changed rows replaced by their fresh state (gone when not returned). */
function patchInput(base: ChartInput, fresh: ChartInput, changed: Changed): ChartInput {
  const merge = <T extends { id: string }>(list: T[], ids: Set<string>, rows: T[]) =>
    ids.size === 0 ? list : [...list.filter((item) => !ids.has(item.id)), ...rows];
  return {
    ...base,
    humans: merge(base.humans, changed.humans, fresh.humans),
    agents: merge(base.agents, changed.agents, fresh.agents),
    teams: merge(base.teams, changed.teams, fresh.teams),
  };
}

/** How organization writes computed their answer (the bench and a test read it). */
export const orgWriteStats = { patched: 0, reloaded: 0 };

/**
 * The company's chart, from the cache while the organization's version holds (chart-cache.ts).
 * The version is read before the rows, so what is kept for it is never older than it.
 */
export async function getChart(ctx: AppContext, principal: Principal): Promise<ChartEntry> {
  const company = requireCompany(principal);
  const version = await orgVersion(ctx.db, company.id);
  const cached = cachedChart(ctx.db, company.id, version);
  if (cached) return cached;
  const input = await loadChartInput(ctx.db, company.id, false);
  const entry = { companyId: company.id, version, input, chart: buildChart(input).chart };
  rememberChart(ctx.db, entry);
  return entry;
}

/**
 * A write's change. It notes what it changed in `changed` (from its statements' RETURNING), may
 * queue work for once it has committed (`after`: evicting cached credentials), and may return a
 * check of the organization as it will be (the input the answer is built from).
 */
type Write = (
  tx: Transaction,
  companyId: string,
  changed: Changed,
  after: (task: () => Promise<void>) => void,
) => Promise<((input: ChartInput) => void) | void>;

/**
 * Runs an organization write: permission, lock, the change, the loop check on the keys it touched,
 * the event, and the recomputed chart as the answer.
 */
async function orgWrite(
  ctx: AppContext,
  actor: Actor,
  touched: string[],
  write: Write,
  permission: Permission = 'editOrganization',
): Promise<ChartEntry> {
  const company = requireCompany(actor.principal);
  requirePermission(actor.principal, permission);
  const tasks: (() => Promise<void>)[] = [];
  const entry = await ctx.db.transaction(async (tx) => {
    await lockCompany(tx, company.id);
    const before = await orgVersion(tx, company.id);
    const changed = new Changed();
    const check = await write(tx, company.id, changed, (task) => tasks.push(task));
    const version = await orgVersion(tx, company.id);
    // The chart cached for the version before this write is patched with the rows it changed —
    // when nothing else changed meanwhile (the version moved by exactly this write's statements;
    // another change committed in between would have bumped it too). Otherwise every row is read.
    const base = cachedChart(ctx.db, company.id, before);
    let input: ChartInput;
    if (base && version === before + changed.bumps) {
      input = patchInput(base.input, await loadChartInput(tx, company.id, false, changed), changed);
      orgWriteStats.patched++;
    } else {
      input = await loadChartInput(tx, company.id, false);
      orgWriteStats.reloaded++;
    }
    if (check) check(input);
    const result = buildChart(input);
    const loop = result.loops.find((path) => path.some((key) => touched.includes(key)));
    if (loop) throw loopError(result.chart, loop);
    await recordEvent(tx, actor, 'organization.updated', { companyId: company.id });
    return { companyId: company.id, version, input, chart: result.chart };
  });
  rememberChart(ctx.db, entry);
  for (const task of tasks) await task();
  return entry;
}

function loopError(chart: OrgChart, loop: string[]): ApiError {
  const names = new Map<string, string>();
  for (const h of chart.humans) names.set(`human:${h.id}`, h.name);
  for (const a of chart.agents) names.set(`agent:${a.id}`, a.name);
  for (const t of chart.teams) names.set(`team:${t.id}`, t.name);
  const path = loop.map((key) => {
    const [kind, id] = key.split(':') as ['human' | 'agent' | 'team', string];
    return { kind, id, name: names.get(key) ?? id };
  });
  const words = [...path, path[0]!].map((step) => step.name).join(' → ');
  return new ApiError(400, `This change would make a loop: ${words}`, ErrorCode.orgLoop, { path });
}

/** The company's team, or 404. */
async function teamOf(db: Executor, companyId: string, teamId: string, field?: string) {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)));
  if (!team) throw field ? invalidField(field, 'is not a team of your company') : notFound('Team not found');
  return team;
}

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

const noHumanManager = (name: string) =>
  new ApiError(
    409,
    `Nobody is responsible for ${name}: give it a responsible person first (its chain of responsibility must reach a person)`,
    ErrorCode.orgNoHumanManager,
  );

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
  input: { name?: string; parentId?: string | null },
) {
  return orgWrite(ctx, actor, [`team:${teamId}`], async (tx, companyId, changed) => {
    await teamOf(tx, companyId, teamId);
    if (input.parentId) await assertTeamParent(tx, companyId, teamId, input.parentId);
    const changes: Partial<typeof teams.$inferInsert> = { updatedAt: new Date() };
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
