/**
 * The credit ledger's one writer. Every credit movement — a trial or a period's grant, a purchase,
 * an admin's grant or adjustment, the expiry of unused included credits, agent work — goes through
 * `applyCreditTransaction`, inside the transaction of whatever causes it:
 *
 * - one statement locks the company's `credit_accounts` row, applies the change to both balances
 *   (never below zero: otherwise nothing is written and it returns null), numbers the row
 *   (`seq` = the account's `lastSeq` + 1) and inserts it with the balances after it;
 * - then `credits.balance.changed` is recorded for the company's members, and, when the movement
 *   takes the company across "exhausted" (fewer credits than the cheapest agent work) in either
 *   direction, `agent.credits.changed` on each active agent's own stream;
 * - when it takes the balance down across the low threshold or into exhaustion, the company's
 *   admins are notified (`credits_low` / `credits_exhausted`, see `notifyAdmins`).
 *
 * Movements of one company are therefore serialised by the account row, under any concurrency,
 * and the ledger reconciles: replaying it from row 1 gives every stored balance.
 *
 * Consumption draws included credits first, then purchased ones.
 */
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agents, creditAccounts, creditTransactions, subscriptions, users } from '../../db/schema.ts';
import { type EventActor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode } from '../../http/errors.ts';
import type { Actor } from '../../events/record.ts';
import type { AppContext, CreditPrices } from '../../types.ts';
import { notify } from '../notifications/index.ts';
import { lowThreshold, PLANS, TRIAL } from './plans.ts';
import type { CreditBalance, CreditChange, CreditTransaction, CreditTransactionType } from './schemas.ts';

export const DEFAULT_CREDIT_PRICES: CreditPrices = { reply: 5, write: 1 };
export const creditPrices = (ctx: Pick<AppContext, 'config'>): CreditPrices =>
  ctx.config.creditPrices ?? DEFAULT_CREDIT_PRICES;

export type CreditTransactionRow = typeof creditTransactions.$inferSelect;
export type CreditAccountRow = typeof creditAccounts.$inferSelect;

/** What moves: the change to each balance (signed), and what the row records about it. */
export type CreditMovement = {
  type: CreditTransactionType;
  /**
   * The change to each balance, signed. For `consumption` give `cost` instead: the statement
   * splits it, included credits first.
   */
  change: { included: number; purchased: number } | { cost: number };
  agentId?: string | null;
  /** The session, or a scalar subquery that finds it (evaluated in the same statement). */
  agentSessionId?: string | SQL | null;
  cardId?: string | null;
  operation?: string | null;
  paymentInvoiceId?: string | null;
  paymentCheckoutSessionId?: string | null;
  adminUserId?: string | null;
  note?: string | null;
  /** Seeds write history in the past; otherwise now. */
  createdAt?: Date;
};

/** A ledger row as the API returns it (absent optional fields are left out). */
export function presentTransaction(row: CreditTransactionRow): CreditTransaction {
  return {
    id: row.id,
    companyId: row.companyId,
    type: row.type,
    amount: row.amount,
    createdAt: row.createdAt.toISOString(),
    balanceAfterIncluded: row.balanceAfterIncluded,
    balanceAfterPurchased: row.balanceAfterPurchased,
    ...(row.agentId ? { agentId: row.agentId } : {}),
    ...(row.paymentInvoiceId ? { paymentInvoiceId: row.paymentInvoiceId } : {}),
    ...(row.paymentCheckoutSessionId ? { paymentCheckoutSessionId: row.paymentCheckoutSessionId } : {}),
    ...(row.adminUserId ? { adminUserId: row.adminUserId } : {}),
    ...(row.note ? { note: row.note } : {}),
    seq: row.seq,
    includedChange: row.includedChange,
    purchasedChange: row.purchasedChange,
    ...(row.agentSessionId ? { sessionId: row.agentSessionId } : {}),
    ...(row.cardId ? { cardId: row.cardId } : {}),
    ...(row.operation ? { operation: row.operation } : {}),
  };
}

/** What every member's stream carries of a movement (`CreditChange`: no admin-only details). */
function presentChange(row: CreditTransactionRow): CreditChange {
  return {
    id: row.id,
    seq: row.seq,
    type: row.type,
    amount: row.amount,
    includedChange: row.includedChange,
    purchasedChange: row.purchasedChange,
    createdAt: row.createdAt.toISOString(),
    ...(row.agentId ? { agentId: row.agentId } : {}),
    ...(row.cardId ? { cardId: row.cardId } : {}),
  };
}

/** The balance as the API returns it. */
export function presentBalance(
  account: Pick<CreditAccountRow, 'included' | 'purchased' | 'lowThreshold'>,
  prices: CreditPrices,
): CreditBalance {
  const available = account.included + account.purchased;
  return {
    included: account.included,
    purchased: account.purchased,
    available,
    lowThreshold: account.lowThreshold,
    low: available < account.lowThreshold,
    exhausted: isExhausted(available, prices),
    prices: { reply: prices.reply, write: prices.write },
  };
}

/** Fewer credits than the cheapest agent work that costs something (free work is never refused). */
export function isExhausted(available: number, prices: CreditPrices): boolean {
  const charged = [prices.reply, prices.write].filter((price) => price > 0);
  return charged.length > 0 && available < Math.min(...charged);
}

/** The company's account row; null if it has none (a company always gets one: `openCreditAccount`). */
export async function findAccount(db: Executor, companyId: string): Promise<CreditAccountRow | null> {
  const [row] = await db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  return row ?? null;
}

type RawRow = Record<string, unknown>;
const toDate = (value: unknown) => (value instanceof Date ? value : new Date(String(value)));
const orNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

function rowFromRaw(raw: RawRow): CreditTransactionRow {
  return {
    id: String(raw.id),
    companyId: String(raw.company_id),
    seq: Number(raw.seq),
    type: raw.type as CreditTransactionType,
    amount: Number(raw.amount),
    includedChange: Number(raw.included_change),
    purchasedChange: Number(raw.purchased_change),
    balanceAfterIncluded: Number(raw.balance_after_included),
    balanceAfterPurchased: Number(raw.balance_after_purchased),
    agentId: orNull(raw.agent_id),
    agentSessionId: orNull(raw.agent_session_id),
    cardId: orNull(raw.card_id),
    operation: orNull(raw.operation),
    paymentInvoiceId: orNull(raw.payment_invoice_id),
    paymentCheckoutSessionId: orNull(raw.payment_checkout_session_id),
    adminUserId: orNull(raw.admin_user_id),
    note: orNull(raw.note),
    createdAt: toDate(raw.created_at),
  };
}

/**
 * Applies one movement to the company's balances and writes its ledger row, in `tx` (the
 * transaction of whatever causes it), then records the events (not with `actor` null: a company
 * being created, or seeded, has nobody to tell). Returns the row, or null when the company has no
 * account or a balance would go below zero (nothing is written then).
 */
export async function applyCreditTransaction(
  tx: Executor,
  actor: EventActor | null,
  companyId: string,
  movement: CreditMovement,
  prices: CreditPrices = DEFAULT_CREDIT_PRICES,
): Promise<CreditTransactionRow | null> {
  const changes =
    'cost' in movement.change
      ? {
          included: sql`-least(old.included, ${movement.change.cost}::int)`,
          purchased: sql`-(${movement.change.cost}::int - least(old.included, ${movement.change.cost}::int))`,
        }
      : { included: sql`${movement.change.included}::int`, purchased: sql`${movement.change.purchased}::int` };
  const result = await tx.execute(sql`
    with old as (
      select company_id, included, purchased from ${creditAccounts} where company_id = ${companyId} for update
    ), d as (
      select company_id, included, purchased, ${changes.included} as ic, ${changes.purchased} as pc from old
    ), acc as (
      update ${creditAccounts} a
      set included = a.included + d.ic, purchased = a.purchased + d.pc, last_seq = a.last_seq + 1, updated_at = now()
      from d
      where a.company_id = d.company_id and d.included + d.ic >= 0 and d.purchased + d.pc >= 0
      returning a.company_id, a.included, a.purchased, a.last_seq, a.low_threshold, d.ic, d.pc
    ), ins as (
    insert into ${creditTransactions} (company_id, seq, type, amount, included_change, purchased_change,
      balance_after_included, balance_after_purchased, agent_id, agent_session_id, card_id, operation,
      payment_invoice_id, payment_checkout_session_id, admin_user_id, note, created_at)
    select company_id, last_seq, ${movement.type}, ic + pc, ic, pc, included, purchased,
      ${movement.agentId ?? null}::uuid, ${movement.agentSessionId ?? null}::uuid, ${movement.cardId ?? null}::uuid,
      ${movement.operation ?? null}, ${movement.paymentInvoiceId ?? null}, ${movement.paymentCheckoutSessionId ?? null},
      ${movement.adminUserId ?? null}::uuid, ${movement.note ?? null},
      -- The clock read after the row lock, so times follow the numbering.
      coalesce(${movement.createdAt?.toISOString() ?? null}::timestamptz, clock_timestamp())
    from acc
    returning *
    )
    select ins.*, (select low_threshold from acc) as low_threshold from ins`);
  const raw = (result as unknown as { rows: RawRow[] }).rows[0];
  if (!raw) return null;
  const row = rowFromRaw(raw);
  if (actor) await announce(tx, actor, companyId, row, Number(raw.low_threshold), prices);
  return row;
}

async function announce(
  tx: Executor,
  actor: EventActor,
  companyId: string,
  row: CreditTransactionRow,
  lowThreshold: number,
  prices: CreditPrices,
) {
  const balance = presentBalance(
    { included: row.balanceAfterIncluded, purchased: row.balanceAfterPurchased, lowThreshold },
    prices,
  );
  await recordEvent(tx, actor, 'credits.balance.changed', { companyId, balance, change: presentChange(row) });
  const before = row.balanceAfterIncluded + row.balanceAfterPurchased - row.amount;
  const wasExhausted = isExhausted(before, prices);
  // Plain arithmetic on every movement; the admins are looked up only when a line is crossed.
  const crossed = wasExhausted
    ? null
    : balance.exhausted
      ? 'exhausted'
      : before >= lowThreshold && balance.low
        ? 'low'
        : null;
  if (crossed) await notifyAdmins(tx, actor, companyId, row, balance, crossed);
  if (wasExhausted === balance.exhausted) return;
  const active = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.companyId, companyId), ne(agents.status, 'completed')));
  const reason = balance.exhausted
    ? 'The company has run out of credits: agents take no new work until an admin buys credits or the plan renews.'
    : null;
  for (const agent of active) {
    await recordEvent(
      tx,
      actor,
      'agent.credits.changed',
      { agentId: agent.id, exhausted: balance.exhausted, reason, available: balance.available },
      { agentId: agent.id },
    );
  }
}

const creditCount = (n: number) => `${n.toLocaleString('en-US')} credit${n === 1 ? '' : 's'}`;

/**
 * A movement took the balance down across a line the admins must hear of: below the low threshold
 * (`credits_low`), or into exhaustion (`credits_exhausted`; a movement across both tells
 * exhaustion only). Every company admin is notified (billing is theirs: `manageBilling`), except
 * an admin who made the movement, in the movement's transaction. Each crossing notifies again (no
 * dedupe): recovering and falling again is news. The expiry of a period's unused included credits
 * (an `adjustment` no admin made) notifies nobody: the new period's grant follows it in the same
 * transaction, or it ends a plan the admins canceled themselves.
 */
async function notifyAdmins(
  tx: Executor,
  actor: EventActor,
  companyId: string,
  row: CreditTransactionRow,
  balance: CreditBalance,
  crossed: 'low' | 'exhausted',
) {
  if (row.type === 'adjustment' && !row.adminUserId) return;
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin')));
  const snippet =
    crossed === 'exhausted'
      ? `${creditCount(balance.available)} left: agents take no new work until an admin buys credits or the plan renews.`
      : `${creditCount(balance.available)} left, below the low threshold of ${balance.lowThreshold.toLocaleString('en-US')}.`;
  await notify(
    tx,
    actor,
    admins.map((admin) => ({
      type: crossed === 'exhausted' ? ('credits_exhausted' as const) : ('credits_low' as const),
      userId: admin.id,
      thing: { kind: 'credits' as const, id: companyId, title: 'Credits' },
      snippet,
      link: {},
    })),
  );
}

/** 402 `CREDITS_EXHAUSTED`: agent work refused for lack of credits. */
export const creditsExhausted = (available: number, cost: number) =>
  new ApiError(
    402,
    `The company is out of credits for agent work (${available} left, this costs ${cost}): an admin can buy credits or change the plan in Billing`,
    ErrorCode.creditsExhausted,
  );

/** What agent work is being charged for: the operation, and the session and card it is part of. */
export type AgentWork = {
  operation: string;
  /** `reply` for an agent's reply in a chat, `write` for any other write. */
  kind: 'reply' | 'write';
  /** The session, or a scalar subquery that finds it in the charge's own statement. */
  sessionId?: string | SQL | null;
  cardId?: string | null;
};

/**
 * Charges the calling agent's company for a write made with an agent token, inside the write's own
 * transaction: call it first in that transaction, so a refusal (402 `CREDITS_EXHAUSTED`, thrown)
 * rolls back before any work and nothing is half-written. Does nothing for a person (signed in or
 * with an API key): only agent work costs credits.
 */
export async function chargeAgentWork(
  ctx: Pick<AppContext, 'config'>,
  tx: Executor,
  actor: Actor,
  work: AgentWork,
): Promise<CreditTransactionRow | null> {
  const { principal } = actor;
  if (!principal.agent || !principal.company) return null;
  const prices = creditPrices(ctx);
  const cost = prices[work.kind];
  if (cost === 0) return null;
  const row = await applyCreditTransaction(
    tx,
    actor,
    principal.company.id,
    {
      type: 'consumption',
      change: { cost },
      agentId: principal.agent.id,
      agentSessionId: work.sessionId ?? null,
      cardId: work.cardId ?? null,
      operation: work.operation,
    },
    prices,
  );
  if (row) return row;
  const account = await findAccount(tx, principal.company.id);
  throw creditsExhausted(account ? account.included + account.purchased : 0, cost);
}

/**
 * Opens a new company's credit account: a trial subscription (`TRIAL`) and its `trial_grant`.
 * Call it in the transaction that creates the company.
 */
export async function openCreditAccount(tx: Executor, companyId: string, now = new Date()): Promise<void> {
  const plan = PLANS[TRIAL.planId];
  await tx.insert(subscriptions).values({
    companyId,
    planId: plan.id,
    status: 'trialing',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + TRIAL.days * 86_400_000),
  });
  await tx.insert(creditAccounts).values({ companyId, lowThreshold: lowThreshold(plan) });
  await applyCreditTransaction(tx, null, companyId, {
    type: 'trial_grant',
    change: { included: TRIAL.credits, purchased: 0 },
    note: `Trial credits (${TRIAL.days} days)`,
    createdAt: now,
  });
}
