/**
 * Period renewal: at the end of each subscription's period, the next one starts, or the
 * subscription ends. The scheduler (automation/scheduler.ts) calls `renewSubscriptions` on every
 * tick, in every server instance.
 *
 * For each subscription whose period has ended (`currentPeriodEnd` ≤ now, not `canceled`), in a
 * transaction of its own:
 * - set to cancel (`cancelAtPeriodEnd`): it becomes `canceled`; its unused included credits expire
 *   (an `adjustment`); nothing is granted (purchased credits stay);
 * - otherwise: the pending plan (a downgrade) becomes the plan, the unused included credits
 *   expire, the plan's monthly credits are granted (`subscription_grant`) for the new period
 *   `[old end, addPeriod(old end))`, and the status is `active` (a trial becomes `active` on its
 *   plan, Starter).
 *
 * Missed periods (the server down for more than a period): the new period is the one containing
 * now, reached by whole periods from the old end, with ONE expiry and ONE grant — not one per
 * missed period: credits for months nobody could use them are not granted after the fact, like
 * the scheduler's missed cron runs.
 *
 * Exactly once per subscription and period, however many instances renew at once: the due
 * companies are listed in batches, and each is renewed under its subscription row's lock taken
 * with `for update skip locked` and the due condition checked again — an instance passes over a
 * company another is renewing, and one that reads it after the other committed sees the new
 * period and leaves it.
 */
import { and, asc, eq, gt, lte, ne } from 'drizzle-orm';
import { subscriptions } from '../../db/schema.ts';
import type { SystemActor } from '../../events/record.ts';
import type { AppContext } from '../../types.ts';
import { addPeriod } from './plans.ts';
import { announceSubscription, expireIncluded, grantPeriod, planOf } from './subscription-service.ts';

/** Companies listed per query; each is renewed in its own transaction. */
const BATCH = 100;

/** The period that contains `now`, by whole periods from `start` (`start` ≤ now). */
export function periodContaining(start: Date, now: Date): { start: Date; end: Date } {
  let period = { start, end: addPeriod(start) };
  while (period.end <= now) period = { start: period.end, end: addPeriod(period.end) };
  return period;
}

/**
 * Renews (or ends) every subscription whose period ended at or before `now` (tests pass a fixed
 * `now`); returns how many this call renewed or ended.
 */
export async function renewSubscriptions(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let done = 0;
  let after: string | null = null;
  for (;;) {
    // Listed without locks, by company: each is claimed (or passed over) in its own transaction.
    const due: { companyId: string }[] = await ctx.db
      .select({ companyId: subscriptions.companyId })
      .from(subscriptions)
      .where(
        and(
          ne(subscriptions.status, 'canceled'),
          lte(subscriptions.currentPeriodEnd, now),
          after ? gt(subscriptions.companyId, after) : undefined,
        ),
      )
      .orderBy(asc(subscriptions.companyId))
      .limit(BATCH);
    for (const { companyId } of due) {
      if (await renewOne(ctx, companyId, now)) done++;
    }
    if (due.length < BATCH) return done;
    after = due[due.length - 1]!.companyId;
  }
}

/** Renews one company's subscription if it is still due and no other instance is at it. */
async function renewOne(ctx: AppContext, companyId: string, now: Date): Promise<boolean> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(subscriptions)
      .where(
        and(
          eq(subscriptions.companyId, companyId),
          ne(subscriptions.status, 'canceled'),
          lte(subscriptions.currentPeriodEnd, now),
        ),
      )
      .for('update', { skipLocked: true });
    if (!row) return false;
    const actor: SystemActor = { system: { companyId } };
    const ending = { start: row.currentPeriodStart, end: row.currentPeriodEnd };
    await expireIncluded(ctx, tx, actor, companyId, ending);
    let next: Partial<typeof subscriptions.$inferInsert>;
    if (row.cancelAtPeriodEnd) {
      // The period stays the last one; `canceledAt` keeps when it was asked for.
      next = { status: 'canceled', cancelAtPeriodEnd: false, pendingPlanId: null };
    } else {
      const plan = planOf(row.pendingPlanId ?? row.planId);
      const period = periodContaining(row.currentPeriodEnd, now);
      await grantPeriod(ctx, tx, actor, companyId, plan, period);
      next = {
        planId: plan.id,
        status: 'active',
        currentPeriodStart: period.start,
        currentPeriodEnd: period.end,
        pendingPlanId: null,
      };
    }
    const [renewed] = await tx
      .update(subscriptions)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(subscriptions.companyId, companyId))
      .returning();
    await announceSubscription(tx, actor, renewed!);
    return true;
  });
}
