/**
 * The credit ledger's API: the balance, the ledger page by page, its CSV export, usage over the
 * last days, and admins' grants and adjustments.
 *
 * Who sees what:
 * - **The balance** (`getCreditBalance`): every member of the company, their API keys, and agent
 *   tokens (their agent's company): members need it to know whether agents can work, agents to
 *   know whether they can.
 * - **The ledger, its CSV and the usage** (`listCreditTransactions`, `exportCreditTransactions`,
 *   `getCreditUsage`): company admins only (`manageBilling`); a member is told 403 `FORBIDDEN`
 *   (they know the company has a ledger, so a 404 would hide nothing). An admin's API key reads
 *   them as the admin would; agent tokens never (the routes refuse them).
 * - **Grants and adjustments** (`createCreditAdjustment`): signed-in company admins only; every
 *   key is refused by the route (`forbidden`, as every non-GET under `/subscriptions/*`).
 * A caller without a company is told 404, as everywhere: the company's credits do not exist for them.
 *
 * Every movement is written by `applyCreditTransaction` (ledger.ts); this file only reads, apart
 * from an admin's movement, which it validates and hands over in one transaction.
 */
import { and, desc, eq, gt, lt, lte, sql, type SQL } from 'drizzle-orm';
import { csvFileName, csvLine } from '../../lib/csv.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { creditAccounts, creditTransactions } from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import type { AppContext, Principal } from '../../types.ts';
import {
  applyCreditTransaction,
  creditPrices,
  type CreditTransactionRow,
  findAccount,
  presentBalance,
  presentTransaction,
} from './ledger.ts';
import type {
  CreateCreditAdjustmentInput,
  CreditBalance,
  CreditTransaction,
  CreditTransactionFilters,
  CreditTransactionsQuery,
  CreditTransactionType,
  CreditUsage,
} from './schemas.ts';

type Ctx = Pick<AppContext, 'db' | 'config'>;

/** The caller's company, once they may read its billing (404 without a company, 403 for a member). */
function billingCompany(principal: Principal) {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageBilling');
  return company;
}

export async function getBalance(ctx: Ctx, principal: Principal): Promise<CreditBalance> {
  const company = requireCompany(principal);
  const account = await findAccount(ctx.db, company.id);
  // Every company has an account (openCreditAccount, migration 0018); none would be a bug, not a 500.
  if (!account) throw notFound('The company has no credit account');
  return presentBalance(account, creditPrices(ctx));
}

const filterConditions = (companyId: string, filters: CreditTransactionFilters): SQL[] => [
  eq(creditTransactions.companyId, companyId),
  ...(filters.type ? [eq(creditTransactions.type, filters.type)] : []),
  ...(filters.agentId ? [eq(creditTransactions.agentId, filters.agentId)] : []),
];
const isFiltered = (filters: CreditTransactionFilters) => Boolean(filters.type || filters.agentId);

/**
 * One page of the ledger, newest first.
 *
 * Unfiltered (the common case, and the one that must stay fast at page 5,000 of 1,000,000 rows):
 * a company's rows are numbered 1..`last_seq` without gaps (ledger.ts), so page `p` is exactly
 * the rows with `last_seq − p·limit < seq ≤ last_seq − (p−1)·limit`: one range of the unique
 * (company_id, seq) index, the same cost at any depth, in one statement that reads `last_seq` and
 * the rows from the same snapshot.
 *
 * Filtered by `type` or `agentId`: the matching rows are not numbered without gaps, so the page is
 * found with OFFSET on the (company_id, type, seq) or (agent_id, seq) index, which reads every
 * skipped entry: its cost grows with the page's depth (measured on 1,000,000 rows, Postgres under
 * load: page 1 ~6 ms, page 100 of a type ~50 ms, page 1,000 of an agent ~160 ms). That is fine for
 * the pages a person reads through a filter, from page 1 on; what is paged to the end (the client's
 * full ledger, the CSV) never pays it. A numbering per type and per agent, which would make those
 * ranges too, would cost every movement — the hot path, agent work — more writes for a rarer read.
 */
export async function listTransactions(
  ctx: Ctx,
  principal: Principal,
  query: CreditTransactionsQuery,
): Promise<CreditTransaction[]> {
  const company = billingCompany(principal);
  const { page, limit } = query;
  const skip = (page - 1) * limit;
  if (isFiltered(query)) {
    const found = await ctx.db
      .select()
      .from(creditTransactions)
      .where(and(...filterConditions(company.id, query)))
      .orderBy(desc(creditTransactions.seq))
      .limit(limit)
      .offset(skip);
    return found.map(presentTransaction);
  }
  const lastSeq = sql`(select ${creditAccounts.lastSeq} from ${creditAccounts} where ${creditAccounts.companyId} = ${company.id})`;
  const found = await ctx.db
    .select()
    .from(creditTransactions)
    .where(
      and(
        eq(creditTransactions.companyId, company.id),
        lte(creditTransactions.seq, sql`${lastSeq} - ${skip}::bigint`),
        gt(creditTransactions.seq, sql`${lastSeq} - ${skip + limit}::bigint`),
      ),
    )
    .orderBy(desc(creditTransactions.seq));
  return found.map(presentTransaction);
}

/** Rows read per statement while exporting: memory stays flat however long the ledger is. */
export const EXPORT_CHUNK = 1_000;

/** The CSV's columns: every field of `CreditTransaction`, in this order. */
export const CSV_COLUMNS = [
  'id',
  'companyId',
  'seq',
  'type',
  'amount',
  'includedChange',
  'purchasedChange',
  'balanceAfterIncluded',
  'balanceAfterPurchased',
  'createdAt',
  'agentId',
  'sessionId',
  'cardId',
  'operation',
  'paymentInvoiceId',
  'paymentCheckoutSessionId',
  'adminUserId',
  'note',
] as const satisfies readonly (keyof CreditTransaction)[];

/** The export's file name: `credits-<company name in ASCII>-<YYYY-MM-DD>.csv`. */
export const exportFileName = (companyName: string, now: Date) => csvFileName('credits', companyName, now);

/**
 * The CSV export: checks who may read it first (so a refusal is a JSON error, before anything is
 * streamed), then gives the file name and the lines, read newest first in chunks of
 * `EXPORT_CHUNK` rows by `seq` (keyset: each chunk starts below the last one's smallest `seq`, on
 * the same indexes as the ledger, never OFFSET). The export covers the rows up to `last_seq` when
 * it starts.
 */
export async function exportTransactions(
  ctx: Ctx,
  principal: Principal,
  filters: CreditTransactionFilters,
  now = new Date(),
): Promise<{ fileName: string; lines: AsyncGenerator<string> }> {
  const company = billingCompany(principal);
  const account = await findAccount(ctx.db, company.id);
  const lastSeq = account?.lastSeq ?? 0;
  async function* lines(): AsyncGenerator<string> {
    yield csvLine([...CSV_COLUMNS]);
    let below = lastSeq + 1;
    for (;;) {
      const chunk = (
        await ctx.db
          .select()
          .from(creditTransactions)
          .where(and(...filterConditions(company.id, filters), lt(creditTransactions.seq, below)))
          .orderBy(desc(creditTransactions.seq))
          .limit(EXPORT_CHUNK)
      ).map(presentTransaction);
      if (chunk.length > 0) yield chunk.map((row) => csvLine(CSV_COLUMNS.map((column) => row[column]))).join('');
      if (chunk.length < EXPORT_CHUNK) return;
      below = chunk.at(-1)!.seq;
    }
  }
  return { fileName: exportFileName(company.name, now), lines: lines() };
}

const DAY_MS = 86_400_000;
const utcMidnight = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));

/** One row of the usage rollup: a day's, a type's, an agent's or an operation's sums (the others null). */
type UsageRow = {
  kind: 'day' | 'type' | 'agent' | 'operation';
  day: string | null;
  type: CreditTransactionType | null;
  agent_id: string | null;
  name: string | null;
  operation: string | null;
  consumed: number | string;
  added: number | string;
  removed: number | string;
  moved: number | string;
  net: number | string;
  count: number | string;
  included: number | null;
  purchased: number | null;
};

const byCredits = <T extends { credits: number }>(list: T[], name: (item: T) => string) =>
  list.sort((a, b) => b.credits - a.credits || name(a).localeCompare(name(b)));

/**
 * Usage over the last `days` days (UTC, today included) in one pass over the range's rows (the
 * (company_id, created_at) index): they are summed per day, type, agent and operation, and those
 * few groups rolled up by each of the four (grouping sets). Per day: the credits consumed, added
 * and removed, and the balances after the day's last row (carried forward over quiet days,
 * starting from the balance before the range); by agent and by operation, the credits consumed;
 * by type, the credits moved.
 */
export async function getUsage(ctx: Ctx, principal: Principal, days: number, now = new Date()): Promise<CreditUsage> {
  const company = billingCompany(principal);
  const to = new Date(utcMidnight(now).getTime() + DAY_MS);
  const from = new Date(to.getTime() - days * DAY_MS);
  const [rollup, before] = await Promise.all([
    ctx.db.execute(sql`
      with g as (
        select (t.created_at at time zone 'UTC')::date as day, t.type, t.agent_id, t.operation,
          coalesce(sum(t.amount) filter (where t.amount > 0), 0) as pos,
          coalesce(sum(-t.amount) filter (where t.amount < 0), 0) as neg,
          count(*) as n, max(t.seq) as last_seq
        from credit_transactions t
        where t.company_id = ${company.id} and t.created_at >= ${from.toISOString()}::timestamptz
          and t.created_at < ${to.toISOString()}::timestamptz
        group by 1, 2, 3, 4
      ), r as (
        select case when grouping(g.day) = 0 then 'day' when grouping(g.type) = 0 then 'type'
            when grouping(g.agent_id) = 0 then 'agent' else 'operation' end as kind,
          g.day, g.type, g.agent_id, g.operation,
          coalesce(sum(g.neg) filter (where g.type = 'consumption'), 0) as consumed,
          sum(g.pos) as added,
          coalesce(sum(g.neg) filter (where g.type <> 'consumption'), 0) as removed,
          sum(g.pos + g.neg) as moved, sum(g.pos - g.neg) as net, sum(g.n) as count, max(g.last_seq) as last_seq
        from g
        group by grouping sets ((g.day), (g.type), (g.agent_id), (g.operation))
      )
      select r.kind, to_char(r.day, 'YYYY-MM-DD') as day, r.type, r.agent_id, r.operation,
        case when r.agent_id is not null then coalesce(a.name, 'Deleted agent') end as name,
        r.consumed, r.added, r.removed, r.moved, r.net, r.count,
        l.balance_after_included as included, l.balance_after_purchased as purchased
      from r
      left join agents a on r.kind = 'agent' and a.id = r.agent_id
      left join credit_transactions l on r.kind = 'day' and l.company_id = ${company.id} and l.seq = r.last_seq`),
    ctx.db.execute(sql`
      select t.balance_after_included as included, t.balance_after_purchased as purchased
      from credit_transactions t
      where t.company_id = ${company.id} and t.created_at < ${from.toISOString()}::timestamptz
      order by t.created_at desc, t.seq desc limit 1`),
  ]);
  const groups = rows<UsageRow>(rollup);
  const recorded = new Map(groups.filter((row) => row.kind === 'day').map((row) => [row.day!, row]));
  const start = rows<{ included: number; purchased: number }>(before)[0];
  let balance = { included: Number(start?.included ?? 0), purchased: Number(start?.purchased ?? 0) };
  const series: CreditUsage['days'] = [];
  for (let time = from.getTime(); time < to.getTime(); time += DAY_MS) {
    const date = new Date(time).toISOString().slice(0, 10);
    const day = recorded.get(date);
    if (day) balance = { included: Number(day.included), purchased: Number(day.purchased) };
    series.push({
      date,
      consumed: Number(day?.consumed ?? 0),
      added: Number(day?.added ?? 0),
      removed: Number(day?.removed ?? 0),
      ...balance,
    });
  }
  const consumedBy = (set: 'agent' | 'operation') =>
    groups.filter(
      (row) => row.kind === set && row[set === 'agent' ? 'agent_id' : 'operation'] && Number(row.consumed) > 0,
    );
  return {
    from: from.toISOString(),
    to: to.toISOString(),
    days: series,
    byAgent: byCredits(
      consumedBy('agent').map((row) => ({ agentId: row.agent_id!, name: row.name!, credits: Number(row.consumed) })),
      (item) => item.name,
    ),
    byType: byCredits(
      groups
        .filter((row) => row.kind === 'type')
        .map((row) => ({
          type: row.type!,
          credits: Number(row.moved),
          net: Number(row.net),
          count: Number(row.count),
        })),
      (item) => item.type,
    ),
    byOperation: byCredits(
      consumedBy('operation').map((row) => ({ operation: row.operation!, credits: Number(row.consumed) })),
      (item) => item.operation,
    ),
  };
}

/** 409 `CREDITS_INSUFFICIENT`: an admin's change would take a balance below zero. */
const insufficient = (bucket: 'included' | 'purchased', left: number, amount: number) =>
  new ApiError(
    409,
    `The ${bucket} balance has ${left} credit${left === 1 ? '' : 's'} left: a change of ${amount} would take it below zero`,
    ErrorCode.creditsInsufficient,
  );

/**
 * An admin's `grant` (purchased credits, positive) or `adjustment` (the balance in `bucket`,
 * either way), recorded with the admin and the note, in one transaction.
 */
export async function createAdjustment(
  ctx: Ctx,
  actor: Actor,
  input: CreateCreditAdjustmentInput,
): Promise<CreditTransaction> {
  const { principal } = actor;
  const company = billingCompany(principal);
  if (input.type === 'grant') {
    if (input.bucket === 'included') throw invalidField('bucket', 'a grant always adds purchased credits');
    if (input.amount < 0) throw invalidField('amount', 'a grant adds credits: it must be positive');
  } else if (!input.bucket) {
    throw invalidField('bucket', 'is required for an adjustment: included or purchased');
  }
  const bucket = input.type === 'grant' ? 'purchased' : input.bucket!;
  const change =
    bucket === 'included' ? { included: input.amount, purchased: 0 } : { included: 0, purchased: input.amount };
  const row = await ctx.db.transaction(async (tx: Executor): Promise<CreditTransactionRow> => {
    const applied = await applyCreditTransaction(
      tx,
      actor,
      company.id,
      { type: input.type, change, adminUserId: principal.user.id, note: input.note },
      creditPrices(ctx),
    );
    if (applied) return applied;
    const account = await findAccount(tx, company.id);
    if (!account) throw notFound('The company has no credit account');
    throw insufficient(bucket, account[bucket], input.amount);
  });
  return presentTransaction(row);
}
