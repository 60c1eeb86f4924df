/**
 * The company's agents: profiles and status (admins), their tokens (admins and the responsible
 * person), and the feedback people gave their replies. Sessions, messages and delegation are in
 * sessions.ts.
 */
import { changedFields, checkEdit } from '../../http/edit-check.ts';
import { and, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { agentMessageFeedback, agentMessages, agents, agentTokens, teams, users } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, conflict, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { fold, likeLiteral } from '../../lib/fold.ts';
import { generateAgentTokenSecret, hashSecret, secretPrefix } from '../../lib/secrets.ts';
import { isCompanyAdmin, requireCompany, requirePermission } from '../../policies/index.ts';
import { resolveMember, updateOrgAgent } from '../organization/index.ts';
import { type Agent, MAX_ACTIVE_TOKENS } from './schemas.ts';

export type AgentRow = typeof agents.$inferSelect;
type MemberRef = { kind: 'human' | 'agent'; id: string };

/** Whether the caller is the agent itself (an agent token). */
export const isAgent = (principal: Principal) => principal.agent !== undefined;

/** A company admin, or the person responsible for the agent: may mint its tokens, see its feedback, watch its stream. */
export function canManageAgent(principal: Principal, agent: Pick<AgentRow, 'managerKind' | 'managerId'>): boolean {
  if (isAgent(principal)) return false;
  return isCompanyAdmin(principal) || (agent.managerKind === 'human' && agent.managerId === principal.user.id);
}

type AgentListRow = Omit<AgentRow, 'fieldVersions'> & { responsibleName: string | null; lastActiveAt: string | null };

/** Agents of a company with their responsible member's name and last activity. */
async function selectAgents(
  db: Executor,
  companyId: string,
  filter: { id?: string; status?: AgentRow['status']; teamId?: string; q?: string } = {},
): Promise<AgentListRow[]> {
  const conditions = [sql`a.company_id = ${companyId}`];
  if (filter.id) conditions.push(sql`a.id = ${filter.id}`);
  if (filter.status) conditions.push(sql`a.status = ${filter.status}`);
  if (filter.teamId) conditions.push(sql`a.team_id = ${filter.teamId}`);
  if (filter.q) conditions.push(sql`a.search_key like ${`%${likeLiteral(fold(filter.q.trim()))}%`} escape '\\'`);
  const result = await db.execute(sql`
    select a.*, coalesce(mu.name, ma.name) as responsible_name,
      (select workspace_iso(max(t.last_used_at)) from ${agentTokens} t where t.agent_id = a.id) as last_active_at
    from ${agents} a
    left join ${users} mu on a.manager_kind = 'human' and mu.id = a.manager_id
    left join ${agents} ma on a.manager_kind = 'agent' and ma.id = a.manager_id
    where ${sql.join(conditions, sql` and `)}
    order by a.name, a.id`);
  return rows<Record<string, unknown>>(result).map((row) => ({
    id: row.id as string,
    companyId: row.company_id as string,
    name: row.name as string,
    role: row.role as string,
    status: row.status as AgentRow['status'],
    teamId: (row.team_id as string | null) ?? null,
    managerKind: (row.manager_kind as AgentRow['managerKind']) ?? null,
    managerId: (row.manager_id as string | null) ?? null,
    description: row.description as string,
    createdAt: new Date(row.created_at as string),
    updatedAt: new Date(row.updated_at as string),
    searchKey: row.search_key as string,
    version: row.version as number,
    responsibleName: (row.responsible_name as string | null) ?? null,
    lastActiveAt: (row.last_active_at as string | null) ?? null,
  }));
}

function presentAgent(principal: Principal, row: AgentListRow): Agent {
  return {
    id: row.id,
    version: row.version,
    name: row.name,
    role: row.role,
    description: row.description,
    status: row.status,
    archived: row.status === 'completed',
    teamId: row.teamId,
    responsible:
      row.managerKind && row.managerId
        ? { kind: row.managerKind, id: row.managerId, name: row.responsibleName ?? 'Former member' }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastActiveAt: row.lastActiveAt,
    canManage: canManageAgent(principal, row),
  };
}

export async function listAgents(
  ctx: AppContext,
  principal: Principal,
  filter: { status?: AgentRow['status']; teamId?: string; q?: string },
): Promise<Agent[]> {
  const company = requireCompany(principal);
  return (await selectAgents(ctx.db, company.id, filter)).map((row) => presentAgent(principal, row));
}

/** An agent of the caller's company, or 404. */
export async function findAgent(db: Executor, companyId: string, agentId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(agents)
    .where(and(eq(agents.id, agentId), eq(agents.companyId, companyId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Agent not found');
  return row;
}

/**
 * The agent `agentId` of the caller's company, for operations on what belongs to an agent (its
 * grants, schedules, webhooks): 404 when it is not in the company, and for an agent token when it
 * is another agent. `manage: true` also requires `canManageAgent` (403 `FORBIDDEN`).
 */
export async function agentInScope(
  db: Executor,
  principal: Principal,
  agentId: string,
  { manage = false, lock = false }: { manage?: boolean; lock?: boolean } = {},
): Promise<AgentRow> {
  const company = requireCompany(principal);
  if (principal.agent && principal.agent.id !== agentId) throw notFound('Agent not found');
  const agent = await findAgent(db, company.id, agentId, { lock });
  if (manage && !canManageAgent(principal, agent)) {
    throw forbidden('Only company admins and the person responsible for the agent may change this');
  }
  return agent;
}

export async function getAgent(ctx: AppContext, principal: Principal, agentId: string): Promise<Agent> {
  const company = requireCompany(principal);
  const [row] = await selectAgents(ctx.db, company.id, { id: agentId });
  if (!row) throw notFound('Agent not found');
  return presentAgent(principal, row);
}

/** The agent an agent token acts as (`GET /agents/me`); 404 for anyone else. */
export async function getCurrentAgent(ctx: AppContext, principal: Principal): Promise<Agent> {
  if (!principal.agent) throw notFound('Not an agent: GET /agents/me answers agent tokens only');
  return getAgent(ctx, principal, principal.agent.id);
}

/**
 * Whether a member's chain of responsible members ends at a person: a person does; an agent does
 * when the one responsible for it does (a loop or a gap does not).
 */
async function chainReachesHuman(db: Executor, companyId: string, start: MemberRef): Promise<boolean> {
  const seen = new Set<string>();
  let current: MemberRef | null = start;
  while (current) {
    if (current.kind === 'human') return true;
    if (seen.has(current.id)) return false;
    seen.add(current.id);
    const [row] = await db
      .select({ kind: agents.managerKind, id: agents.managerId })
      .from(agents)
      .where(and(eq(agents.id, current.id), eq(agents.companyId, companyId)));
    current = row?.kind && row.id ? { kind: row.kind, id: row.id } : null;
  }
  return false;
}

async function checkTeam(db: Executor, companyId: string, teamId: string) {
  const [row] = await db
    .select({ id: teams.id })
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)));
  if (!row) throw invalidField('teamId', 'is not a team of your company');
}

const noHumanManager = (name: string) =>
  new ApiError(
    409,
    `${name} needs a person at the end of its chain of responsibility: the agent you chose has nobody responsible for it`,
    ErrorCode.orgNoHumanManager,
  );

async function announce(db: Executor, actor: Actor, agentId: string) {
  const companyId = requireCompany(actor.principal).id;
  await recordEvent(db, actor, 'agent.updated', { agentId });
  await recordEvent(db, actor, 'organization.updated', { companyId });
}

export type NewAgent = {
  name: string;
  role?: string;
  description?: string;
  teamId?: string | null;
  /** `kind` may be left out: the id finds the member. */
  responsible?: { kind?: MemberRef['kind']; id: string } | null;
};

/** Admins create agents; the one responsible defaults to the admin creating it. */
export async function createAgent(ctx: AppContext, actor: Actor, input: NewAgent): Promise<Agent> {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageAgents');
  const id = await ctx.db.transaction(async (tx) => {
    if (input.teamId) await checkTeam(tx, company.id, input.teamId);
    const given =
      input.responsible === undefined ? { kind: 'human' as const, id: principal.user.id } : input.responsible;
    const responsible = given ? await resolveMember(tx, company.id, given, 'responsible') : null;
    if (responsible && !(await chainReachesHuman(tx, company.id, responsible))) throw noHumanManager(input.name);
    const [row] = await tx
      .insert(agents)
      .values({
        companyId: company.id,
        name: input.name,
        role: input.role ?? '',
        description: input.description ?? '',
        teamId: input.teamId ?? null,
        managerKind: responsible?.kind ?? null,
        managerId: responsible?.id ?? null,
      })
      .returning({ id: agents.id });
    await announce(tx, actor, row!.id);
    return row!.id;
  });
  return getAgent(ctx, principal, id);
}

/** The agent's fields as a conflict's message says them. */
const AGENT_WORDS = { teamId: 'team', responsible: 'responsible member' };

export type AgentChanges = {
  baseVersion?: number;
  name?: string;
  role?: string;
  description?: string;
  teamId?: string | null;
  responsible?: { kind?: MemberRef['kind']; id: string } | null;
};

/**
 * Admins edit an agent. The team and the responsible member go through the organization's own
 * write (the same rules and answers as the chart's: 409 `ORG_NO_HUMAN_MANAGER` for an agent
 * left without a person at the end of its chain); the profile fields after it, so a refusal there
 * changes nothing.
 */
export async function updateAgent(ctx: AppContext, actor: Actor, agentId: string, changes: AgentChanges) {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageAgents');
  /** The fields of the edit whose value it changes on `agent` (their API names). */
  const changedOn = (agent: AgentRow) => [
    ...changedFields(agent, changes, ['name', 'role', 'description', 'teamId']),
    ...(changes.responsible !== undefined &&
    (changes.responsible?.id ?? null) !== (agent.managerId && agent.managerKind ? agent.managerId : null)
      ? ['responsible']
      : []),
  ];
  const present = () => getAgent(ctx, principal, agentId);
  // Checked before the organization's write too, so a refused edit changes nothing.
  const before = await findAgent(ctx.db, company.id, agentId);
  await checkEdit(before, changedOn(before), changes.baseVersion, actor, 'agent', present, AGENT_WORDS);
  if (changes.teamId !== undefined || changes.responsible !== undefined) {
    await updateOrgAgent(ctx, actor, agentId, {
      ...(changes.teamId !== undefined ? { teamId: changes.teamId } : {}),
      ...(changes.responsible !== undefined ? { manager: changes.responsible } : {}),
    });
  }
  await ctx.db.transaction(async (tx) => {
    const current = await findAgent(tx, company.id, agentId, { lock: true });
    // The team and responsible member are stored by now: what `before` had is what this edit changed.
    const changed = changedOn(before);
    const versions = await checkEdit(current, changed, changes.baseVersion, actor, 'agent', present, AGENT_WORDS);
    const fields: Partial<typeof agents.$inferInsert> = { ...versions };
    if (changes.name !== undefined) fields.name = changes.name;
    if (changes.role !== undefined) fields.role = changes.role;
    if (changes.description !== undefined) fields.description = changes.description;
    await tx
      .update(agents)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(agents.id, agentId));
    await announce(tx, actor, agentId);
  });
  // The agent's name is cached with its tokens' principal.
  if (changes.name !== undefined) await ctx.auth.invalidate({ agentId }, { revoked: false });
  return getAgent(ctx, principal, agentId);
}

/** Admins pause, resume or complete an agent; its stream hears of it. */
export async function setAgentStatus(ctx: AppContext, actor: Actor, agentId: string, status: AgentRow['status']) {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageAgents');
  await ctx.db.transaction(async (tx) => {
    const agent = await findAgent(tx, company.id, agentId, { lock: true });
    if (agent.status === status) return;
    await tx.update(agents).set({ status, updatedAt: new Date() }).where(eq(agents.id, agentId));
    await announce(tx, actor, agentId);
    await recordEvent(tx, actor, 'agent.status.changed', { agentId, status }, { agentId });
  });
  await ctx.auth.invalidate({ agentId }, { revoked: false });
  return getAgent(ctx, principal, agentId);
}

/** The agent, if the caller may manage it (tokens, feedback, watching); 404 / 403 otherwise. */
export async function managedAgent(db: Executor, principal: Principal, agentId: string) {
  const company = requireCompany(principal);
  const agent = await findAgent(db, company.id, agentId);
  if (!canManageAgent(principal, agent)) {
    throw forbidden(`Only company admins and the person responsible for ${agent.name} can do this`);
  }
  return agent;
}

type TokenRow = typeof agentTokens.$inferSelect & { createdByName: string | null };

function presentToken(row: TokenRow) {
  return {
    id: row.id,
    agentId: row.agentId,
    name: row.name,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    createdBy: row.createdByUserId ? { id: row.createdByUserId, name: row.createdByName ?? 'Former member' } : null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

async function selectTokens(db: Executor, agentId: string, tokenId?: string) {
  const found = await db
    .select({ token: agentTokens, createdByName: users.name })
    .from(agentTokens)
    .leftJoin(users, eq(users.id, agentTokens.createdByUserId))
    .where(and(eq(agentTokens.agentId, agentId), tokenId ? eq(agentTokens.id, tokenId) : undefined))
    .orderBy(desc(agentTokens.createdAt), desc(agentTokens.id));
  return found.map(({ token, createdByName }) => ({ ...token, createdByName }));
}

export async function listTokens(ctx: AppContext, principal: Principal, agentId: string) {
  await managedAgent(ctx.db, principal, agentId);
  return (await selectTokens(ctx.db, agentId)).map(presentToken);
}

/**
 * Mints a token for an agent and answers it with its secret, which is not kept (only its hash).
 * `createdBy`: the person minting it; none for the demo agents `npm start` runs.
 */
export async function mintAgentToken(
  db: Executor,
  agentId: string,
  input: { name: string; expiresInDays?: number | null },
  createdBy: string | null,
) {
  const [live] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(agentTokens)
    .where(
      and(
        eq(agentTokens.agentId, agentId),
        isNull(agentTokens.revokedAt),
        or(isNull(agentTokens.expiresAt), gt(agentTokens.expiresAt, new Date())),
      ),
    );
  if (Number(live?.count ?? 0) >= MAX_ACTIVE_TOKENS) {
    throw conflict(`An agent may hold at most ${MAX_ACTIVE_TOKENS} live tokens; revoke one first`);
  }
  const secret = generateAgentTokenSecret();
  const expiresAt = input.expiresInDays ? new Date(Date.now() + input.expiresInDays * 86_400_000) : null;
  const [row] = await db
    .insert(agentTokens)
    .values({
      agentId,
      name: input.name,
      secretHash: hashSecret(secret),
      prefix: secretPrefix(secret),
      createdByUserId: createdBy,
      expiresAt,
    })
    .returning();
  const [token] = await selectTokens(db, agentId, row!.id);
  return { ...presentToken(token!), secret };
}

export async function createToken(
  ctx: AppContext,
  principal: Principal,
  agentId: string,
  input: { name: string; expiresInDays?: number | null },
) {
  return ctx.db.transaction(async (tx) => {
    await managedAgent(tx, principal, agentId);
    // One mint at a time per agent, so the live-token limit holds.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`agent-tokens:${agentId}`}))`);
    return mintAgentToken(tx, agentId, input, principal.user.id);
  });
}

/** Revokes a token: it stops working at once, here and on every instance, and its streams end. */
export async function revokeToken(ctx: AppContext, principal: Principal, agentId: string, tokenId: string) {
  await managedAgent(ctx.db, principal, agentId);
  const [row] = await ctx.db
    .update(agentTokens)
    .set({ revokedAt: sql`coalesce(${agentTokens.revokedAt}, now())` })
    .where(and(eq(agentTokens.id, tokenId), eq(agentTokens.agentId, agentId)))
    .returning({ id: agentTokens.id });
  if (!row) throw notFound('Token not found');
  await ctx.auth.invalidate({ tokenId });
}

const RECENT_FEEDBACK = 50;

/** Thumbs up and down on the agent's replies, with the most recent ones and their comments. */
export async function feedbackSummary(ctx: AppContext, principal: Principal, agentId: string) {
  await managedAgent(ctx.db, principal, agentId);
  const [counts] = await ctx.db
    .select({
      up: sql<number>`count(*) filter (where ${agentMessageFeedback.rating} = 'up')::int`,
      down: sql<number>`count(*) filter (where ${agentMessageFeedback.rating} = 'down')::int`,
    })
    .from(agentMessageFeedback)
    .where(eq(agentMessageFeedback.agentId, agentId));
  const recent = await ctx.db
    .select({
      messageId: agentMessageFeedback.messageId,
      sessionId: agentMessages.sessionId,
      rating: agentMessageFeedback.rating,
      comment: agentMessageFeedback.comment,
      userId: agentMessageFeedback.userId,
      userName: users.name,
      at: agentMessageFeedback.updatedAt,
    })
    .from(agentMessageFeedback)
    .innerJoin(agentMessages, eq(agentMessages.id, agentMessageFeedback.messageId))
    .innerJoin(users, eq(users.id, agentMessageFeedback.userId))
    .where(eq(agentMessageFeedback.agentId, agentId))
    .orderBy(desc(agentMessageFeedback.updatedAt))
    .limit(RECENT_FEEDBACK);
  return {
    up: Number(counts?.up ?? 0),
    down: Number(counts?.down ?? 0),
    recent: recent.map((row) => ({
      messageId: row.messageId,
      sessionId: row.sessionId,
      rating: row.rating,
      comment: row.comment,
      user: { id: row.userId, name: row.userName },
      at: row.at.toISOString(),
    })),
  };
}
