/**
 * Agents' schedules (cron jobs) and their runs.
 *
 * Who: every member of the company reads an agent's schedules and their runs (an agent token its
 * own agent's only: another agent's are 404); company admins and the person responsible for the
 * agent create, change, delete and run them now (403 `FORBIDDEN` for other members). A run's
 * outcome is reported by the agent itself, with its own token.
 *
 * A run is recorded once per schedule and scheduled time (`cron_runs` is unique on both); it is
 * `delivered` to the agent's stream as `agent.cron.fired` when the agent is active, `skipped`
 * (not sent) when it is paused or completed. Every run, and every outcome reported, is
 * `cron.run.recorded` for the company's members. Events are recorded in the change's transaction.
 * The scheduler (scheduler.ts) fires the runs whose time has come.
 */
import { changedFields, checkEdit } from '../../http/edit-check.ts';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { cronJobs, cronRuns } from '../../db/schema.ts';
import { type Actor, type EventActor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField, type IssueLocation, notFound } from '../../http/errors.ts';
import { agentInScope, type AgentRow } from '../agents/index.ts';
import { chargeAgentWork } from '../credits/index.ts';
import { describeSchedule, schedule, type Schedule, ScheduleError } from './schedule.ts';
import type { CronJob, CronRun } from './schemas.ts';

export type CronJobRow = typeof cronJobs.$inferSelect;
export type CronRunRow = typeof cronRuns.$inferSelect;

export function presentRun(row: CronRunRow): CronRun {
  return {
    id: row.id,
    cronJobId: row.cronJobId,
    agentId: row.agentId,
    scheduledFor: row.scheduledFor.toISOString(),
    firedAt: row.firedAt.toISOString(),
    status: row.status,
    outcome: row.outcome,
    reportedAt: row.reportedAt?.toISOString() ?? null,
    manual: row.manual,
  };
}

function presentJob(row: CronJobRow, lastRun: CronRunRow | undefined): CronJob {
  return {
    id: row.id,
    version: row.version,
    agentId: row.agentId,
    name: row.name,
    expression: row.expression,
    timeZone: row.timeZone,
    instruction: row.instruction,
    enabled: row.enabled,
    description: describeSchedule(row.expression),
    nextRunAt: row.enabled ? (row.nextRunAt?.toISOString() ?? null) : null,
    lastRun: lastRun ? presentRun(lastRun) : null,
    createdBy: row.createdByUserId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Newest first: by firing time, then scheduled time. */
const newestFirst = [desc(cronRuns.firedAt), desc(cronRuns.scheduledFor), desc(cronRuns.id)];

/** The newest run of each job. */
async function lastRuns(db: Executor, jobIds: string[]): Promise<Map<string, CronRunRow>> {
  if (jobIds.length === 0) return new Map();
  const found = await db
    .selectDistinctOn([cronRuns.cronJobId])
    .from(cronRuns)
    .where(inArray(cronRuns.cronJobId, jobIds))
    .orderBy(cronRuns.cronJobId, ...newestFirst);
  return new Map(found.map((run) => [run.cronJobId, run]));
}

async function presentOne(db: Executor, row: CronJobRow): Promise<CronJob> {
  return presentJob(row, (await lastRuns(db, [row.id])).get(row.id));
}

/** A job of the agent, or 404. */
async function findJob(db: Executor, agentId: string, cronJobId: string, options: { lock?: boolean } = {}) {
  const query = db
    .select()
    .from(cronJobs)
    .where(and(eq(cronJobs.id, cronJobId), eq(cronJobs.agentId, agentId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw notFound('Schedule not found');
  return row;
}

/** A checked schedule, or 400 naming the refused field (`expression` or `timeZone`). */
export function checkedSchedule(expression: string, timeZone: string, location: IssueLocation = 'body'): Schedule {
  try {
    return schedule(expression, timeZone);
  } catch (error) {
    if (error instanceof ScheduleError) throw invalidField(error.field, error.message, location);
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading

export async function listCronJobs(ctx: AppContext, principal: Principal, agentId: string): Promise<CronJob[]> {
  await agentInScope(ctx.db, principal, agentId);
  const jobs = await ctx.db
    .select()
    .from(cronJobs)
    .where(eq(cronJobs.agentId, agentId))
    .orderBy(cronJobs.name, cronJobs.id);
  const last = await lastRuns(
    ctx.db,
    jobs.map((job) => job.id),
  );
  return jobs.map((job) => presentJob(job, last.get(job.id)));
}

export async function listCronRuns(
  ctx: AppContext,
  principal: Principal,
  agentId: string,
  cronJobId: string,
  page: { limit: number; offset: number },
): Promise<CronRun[]> {
  await agentInScope(ctx.db, principal, agentId);
  await findJob(ctx.db, agentId, cronJobId);
  const found = await ctx.db
    .select()
    .from(cronRuns)
    .where(eq(cronRuns.cronJobId, cronJobId))
    .orderBy(...newestFirst)
    .limit(page.limit)
    .offset(page.offset);
  return found.map(presentRun);
}

/** `GET /schedules/preview`: what a schedule means and its next five times from now. */
export function previewSchedule(expression: string, timeZone: string) {
  const checked = checkedSchedule(expression, timeZone, 'query');
  return {
    description: describeSchedule(checked.expression),
    nextRuns: checked.nextRuns(new Date(), 5).map((date) => date.toISOString()),
  };
}

// ---------------------------------------------------------------------------------------------
// Writing (admins and the agent's responsible person)

export type NewCronJob = {
  name: string;
  expression: string;
  timeZone: string;
  instruction: string;
  enabled: boolean;
};

const announceJob = (
  db: Executor,
  actor: Actor,
  job: Pick<CronJobRow, 'id' | 'agentId'>,
  change: 'created' | 'updated' | 'deleted',
) => recordEvent(db, actor, 'cron.job.changed', { agentId: job.agentId, cronJobId: job.id, change });

export async function createCronJob(ctx: AppContext, actor: Actor, agentId: string, input: NewCronJob) {
  const agent = await agentInScope(ctx.db, actor.principal, agentId, { manage: true });
  const checked = checkedSchedule(input.expression, input.timeZone);
  const row = await ctx.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(cronJobs)
      .values({
        companyId: agent.companyId,
        agentId,
        name: input.name,
        expression: checked.expression,
        timeZone: checked.timeZone,
        instruction: input.instruction,
        enabled: input.enabled,
        nextRunAt: input.enabled ? checked.nextRun(new Date()) : null,
        createdByUserId: actor.principal.user.id,
      })
      .returning();
    await announceJob(tx, actor, created!, 'created');
    return created!;
  });
  return presentJob(row, undefined);
}

export type CronJobChanges = Partial<NewCronJob> & { baseVersion?: number };

/**
 * Changes a job. A new expression, time zone or enabling it again computes the next time from
 * now; disabling it clears it. Runs already recorded stay.
 */
export async function updateCronJob(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  cronJobId: string,
  changes: CronJobChanges,
) {
  await agentInScope(ctx.db, actor.principal, agentId, { manage: true });
  const row = await ctx.db.transaction(async (tx) => {
    const job = await findJob(tx, agentId, cronJobId, { lock: true });
    const changed = changedFields(job, changes, ['name', 'instruction', 'expression', 'timeZone', 'enabled']);
    const versions = await checkEdit(job, changed, changes.baseVersion, actor, 'schedule', () => presentOne(tx, job), {
      expression: 'times',
      timeZone: 'time zone',
      enabled: 'on/off switch',
    });
    const fields: Partial<typeof cronJobs.$inferInsert> = { ...versions, updatedAt: new Date() };
    if (changes.name !== undefined) fields.name = changes.name;
    if (changes.instruction !== undefined) fields.instruction = changes.instruction;
    const enabled = changes.enabled ?? job.enabled;
    const timing = changes.expression !== undefined || changes.timeZone !== undefined || changes.enabled !== undefined;
    if (timing) {
      const checked = checkedSchedule(changes.expression ?? job.expression, changes.timeZone ?? job.timeZone);
      fields.expression = checked.expression;
      fields.timeZone = checked.timeZone;
      fields.enabled = enabled;
      const unchanged =
        checked.expression === job.expression && checked.timeZone === job.timeZone && job.enabled && enabled;
      // An enabled job whose schedule is the same keeps its next time (a slot already due still fires).
      fields.nextRunAt = !enabled ? null : unchanged ? job.nextRunAt : checked.nextRun(new Date());
    }
    const [updated] = await tx.update(cronJobs).set(fields).where(eq(cronJobs.id, job.id)).returning();
    await announceJob(tx, actor, updated!, 'updated');
    return updated!;
  });
  return presentOne(ctx.db, row);
}

export async function deleteCronJob(ctx: AppContext, actor: Actor, agentId: string, cronJobId: string) {
  await agentInScope(ctx.db, actor.principal, agentId, { manage: true });
  await ctx.db.transaction(async (tx) => {
    const job = await findJob(tx, agentId, cronJobId, { lock: true });
    await tx.delete(cronJobs).where(eq(cronJobs.id, job.id));
    await announceJob(tx, actor, job, 'deleted');
  });
}

// ---------------------------------------------------------------------------------------------
// Runs

/** Why a run is skipped rather than delivered, or null when the agent takes work. */
const skipReason = (status: AgentRow['status']) =>
  status === 'active' ? null : status === 'paused' ? 'Agent paused' : 'Agent completed';

/**
 * Records one run of `job` for `scheduledFor` and sends it to the agent's stream (when the agent
 * is active), in the caller's transaction. Null when that time's run exists already: another
 * instance fired it.
 */
export async function recordRun(
  tx: Executor,
  actor: EventActor,
  job: Pick<CronJobRow, 'id' | 'companyId' | 'agentId' | 'name' | 'instruction'>,
  agentStatus: AgentRow['status'],
  run: { scheduledFor: Date | SQL; firedAt: Date | SQL; manual: boolean },
): Promise<CronRunRow | null> {
  const skipped = skipReason(agentStatus);
  const [row] = await tx
    .insert(cronRuns)
    .values({
      cronJobId: job.id,
      companyId: job.companyId,
      agentId: job.agentId,
      scheduledFor: run.scheduledFor,
      firedAt: run.firedAt,
      status: skipped ? 'skipped' : 'delivered',
      outcome: skipped,
      manual: run.manual,
    })
    .onConflictDoNothing({ target: [cronRuns.cronJobId, cronRuns.scheduledFor] })
    .returning();
  if (!row) return null;
  if (!skipped) {
    await recordEvent(
      tx,
      actor,
      'agent.cron.fired',
      {
        agentId: job.agentId,
        cronJobId: job.id,
        runId: row.id,
        name: job.name,
        instruction: job.instruction,
        scheduledFor: row.scheduledFor.toISOString(),
        manual: row.manual,
      },
      { agentId: job.agentId },
    );
  }
  await recordEvent(tx, actor, 'cron.run.recorded', { agentId: job.agentId, cronJobId: job.id, run: presentRun(row) });
  return row;
}

/**
 * "Run now": a manual run scheduled for now, whatever the schedule and whether it is enabled;
 * skipped like any run when the agent is paused or completed. It changes nothing of the schedule.
 */
export async function runCronJobNow(ctx: AppContext, actor: Actor, agentId: string, cronJobId: string) {
  const agent = await agentInScope(ctx.db, actor.principal, agentId, { manage: true });
  const run = await ctx.db.transaction(async (tx) => {
    const job = await findJob(tx, agentId, cronJobId);
    // The database's clock, to the microsecond (one value for both columns): two runs now are two slots.
    const now = sql`now()`;
    return recordRun(tx, actor, job, agent.status, { scheduledFor: now, firedAt: now, manual: true });
  });
  if (!run) throw new ApiError(409, 'A run of this schedule was recorded at this very moment', ErrorCode.conflict);
  return presentRun(run);
}

/**
 * The agent reports what came of a delivered run, once: 409 `RUN_ALREADY_REPORTED` after that, 409
 * `CONFLICT` for a skipped run (it was never sent). People get 404: a run is the agent's to report.
 */
export async function reportCronRun(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  runId: string,
  input: { status: 'succeeded' | 'failed'; outcome?: string },
): Promise<CronRun> {
  const { principal } = actor;
  if (!principal.agent || principal.agent.id !== agentId) throw notFound('Run not found');
  await agentInScope(ctx.db, principal, agentId);
  const row = await ctx.db.transaction(async (tx) => {
    await chargeAgentWork(ctx, tx, actor, { operation: 'reportCronRun', kind: 'write' });
    const [run] = await tx
      .select()
      .from(cronRuns)
      .where(and(eq(cronRuns.id, runId), eq(cronRuns.agentId, agentId)))
      .for('update');
    if (!run) throw notFound('Run not found');
    if (run.status === 'skipped') {
      throw new ApiError(
        409,
        `This run was skipped (${run.outcome ?? 'not sent'}): there is nothing to report`,
        ErrorCode.conflict,
      );
    }
    if (run.status !== 'delivered') {
      throw new ApiError(409, `This run’s outcome was reported already (${run.status})`, ErrorCode.runAlreadyReported);
    }
    const [reported] = await tx
      .update(cronRuns)
      .set({ status: input.status, outcome: input.outcome || null, reportedAt: sql`now()` })
      .where(eq(cronRuns.id, run.id))
      .returning();
    await recordEvent(tx, actor, 'cron.run.recorded', {
      agentId,
      cronJobId: reported!.cronJobId,
      run: presentRun(reported!),
    });
    return reported!;
  });
  return presentRun(row);
}
