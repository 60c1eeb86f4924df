import { asc, eq, inArray } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { agents, creditAccounts, creditTransactions, cronRuns, cronJobs, subscriptions } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import type { AppContext } from '../../types.ts';
import { openAnotherHandle, useTestApp } from '../../test/harness.ts';
import { startScheduler } from '../automation/index.ts';
import { applyCreditTransaction } from './ledger.ts';
import { eventsOf, ledgerOf, subscriptionOf } from './ledger-fixtures.ts';
import { addPeriod, PLANS, type PlanId } from './plans.ts';
import { periodContaining, renewSubscriptions } from './renewal.ts';

const t = useTestApp();

type Setup = { planId?: PlanId; status?: 'trialing' | 'active'; start: Date; end?: Date; included?: number };

/** A company whose subscription has the period `[start, end)` and `included` credits left (purchased 0). */
async function company({ planId = 'team', status = 'active', start, end = addPeriod(start), included = 0 }: Setup) {
  const created = await t.createCompany();
  await t.ctx.db
    .update(subscriptions)
    .set({ planId, status, currentPeriodStart: start, currentPeriodEnd: end })
    .where(eq(subscriptions.companyId, created.id));
  // The trial's 1,000 become `included` through the ledger, so it still reconciles.
  await applyCreditTransaction(t.ctx.db, null, created.id, {
    type: 'adjustment',
    change: { included: included - 1_000, purchased: 0 },
  });
  return created;
}

// Each test decides which subscriptions are due: earlier tests' are put out of the way.
beforeEach(async () => {
  await t.ctx.db.update(subscriptions).set({ currentPeriodEnd: new Date('2999-01-01T00:00:00Z') });
});

describe('renewSubscriptions', () => {
  it('at the period’s end expires the unused included credits and grants the plan’s, for the next period', async () => {
    const start = new Date('2026-01-15T10:00:00Z');
    const end = addPeriod(start);
    const { id } = await company({ start, included: 1_234 });
    await applyCreditTransaction(t.ctx.db, null, id, { type: 'purchase', change: { included: 0, purchased: 50 } });

    expect(await renewSubscriptions(t.ctx, new Date(end.getTime() - 1))).toBe(0);
    expect(await renewSubscriptions(t.ctx, end)).toBe(1);

    expect(await subscriptionOf(t, id)).toMatchObject({
      planId: 'team',
      status: 'active',
      currentPeriodStart: end,
      currentPeriodEnd: new Date('2026-03-15T10:00:00Z'),
      pendingPlanId: null,
    });
    const ledger = (await ledgerOf(t, id)).slice(-2);
    expect(ledger).toMatchObject([
      {
        type: 'adjustment',
        amount: -1_234,
        includedChange: -1_234,
        purchasedChange: 0,
        balanceAfterIncluded: 0,
        balanceAfterPurchased: 50,
        adminUserId: null,
        note: 'Unused included credits of the period 2026-01-15 – 2026-02-15 expired',
      },
      {
        type: 'subscription_grant',
        amount: 10_000,
        includedChange: 10_000,
        balanceAfterIncluded: 10_000,
        balanceAfterPurchased: 50,
        adminUserId: null,
        note: 'Team plan: credits for 2026-02-15 – 2026-03-15',
      },
    ]);
    // Told to the members, by the server (no acting person).
    const [changed] = await eventsOf(t, id, 'subscription.changed');
    expect(changed!.actorUserId).toBeNull();
    expect(changed!.data).toMatchObject({
      companyId: id,
      subscription: { status: 'active', currentPeriodStart: end.toISOString(), plan: PLANS.team },
    });
    expect(changed!.data.actorUserId).toBeUndefined();
    // Renewed once: running again changes nothing.
    expect(await renewSubscriptions(t.ctx, end)).toBe(0);
    expect(await ledgerOf(t, id)).toHaveLength(ledger[1]!.seq);
  });

  it('writes no expiry when no included credits are left', async () => {
    const start = new Date('2026-01-15T10:00:00Z');
    const { id } = await company({ planId: 'business', start, included: 0 });
    await renewSubscriptions(t.ctx, addPeriod(start));
    const ledger = (await ledgerOf(t, id)).slice(-2);
    expect(ledger.map((row) => [row.type, row.amount, row.balanceAfterIncluded])).toEqual([
      ['adjustment', -1_000, 0], // the test's own setup
      ['subscription_grant', 50_000, 50_000],
    ]);
    expect(ledger[0]!.note).toBeNull();
  });

  it('after missed periods moves to the period containing now, with one expiry and one grant', async () => {
    const start = new Date('2026-01-15T10:00:00Z');
    const { id } = await company({ start, included: 400 });
    const now = new Date('2026-05-20T00:00:00Z');
    expect(await renewSubscriptions(t.ctx, now)).toBe(1);
    expect(await subscriptionOf(t, id)).toMatchObject({
      currentPeriodStart: new Date('2026-05-15T10:00:00Z'),
      currentPeriodEnd: new Date('2026-06-15T10:00:00Z'),
      status: 'active',
    });
    const ledger = (await ledgerOf(t, id)).slice(-2);
    expect(ledger.map((row) => [row.type, row.amount, row.note])).toEqual([
      ['adjustment', -400, 'Unused included credits of the period 2026-01-15 – 2026-02-15 expired'],
      ['subscription_grant', 10_000, 'Team plan: credits for 2026-05-15 – 2026-06-15'],
    ]);
    expect(await renewSubscriptions(t.ctx, now)).toBe(0);
  });

  it('turns a trial into an active Starter subscription with Starter’s credits', async () => {
    const start = new Date('2026-03-01T12:00:00Z');
    const end = new Date('2026-03-15T12:00:00Z');
    const { id } = await company({ planId: 'starter', status: 'trialing', start, end, included: 640 });
    expect(await renewSubscriptions(t.ctx, new Date('2026-03-15T12:00:05Z'))).toBe(1);
    expect(await subscriptionOf(t, id)).toMatchObject({
      planId: 'starter',
      status: 'active',
      currentPeriodStart: end,
      currentPeriodEnd: new Date('2026-04-15T12:00:00Z'),
    });
    const ledger = (await ledgerOf(t, id)).slice(-2);
    expect(ledger.map((row) => [row.type, row.amount, row.balanceAfterIncluded, row.note])).toEqual([
      ['adjustment', -640, 0, 'Unused included credits of the period 2026-03-01 – 2026-03-15 expired'],
      ['subscription_grant', 2_000, 2_000, 'Starter plan: credits for 2026-03-15 – 2026-04-15'],
    ]);
    const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, id));
    expect(account).toMatchObject({ included: 2_000, lowThreshold: 200 });
  });

  it('ends a subscription set to cancel: status canceled, included credits expire, nothing granted', async () => {
    const start = new Date('2026-01-15T10:00:00Z');
    const end = addPeriod(start);
    const { id } = await company({ start, included: 900 });
    await t.ctx.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: start, pendingPlanId: 'starter' })
      .where(eq(subscriptions.companyId, id));
    expect(await renewSubscriptions(t.ctx, end)).toBe(1);
    expect(await subscriptionOf(t, id)).toMatchObject({
      planId: 'team',
      status: 'canceled',
      cancelAtPeriodEnd: false,
      pendingPlanId: null,
      canceledAt: start,
      currentPeriodEnd: end,
    });
    const last = (await ledgerOf(t, id)).at(-1)!;
    expect(last).toMatchObject({ type: 'adjustment', amount: -900, balanceAfterIncluded: 0 });
    expect(await renewSubscriptions(t.ctx, addPeriod(addPeriod(end)))).toBe(0);
    expect((await ledgerOf(t, id)).at(-1)!.id).toBe(last.id);
  });

  it('renews each company once when two instances renew at the same moment, twice each', async () => {
    const start = new Date('2026-01-15T10:00:00Z');
    const now = addPeriod(start);
    const ids: string[] = [];
    for (let n = 0; n < 6; n++) ids.push((await company({ start, included: 100 + n })).id);
    const another = await openAnotherHandle();
    const second = { ...t.ctx, db: another.handle.db } as AppContext;
    try {
      const renewed = await Promise.all([
        renewSubscriptions(t.ctx, now),
        renewSubscriptions(second, now),
        renewSubscriptions(t.ctx, now),
        renewSubscriptions(second, now),
      ]);
      expect(renewed.reduce((sum, n) => sum + n, 0)).toBe(ids.length);
    } finally {
      await another.close();
    }
    const rows = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(inArray(creditTransactions.companyId, ids))
      .orderBy(asc(creditTransactions.seq));
    for (const id of ids) {
      const own = rows.filter((row) => row.companyId === id);
      expect(own.map((row) => row.type)).toEqual(['trial_grant', 'adjustment', 'adjustment', 'subscription_grant']);
      expect(own.map((row) => row.seq)).toEqual([1, 2, 3, 4]);
      expect(own.at(-1)).toMatchObject({ balanceAfterIncluded: 10_000 });
      expect(await subscriptionOf(t, id)).toMatchObject({ currentPeriodStart: now, currentPeriodEnd: addPeriod(now) });
      expect(await eventsOf(t, id, 'subscription.changed')).toHaveLength(1);
    }
  });

  it('periodContaining steps whole periods from the old end, clamped to short months like addPeriod', () => {
    const start = new Date('2026-01-31T00:00:00Z');
    expect(periodContaining(start, new Date('2026-02-01T00:00:00Z'))).toEqual({
      start,
      end: new Date('2026-02-28T00:00:00Z'),
    });
    expect(periodContaining(start, new Date('2026-03-01T00:00:00Z'))).toEqual({
      start: new Date('2026-02-28T00:00:00Z'),
      end: new Date('2026-03-28T00:00:00Z'),
    });
  });
});

describe('the scheduler’s tick', () => {
  const logger = (warnings: string[]): Logger => ({
    debug: () => {},
    info: () => {},
    warn: (message) => warnings.push(message),
    error: (message) => warnings.push(message),
  });

  it('renews the subscriptions whose period has ended', async () => {
    const ended = addPeriod(new Date(Date.now() - 40 * 86_400_000)); // about ten days ago
    const { id } = await company({ start: new Date(Date.now() - 40 * 86_400_000), end: ended, included: 10 });
    const scheduler = startScheduler({ ...t.ctx, config: { ...t.ctx.config, schedulerIntervalMs: 20 } });
    try {
      await expect
        .poll(async () => (await subscriptionOf(t, id)).currentPeriodStart, { timeout: 10_000 })
        .toEqual(ended);
    } finally {
      scheduler.stop();
    }
    expect((await ledgerOf(t, id)).at(-1)).toMatchObject({ type: 'subscription_grant', amount: 10_000 });
  });

  it('a failed renewal does not stop cron jobs, nor failed cron jobs the renewal', async () => {
    const org = await t.createOrg();
    const [bot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Ticker' }).returning();
    const [job] = await t.ctx.db
      .insert(cronJobs)
      .values({
        companyId: org.company.id,
        agentId: bot!.id,
        name: 'Tick',
        expression: '0 * * * *',
        timeZone: 'UTC',
        instruction: 'Check the queue.',
        nextRunAt: new Date(Date.now() - 60_000),
      })
      .returning();
    const warnings: string[] = [];
    const failing = startScheduler(
      { ...t.ctx, logger: logger(warnings), config: { ...t.ctx.config, schedulerIntervalMs: 20 } },
      {
        renew: async () => {
          throw new Error('renewal broke');
        },
      },
    );
    try {
      await expect
        .poll(async () => (await t.ctx.db.select().from(cronRuns).where(eq(cronRuns.cronJobId, job!.id))).length, {
          timeout: 10_000,
        })
        .toBe(1);
    } finally {
      failing.stop();
    }
    expect(warnings).toContain('scheduler: renewing subscriptions failed: renewal broke');

    const cronWarnings: string[] = [];
    let renewals = 0;
    const broken = {
      ...t.ctx,
      logger: logger(cronWarnings),
      config: { ...t.ctx.config, schedulerIntervalMs: 20 },
      db: {
        transaction: async () => {
          throw new Error('cron broke');
        },
      },
    } as unknown as AppContext;
    const scheduler = startScheduler(broken, {
      renew: async () => {
        renewals++;
        return 0;
      },
    });
    try {
      await expect.poll(() => renewals, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      scheduler.stop();
    }
    expect(cronWarnings[0]).toBe('scheduler: firing cron jobs failed: cron broke');
  });
});
