/**
 * The company's subscription: its plan, its monthly period and the included credits each period
 * brings (plans.ts has the catalog).
 *
 * Who: every member reads the plans and the subscription; company admins (`manageBilling`),
 * signed in, change the plan, cancel and resume (the routes refuse every key and agent token).
 *
 * Rules (recorded in the contract, subscription-routes.ts):
 * - An upgrade (more monthly credits), or any plan chosen while `trialing` or `canceled`, takes
 *   effect now: the ending period's unused included credits expire (an `adjustment`), the new
 *   plan's credits are granted (`subscription_grant`), and a new period starts now.
 * - A downgrade of an `active` subscription waits for the period's end (`pendingPlanId`).
 * - Choosing the current plan of an active subscription keeps it for the next period: it clears a
 *   pending downgrade or a cancellation; with neither, 409 `PLAN_UNCHANGED`.
 * - A plan with fewer seats than the company has members is refused: 409 `SEATS_EXCEEDED`.
 * - Cancel sets `cancelAtPeriodEnd`: renewal.ts ends the subscription at the period's end.
 *
 * Every change locks the subscription row (and, when credits move, the account row, so the
 * expiry takes exactly the included credits left) and records `subscription.changed` in its own
 * transaction; credit movements go through `applyCreditTransaction`.
 */
import { count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { creditAccounts, subscriptions, users } from '../../db/schema.ts';
import { type Actor, type EventActor, recordEvent } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode } from '../../http/errors.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import type { AppContext, Principal } from '../../types.ts';
import { applyCreditTransaction, creditPrices } from './ledger.ts';
import { addPeriod, isPlanId, lowThreshold, type Plan, PLAN_IDS, PLANS } from './plans.ts';
import type { ChangePlanInput, Subscription } from './schemas.ts';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The plan of an id stored in the database (a plan removed from the catalog reads as the smallest). */
export const planOf = (id: string): Plan => (isPlanId(id) ? PLANS[id] : PLANS[PLAN_IDS[0]]);

/** Members of the company now: what counts against a plan's seats. */
export async function seatsUsed(db: Executor, companyId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users).where(eq(users.companyId, companyId));
  return Number(row?.n ?? 0);
}

/** 409 `SEATS_EXCEEDED` when the company has more members than `plan` has seats. */
export function checkSeats(plan: Plan, members: number) {
  if (members <= plan.seats) return;
  throw new ApiError(
    409,
    `The ${plan.name} plan has ${plan.seats} seats and the company has ${members} members: remove members or choose a larger plan`,
    ErrorCode.seatsExceeded,
  );
}

/**
 * 409 `SEATS_EXCEEDED` unless the company has a seat for one more member: fewer members than the
 * plan's seats (or a pending downgrade's, when smaller). Invitations and joins ask it; with `lock`
 * (a join), the subscription row is locked, so concurrent joins take the last seat one at a time.
 */
export async function requireFreeSeat(tx: Executor, companyId: string, { lock = false } = {}) {
  const query = tx.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return;
  const pending = row.pendingPlanId ? planOf(row.pendingPlanId) : null;
  const current = planOf(row.planId);
  const plan = pending && pending.seats < current.seats ? pending : current;
  const members = await seatsUsed(tx, companyId);
  if (members < plan.seats) return;
  throw new ApiError(
    409,
    `The ${plan.name} plan has ${plan.seats} seats and the company has ${members} members: an admin can choose a larger plan in Billing`,
    ErrorCode.seatsExceeded,
  );
}

export function presentSubscription(row: SubscriptionRow, members: number): Subscription {
  return {
    plan: planOf(row.planId),
    status: row.status,
    currentPeriodStart: row.currentPeriodStart.toISOString(),
    currentPeriodEnd: row.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    pendingPlan: row.pendingPlanId ? planOf(row.pendingPlanId) : null,
    canceledAt: row.canceledAt?.toISOString() ?? null,
    seatsUsed: members,
  };
}

/** A period as notes name it: `2026-10-26 – 2026-11-26` (UTC dates). */
export const periodLabel = (start: Date, end: Date) =>
  `${start.toISOString().slice(0, 10)} – ${end.toISOString().slice(0, 10)}`;

async function lockSubscription(tx: Executor, companyId: string): Promise<SubscriptionRow> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)).for('update');
  // Every company gets one when it is created (openCreditAccount).
  if (!row) throw new Error(`company ${companyId} has no subscription`);
  return row;
}

/** Records the subscription as it now is for the company's members. */
export async function announceSubscription(tx: Executor, actor: EventActor, row: SubscriptionRow) {
  const subscription = presentSubscription(row, await seatsUsed(tx, row.companyId));
  await recordEvent(tx, actor, 'subscription.changed', { companyId: row.companyId, subscription });
  return subscription;
}

/**
 * Expires the unused included credits of the period ending (`[start, end)`, named in the note), in
 * `tx`: an `adjustment` of the included balance, when there are any. The account row is locked
 * first, so the expiry takes exactly what is left (agent work waits for the transaction).
 */
export async function expireIncluded(
  ctx: Pick<AppContext, 'config'>,
  tx: Executor,
  actor: EventActor,
  companyId: string,
  ending: { start: Date; end: Date },
) {
  const [account] = await tx
    .select({ included: creditAccounts.included })
    .from(creditAccounts)
    .where(eq(creditAccounts.companyId, companyId))
    .for('update');
  if (!account || account.included <= 0) return null;
  return applyCreditTransaction(
    tx,
    actor,
    companyId,
    {
      type: 'adjustment',
      change: { included: -account.included, purchased: 0 },
      note: `Unused included credits of the period ${periodLabel(ending.start, ending.end)} expired`,
    },
    creditPrices(ctx),
  );
}

/**
 * Grants `plan`'s monthly credits for the period `[start, end)` (`subscription_grant`), in `tx`,
 * and sets the account's low threshold from the plan.
 */
export async function grantPeriod(
  ctx: Pick<AppContext, 'config'>,
  tx: Executor,
  actor: EventActor,
  companyId: string,
  plan: Plan,
  period: { start: Date; end: Date },
) {
  await tx
    .update(creditAccounts)
    .set({ lowThreshold: lowThreshold(plan), updatedAt: new Date() })
    .where(eq(creditAccounts.companyId, companyId));
  return applyCreditTransaction(
    tx,
    actor,
    companyId,
    {
      type: 'subscription_grant',
      change: { included: plan.monthlyCredits, purchased: 0 },
      note: `${plan.name} plan: credits for ${periodLabel(period.start, period.end)}`,
    },
    creditPrices(ctx),
  );
}

// ---------------------------------------------------------------------------------------------
// Reading

export const listPlans = (): Plan[] => PLAN_IDS.map((id) => PLANS[id]);

export async function getSubscription(ctx: AppContext, principal: Principal): Promise<Subscription> {
  const company = requireCompany(principal);
  const [row] = await ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, company.id));
  if (!row) throw new Error(`company ${company.id} has no subscription`);
  return presentSubscription(row, await seatsUsed(ctx.db, company.id));
}

// ---------------------------------------------------------------------------------------------
// Changing

/** Changes the plan (see the rules above); `now` is the time the change takes effect. */
export async function changePlan(
  ctx: AppContext,
  actor: Actor,
  input: ChangePlanInput,
  now = new Date(),
): Promise<Subscription> {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageBilling');
  const plan = PLANS[input.planId];
  return ctx.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, company.id);
    const currentPlan = planOf(current.planId);
    let next: Partial<SubscriptionRow>;
    if (current.status === 'active' && plan.id === currentPlan.id) {
      // Keep the current plan for the next period: undo a pending downgrade or a cancellation.
      if (!current.pendingPlanId && !current.cancelAtPeriodEnd) {
        throw new ApiError(409, `The company is already on the ${plan.name} plan`, ErrorCode.planUnchanged);
      }
      next = { pendingPlanId: null, cancelAtPeriodEnd: false, canceledAt: null };
    } else {
      checkSeats(plan, await seatsUsed(tx, company.id));
      const immediate = current.status !== 'active' || plan.monthlyCredits > currentPlan.monthlyCredits;
      if (immediate) {
        // The period restarts now: what is left of the ending one expires, the new plan's credits come.
        const end = addPeriod(now);
        await expireIncluded(ctx, tx, actor, company.id, {
          start: current.currentPeriodStart,
          end: current.currentPeriodEnd,
        });
        await grantPeriod(ctx, tx, actor, company.id, plan, { start: now, end });
        next = {
          planId: plan.id,
          status: 'active',
          currentPeriodStart: now,
          currentPeriodEnd: end,
          pendingPlanId: null,
          cancelAtPeriodEnd: false,
          canceledAt: null,
        };
      } else {
        // A downgrade: the next period starts on it. Choosing a next plan undoes a cancellation.
        next = { pendingPlanId: plan.id, cancelAtPeriodEnd: false, canceledAt: null };
      }
    }
    const [row] = await tx
      .update(subscriptions)
      .set({ ...next, updatedAt: new Date() })
      .where(eq(subscriptions.companyId, company.id))
      .returning();
    return announceSubscription(tx, actor, row!);
  });
}

/** Sets the subscription to end at its period's end. */
export async function cancelSubscription(ctx: AppContext, actor: Actor, now = new Date()): Promise<Subscription> {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageBilling');
  return ctx.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, company.id);
    if (current.status === 'canceled' || current.cancelAtPeriodEnd) {
      throw new ApiError(
        409,
        current.status === 'canceled'
          ? 'The subscription has already ended'
          : `The subscription is already set to end on ${current.currentPeriodEnd.toISOString()}`,
        ErrorCode.subscriptionCanceled,
      );
    }
    const [row] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true, canceledAt: now, updatedAt: new Date() })
      .where(eq(subscriptions.companyId, company.id))
      .returning();
    return announceSubscription(tx, actor, row!);
  });
}

/** Undoes a cancellation before the period's end. */
export async function resumeSubscription(ctx: AppContext, actor: Actor): Promise<Subscription> {
  const { principal } = actor;
  const company = requireCompany(principal);
  requirePermission(principal, 'manageBilling');
  return ctx.db.transaction(async (tx) => {
    const current = await lockSubscription(tx, company.id);
    if (current.status === 'canceled') {
      throw new ApiError(
        409,
        'The subscription has ended: choose a plan (PUT /subscriptions/current) to start a new one',
        ErrorCode.subscriptionCanceled,
      );
    }
    if (!current.cancelAtPeriodEnd) throw conflict('The subscription is not set to cancel: nothing to resume');
    const [row] = await tx
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: false, canceledAt: null, updatedAt: new Date() })
      .where(eq(subscriptions.companyId, company.id))
      .returning();
    return announceSubscription(tx, actor, row!);
  });
}
