/**
 * The organization: the chart (computed by chart.ts from the raw choices), and how every write
 * that changes those choices runs (`orgWrite`). Every write is for company admins
 * (`editOrganization`, or `manageMembers` for roles and removal), runs in one transaction under a
 * per-company lock (two writes cannot together make the loop each alone would not), refuses a
 * change that would make a loop, records `organization.updated`, and answers the recomputed chart.
 * The writes themselves: teams.ts (teams and their leads) and people.ts (people's and agents'
 * places, roles, removal, and the people list).
 */
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Actor } from '../../events/record.ts';
import type { Executor, Transaction } from '../../db/client.ts';
import type { AppContext, Principal } from '../../types.ts';
import { agents, teams, users } from '../../db/schema.ts';
import { rows } from '../../db/rows.ts';
import { recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { type Permission, requireCompany, requirePermission } from '../../policies/index.ts';
import { buildChart, type ChartInput, type MemberRef, type OrgChart } from './chart.ts';
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
      (select coalesce(json_agg(json_build_array(t.id, t.name, t.parent_id, t.lead_kind, t.lead_id, t.version)
          order by t.name, t.id), '[]'::json)::text
        from ${teams} t where t.company_id = ${companyId} and ${pick(sql`t.id`, only?.teams)}) as teams`);
  const [row] = rows<{ humans: string; agents: string; teams: string }>(result);
  type Cell = string | null;
  const humanRows = JSON.parse(row!.humans) as [string, string, string, Cell, Cell, Cell, Cell][];
  const agentRows = JSON.parse(row!.agents) as [string, string, string, Cell, Cell, Cell][];
  const teamRows = JSON.parse(row!.teams) as [string, string, Cell, Cell, Cell, number][];
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
  const teamList = teamRows.map(([id, name, parentId, leadKind, leadId, version]) => ({
    id,
    version,
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
export async function orgWrite(
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
export async function teamOf(db: Executor, companyId: string, teamId: string, field?: string) {
  const [team] = await db
    .select()
    .from(teams)
    .where(and(eq(teams.id, teamId), eq(teams.companyId, companyId)));
  if (!team) throw field ? invalidField(field, 'is not a team of your company') : notFound('Team not found');
  return team;
}

export const noHumanManager = (name: string) =>
  new ApiError(
    409,
    `Nobody is responsible for ${name}: give it a responsible person first (its chain of responsibility must reach a person)`,
    ErrorCode.orgNoHumanManager,
  );
