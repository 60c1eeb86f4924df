import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppContext } from '../../types.ts';
import { agents, cronJobs, cronRuns, events } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { openAnotherHandle, useTestApp } from '../../test/harness.ts';
import { runDueCronJobs, startScheduler } from './scheduler.ts';
import { nextRunAfter as realNextRunAfter } from './schedule.ts';

const t = useTestApp();

async function setup() {
  const org = await t.createOrg();
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Ticker', managerKind: 'human', managerId: org.admin.id })
    .returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  return { ...org, bot: bot!, agentToken: minted.body.secret as string };
}

/** A job of the agent whose next time is `nextRunAt` (the scheduler's view of "due"). */
async function dueJob(
  org: { company: { id: string }; bot: { id: string } },
  nextRunAt: Date,
  values: Partial<typeof cronJobs.$inferInsert> = {},
) {
  const [row] = await t.ctx.db
    .insert(cronJobs)
    .values({
      companyId: org.company.id,
      agentId: org.bot.id,
      name: 'Tick',
      expression: '0 * * * *',
      timeZone: 'UTC',
      instruction: 'Check the queue.',
      nextRunAt,
      ...values,
    })
    .returning();
  return row!;
}

const runsOf = (cronJobId: string) =>
  t.ctx.db.select().from(cronRuns).where(eq(cronRuns.cronJobId, cronJobId)).orderBy(asc(cronRuns.scheduledFor));
const jobRow = async (id: string) => (await t.ctx.db.select().from(cronJobs).where(eq(cronJobs.id, id)))[0]!;

// Each test decides which jobs are due: earlier tests' jobs are put out of the way.
beforeEach(async () => {
  await t.ctx.db.update(cronJobs).set({ nextRunAt: null });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('runDueCronJobs', () => {
  it('fires a job when its time has come, once, and moves its next time past now', async () => {
    const org = await setup();
    const at = new Date('2026-01-05T09:00:00Z');
    const job = await dueJob(org, at);
    expect(await runDueCronJobs(t.ctx, new Date('2026-01-05T08:59:59Z'))).toBe(0);
    const now = new Date('2026-01-05T09:00:02Z');
    expect(await runDueCronJobs(t.ctx, now)).toBe(1);
    expect(await runDueCronJobs(t.ctx, now)).toBe(0);
    const runs = await runsOf(job.id);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({
      scheduledFor: at,
      firedAt: now,
      status: 'delivered',
      outcome: null,
      manual: false,
      agentId: org.bot.id,
      companyId: org.company.id,
    });
    expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-01-05T10:00:00Z'));
    // Over the API: the job's last run and next time.
    const list = await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.memberToken });
    expect(list.body[0]).toMatchObject({
      nextRunAt: '2026-01-05T10:00:00.000Z',
      lastRun: { id: runs[0]!.id, scheduledFor: at.toISOString(), status: 'delivered', manual: false },
    });
  });

  it('after downtime fires at most one missed run, the one of its stored next time; the rest are skipped', async () => {
    const org = await setup();
    const job = await dueJob(org, new Date('2026-01-05T04:00:00Z'));
    // Down from before 04:00 to 09:30: 04:00 … 09:00 were missed.
    const now = new Date('2026-01-05T09:30:00Z');
    expect(await runDueCronJobs(t.ctx, now)).toBe(1);
    expect(await runDueCronJobs(t.ctx, now)).toBe(0);
    const runs = await runsOf(job.id);
    expect(runs.map((run) => run.scheduledFor.toISOString())).toEqual(['2026-01-05T04:00:00.000Z']);
    expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-01-05T10:00:00Z'));
    expect(await runDueCronJobs(t.ctx, new Date('2026-01-05T10:00:00Z'))).toBe(1);
    expect((await runsOf(job.id)).map((run) => run.scheduledFor.toISOString())).toEqual([
      '2026-01-05T04:00:00.000Z',
      '2026-01-05T10:00:00.000Z',
    ]);
  });

  it('records a paused or completed agent’s runs as skipped, sends it nothing, and keeps the schedule going', async () => {
    const org = await setup();
    await t.ctx.db.update(agents).set({ status: 'paused' }).where(eq(agents.id, org.bot.id));
    const job = await dueJob(org, new Date('2026-01-06T09:00:00Z'));
    expect(await runDueCronJobs(t.ctx, new Date('2026-01-06T09:00:01Z'))).toBe(1);
    await t.ctx.db.update(agents).set({ status: 'completed' }).where(eq(agents.id, org.bot.id));
    expect(await runDueCronJobs(t.ctx, new Date('2026-01-06T10:00:01Z'))).toBe(1);
    expect((await runsOf(job.id)).map((run) => [run.status, run.outcome])).toEqual([
      ['skipped', 'Agent paused'],
      ['skipped', 'Agent completed'],
    ]);
    expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-01-06T11:00:00Z'));
    const recorded = await t.ctx.db
      .select({ type: events.type })
      .from(events)
      .where(
        and(eq(events.companyId, org.company.id), inArray(events.type, ['agent.cron.fired', 'cron.run.recorded'])),
      );
    expect(recorded.map((event) => event.type)).toEqual(['cron.run.recorded', 'cron.run.recorded']);
  });

  it('leaves disabled jobs alone', async () => {
    const org = await setup();
    const job = await dueJob(org, new Date('2026-01-07T09:00:00Z'), { enabled: false });
    expect(await runDueCronJobs(t.ctx, new Date('2026-01-07T12:00:00Z'))).toBe(0);
    expect(await runsOf(job.id)).toEqual([]);
  });

  it('sends the run to the agent’s stream, and its record (without the instruction) to every member’s', async () => {
    const org = await setup();
    const job = await dueJob(org, new Date('2026-01-08T09:00:00Z'));
    const member = await t.openStream(org.memberToken);
    const agent = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    try {
      await member.next('ready');
      await agent.next('ready');
      expect(await runDueCronJobs(t.ctx, new Date('2026-01-08T09:00:05Z'))).toBe(1);
      const [run] = await runsOf(job.id);
      // Caused by the server: no acting person or agent.
      expect((await agent.next('agent.cron.fired')).data).toEqual({
        agentId: org.bot.id,
        cronJobId: job.id,
        runId: run!.id,
        name: 'Tick',
        instruction: 'Check the queue.',
        scheduledFor: '2026-01-08T09:00:00.000Z',
        manual: false,
      });
      const recorded = await member.next('cron.run.recorded');
      expect(recorded.data).toEqual({
        agentId: org.bot.id,
        cronJobId: job.id,
        run: {
          id: run!.id,
          cronJobId: job.id,
          agentId: org.bot.id,
          scheduledFor: '2026-01-08T09:00:00.000Z',
          firedAt: '2026-01-08T09:00:05.000Z',
          status: 'delivered',
          outcome: null,
          reportedAt: null,
          manual: false,
        },
      });
      expect(member.received.some((event) => event.event === 'agent.cron.fired')).toBe(false);
      expect(agent.received.some((event) => event.event === 'cron.run.recorded')).toBe(false);
    } finally {
      await member.close();
      await agent.close();
    }
  });

  it('fires each job exactly once per time with two server instances on one database', async () => {
    const org = await setup();
    const start = new Date('2026-01-09T00:00:00Z');
    const jobs = await Promise.all(
      Array.from({ length: 12 }, (_, i) => dueJob(org, start, { name: `Every five ${i}`, expression: '*/5 * * * *' })),
    );
    const another = await openAnotherHandle();
    const second = { ...t.ctx, db: another.handle.db } as AppContext;
    try {
      const slots = 8;
      for (let slot = 0; slot < slots; slot++) {
        const now = new Date(start.getTime() + slot * 5 * 60_000 + 1000);
        // Both instances, twice each, at the same moment.
        const fired = await Promise.all([
          runDueCronJobs(t.ctx, now),
          runDueCronJobs(second, now),
          runDueCronJobs(t.ctx, now),
          runDueCronJobs(second, now),
        ]);
        expect(
          fired.reduce((sum, n) => sum + n, 0),
          `slot ${slot}`,
        ).toBe(jobs.length);
      }
      for (const job of jobs) {
        const times = (await runsOf(job.id)).map((run) => run.scheduledFor.getTime());
        expect(times).toEqual(Array.from({ length: slots }, (_, slot) => start.getTime() + slot * 5 * 60_000));
      }
    } finally {
      await another.close();
    }
  });
});

describe('runDueCronJobs in the repeated hour (the clocks go back)', () => {
  // Berlin, 2026-10-25: 01:10:05Z is 02:10 CET, the second 02:10 of the day. Down since 00:45Z, each
  // job's 00:50Z (02:50 CEST) run is due.
  const now = new Date('2026-10-25T01:10:05Z');

  it('fires more than a batch of such jobs once each and moves every next time past now', async () => {
    const org = await setup();
    const jobs = await Promise.all(
      Array.from({ length: 51 }, (_, i) =>
        dueJob(org, new Date('2026-10-25T00:50:00Z'), {
          name: `Every ten ${i}`,
          expression: '*/10 * * * *',
          timeZone: 'Europe/Berlin',
        }),
      ),
    );
    expect(await runDueCronJobs(t.ctx, now)).toBe(51);
    expect(await runDueCronJobs(t.ctx, now)).toBe(0);
    for (const job of jobs) {
      expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-10-25T01:20:00Z'));
      expect((await runsOf(job.id)).map((run) => run.scheduledFor.toISOString())).toEqual(['2026-10-25T00:50:00.000Z']);
    }
  }, 15_000);

  it('moves a daily 02:30 to the next day, its 02:30 having fired the first time', async () => {
    const org = await setup();
    const job = await dueJob(org, new Date('2026-10-25T00:30:00Z'), {
      expression: '30 2 * * *',
      timeZone: 'Europe/Berlin',
    });
    expect(await runDueCronJobs(t.ctx, now)).toBe(1);
    expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-10-26T01:30:00Z'));
    expect(await runDueCronJobs(t.ctx, new Date('2026-10-25T01:30:05Z'))).toBe(0);
    expect((await runsOf(job.id)).map((run) => run.scheduledFor.toISOString())).toEqual(['2026-10-25T00:30:00.000Z']);
  });
});

describe('runDueCronJobs given a next time not after now (a bug)', () => {
  const now = new Date('2026-02-02T09:00:05Z');
  const warnings: string[] = [];
  const ctx = () => ({ ...t.ctx, logger: { ...t.ctx.logger, warn: (message: string) => warnings.push(message) } });
  /** A next-time function that answers a time before `now` when asked from `now`, else `then`. */
  const wrong = (then: (from: Date) => Date | null) => (_expression: string, _timeZone: string, from: Date) =>
    from.getTime() === now.getTime() ? new Date('2026-02-02T08:00:00Z') : then(from);
  beforeEach(() => {
    warnings.length = 0;
  });

  it('logs it and takes the next time after a minute later', async () => {
    const org = await setup();
    const job = await dueJob(org, new Date('2026-02-02T09:00:00Z'));
    const nextTime = wrong((from) => realNextRunAfter('0 * * * *', 'UTC', from));
    expect(await runDueCronJobs(ctx(), now, nextTime)).toBe(1);
    expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-02-02T10:00:00Z'));
    expect(warnings).toEqual([
      `scheduler: cron job ${job.id} (0 * * * *, UTC) got 2026-02-02T08:00:00.000Z as its next time after 2026-02-02T09:00:05.000Z; from a minute later: 2026-02-02T10:00:00.000Z`,
    ]);
  });

  it('else keeps the job at its time and ends the call when a full batch of jobs stays due', async () => {
    const org = await setup();
    const jobs = await Promise.all(
      Array.from({ length: 51 }, (_, i) => dueJob(org, new Date('2026-02-02T09:00:00Z'), { name: `Stuck ${i}` })),
    );
    const nextTime = wrong(() => new Date('2026-02-02T08:00:00Z'));
    // One batch fired, then the call ends: its jobs would be claimed again, for ever.
    expect(await runDueCronJobs(ctx(), now, nextTime)).toBe(50);
    expect(warnings).toHaveLength(50);
    expect(warnings[0]).toMatch(/got 2026-02-02T08:00:00.000Z as its next time after .*; left at its time$/);
    // The next call, with the right next times: the 51st job fires, the others (already fired) move on.
    expect(await runDueCronJobs(t.ctx, now)).toBe(1);
    for (const job of jobs) {
      expect((await jobRow(job.id)).nextRunAt).toEqual(new Date('2026-02-02T10:00:00Z'));
      expect((await runsOf(job.id)).map((run) => run.scheduledFor.toISOString())).toEqual(['2026-02-02T09:00:00.000Z']);
    }
  }, 15_000);
});

describe('startScheduler', () => {
  const logger = (warnings: string[]): Logger => ({
    debug: () => {},
    info: () => {},
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(message),
  });

  it('fires due jobs on its interval until stopped', async () => {
    const org = await setup();
    const job = await dueJob(org, new Date(Date.now() - 60_000));
    const scheduler = startScheduler({ ...t.ctx, config: { ...t.ctx.config, schedulerIntervalMs: 20 } });
    try {
      await expect.poll(async () => (await runsOf(job.id)).length, { timeout: 5000 }).toBe(1);
    } finally {
      scheduler.stop();
    }
    expect((await jobRow(job.id)).nextRunAt!.getTime()).toBeGreaterThan(Date.now() - 1000);
  });

  it('never runs two passes at once, logs a failed pass and goes on, and stops', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    let active = 0;
    let most = 0;
    let passes = 0;
    let release!: () => void;
    const slow = new Promise<void>((resolve) => (release = resolve));
    const warnings: string[] = [];
    const fake = {
      ...t.ctx,
      logger: logger(warnings),
      config: { ...t.ctx.config, schedulerIntervalMs: 5 },
      db: {
        transaction: async () => {
          passes++;
          active++;
          most = Math.max(most, active);
          try {
            if (passes === 1) await slow; // the first pass outlasts many ticks
            if (passes === 2) throw new Error('connection lost');
            return { claimed: 0, recorded: 0 };
          } finally {
            active--;
          }
        },
      },
    } as unknown as AppContext;
    const scheduler = startScheduler(fake, {
      renew: async () => 0,
      notifications: async () => ({ woken: 0, emailed: 0 }),
    });
    try {
      expect(passes).toBe(1); // one pass at start
      // Ten ticks come and go while the first pass hangs: none starts a second.
      await vi.advanceTimersByTimeAsync(50);
      expect(passes).toBe(1);
      release();
      await vi.advanceTimersByTimeAsync(5);
      expect(passes).toBe(2);
      await expect.poll(() => warnings).toEqual(['scheduler: firing cron jobs failed: connection lost']);
      await vi.advanceTimersByTimeAsync(20);
      expect(passes).toBe(6);
      expect(most).toBe(1);
    } finally {
      scheduler.stop();
    }
    await vi.advanceTimersByTimeAsync(100);
    expect(passes).toBe(6);
  });
});
