/**
 * The scheduler: fires the cron jobs whose time has come, every few seconds, in every server
 * instance.
 *
 * Exactly once per job and scheduled time, however many instances share the database: each due
 * job is claimed with `select … for update skip locked` (an instance passes over the jobs another
 * is firing), its run is inserted with `on conflict (cron_job_id, scheduled_for) do nothing`, and
 * its `next_run_at` moves to its next time after `now`, all in one transaction. An instance that
 * read the job as due before the other committed re-reads it when it gets the lock, sees the new
 * `next_run_at` and leaves it.
 *
 * After downtime (or a long pause of the process), at most ONE missed run fires: the one at the
 * stored `next_run_at`, the earliest missed time. The times missed after it are skipped without a
 * run, since `next_run_at` moves to the first time after `now`: an agent woken after a weekend
 * gets one "daily report", not three.
 *
 * The same tick renews the subscriptions whose period has ended (credits/renewal.ts, exactly once
 * per period across instances too), then wakes due notification snoozes and emails notification
 * digests (notifications/scheduled.ts, once per notification across instances too), after the
 * cron jobs and apart from them: a failure of one step is logged and never stops the others.
 */
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { agents, cronJobs } from '../../db/schema.ts';
import type { AgentRow } from '../agents/index.ts';
import { renewSubscriptions } from '../credits/index.ts';
import { runNotificationTasks } from '../notifications/index.ts';
import { recordRun } from './cron-service.ts';
import { nextRunAfter } from './schedule.ts';

/** Jobs claimed per transaction; more due jobs are fired in further batches of the same call. */
const BATCH = 50;
export const DEFAULT_SCHEDULER_INTERVAL_MS = 10_000;

type DueJob = {
  id: string;
  company_id: string;
  agent_id: string;
  name: string;
  instruction: string;
  expression: string;
  time_zone: string;
  next_run_at: Date | string;
  agent_status: AgentRow['status'];
};

/**
 * Fires every enabled job whose `next_run_at` is at or before `now` (tests pass a fixed `now`, and
 * may pass a wrong `nextTime` to see the scheduler survive one); returns how many runs this call
 * recorded.
 */
export async function runDueCronJobs(
  ctx: AppContext,
  now: Date = new Date(),
  nextTime: typeof nextRunAfter = nextRunAfter,
): Promise<number> {
  let fired = 0;
  for (;;) {
    const { claimed, recorded, moved } = await ctx.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        select j.id, j.company_id, j.agent_id, j.name, j.instruction, j.expression, j.time_zone, j.next_run_at,
          a.status as agent_status
        from ${cronJobs} j join ${agents} a on a.id = j.agent_id
        where j.enabled and j.next_run_at is not null and j.next_run_at <= ${now.toISOString()}::timestamptz
        order by j.next_run_at, j.id
        limit ${BATCH}
        for update of j skip locked`);
      const due = rows<DueJob>(result);
      let count = 0;
      let moved = 0;
      for (const job of due) {
        const scheduledFor = new Date(job.next_run_at);
        // The next time after now, not after the time fired: the times missed meanwhile are skipped.
        // A schedule that no longer parses or never fires again is left without a next time.
        let next = nextTime(job.expression, job.time_zone, now);
        if (next && next <= now) {
          // A bug (a next time is always after the time asked from): asked again from a minute later,
          // else the job keeps its time (claimed again, its run already recorded, until a next time is
          // after now) rather than firing again at a time already gone.
          const again = nextTime(job.expression, job.time_zone, new Date(now.getTime() + 60_000));
          ctx.logger.warn(
            `scheduler: cron job ${job.id} (${job.expression}, ${job.time_zone}) got ${next.toISOString()} as its next time after ${now.toISOString()}; ${again && again > now ? `from a minute later: ${again.toISOString()}` : 'left at its time'}`,
          );
          next = again && again <= now ? scheduledFor : again;
        }
        if (!next || next > now) moved++;
        await tx.execute(sql`update ${cronJobs} set next_run_at = ${next?.toISOString() ?? null}::timestamptz
          where id = ${job.id}`);
        const run = await recordRun(
          tx,
          { system: { companyId: job.company_id } },
          {
            id: job.id,
            companyId: job.company_id,
            agentId: job.agent_id,
            name: job.name,
            instruction: job.instruction,
          },
          job.agent_status,
          { scheduledFor, firedAt: now, manual: false },
        );
        if (run) count++;
      }
      return { claimed: due.length, recorded: count, moved };
    });
    fired += recorded;
    // A full batch: more jobs may be due, unless no job of it left the due ones (each would be
    // claimed again, for ever).
    if (claimed < BATCH || !moved) return fired;
  }
}

/**
 * Runs `runDueCronJobs`, then `renew` (the subscriptions' period renewal), then `notifications`
 * (snoozes woken, digests emailed; tests may pass their own steps), every
 * `ctx.config.schedulerIntervalMs` (default 10 s), never two ticks at once in this process; a
 * failure of one step is logged, does not stop the others, and the next tick tries again. The
 * timer does not keep the process alive.
 */
export function startScheduler(
  ctx: AppContext,
  {
    renew = renewSubscriptions,
    notifications = runNotificationTasks,
  }: {
    renew?: (ctx: AppContext, now: Date) => Promise<number>;
    notifications?: (ctx: AppContext, now: Date) => Promise<{ woken: number; emailed: number }>;
  } = {},
): { stop(): void } {
  const interval = ctx.config.schedulerIntervalMs ?? DEFAULT_SCHEDULER_INTERVAL_MS;
  let running = false;
  let stopped = false;
  const tick = async () => {
    if (running || stopped) return;
    running = true;
    try {
      try {
        const fired = await runDueCronJobs(ctx, new Date());
        if (fired > 0) ctx.logger.debug(`scheduler: fired ${fired} cron run${fired === 1 ? '' : 's'}`);
      } catch (error) {
        ctx.logger.warn(`scheduler: firing cron jobs failed: ${(error as Error).message}`);
      }
      try {
        const renewed = await renew(ctx, new Date());
        if (renewed > 0) ctx.logger.debug(`scheduler: renewed ${renewed} subscription${renewed === 1 ? '' : 's'}`);
      } catch (error) {
        ctx.logger.warn(`scheduler: renewing subscriptions failed: ${(error as Error).message}`);
      }
      try {
        const { woken, emailed } = await notifications(ctx, new Date());
        if (woken > 0 || emailed > 0) {
          ctx.logger.debug(`scheduler: woke ${woken} snoozed notification(s), emailed ${emailed} digest(s)`);
        }
      } catch (error) {
        ctx.logger.warn(`scheduler: notifications failed: ${(error as Error).message}`);
      }
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void tick(), interval);
  timer.unref();
  void tick();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
    },
  };
}
