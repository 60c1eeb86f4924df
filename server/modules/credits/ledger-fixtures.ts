/**
 * Test data for the ledger's API tests: agents with tokens, movements written by the ledger's one
 * writer, and long ledgers written in one statement.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { agents, companies, creditAccounts, creditTransactions, events, subscriptions } from '../../db/schema.ts';
import type { TestApp } from '../../test/harness.ts';
import type { Principal } from '../../types.ts';
import { applyCreditTransaction, type CreditMovement, openCreditAccount } from './ledger.ts';

/** An agent of the company (its responsible person: `managerId`) with a token, and its principal. */
export async function createAgentWithToken(t: TestApp, companyId: string, managerId: string, adminToken: string) {
  const [agent] = await t.ctx.db
    .insert(agents)
    .values({ companyId, name: t.unique('Agent'), managerKind: 'human', managerId })
    .returning();
  const minted = await t.call('POST', `/agents/${agent!.id}/tokens`, { token: adminToken, body: { name: 'runner' } });
  expect(minted.status, JSON.stringify(minted.body)).toBe(201);
  const token = minted.body.secret as string;
  const principal: Principal = await t.ctx.auth.authenticate(`Bearer ${token}`);
  return { agent: agent!, token, principal };
}

/** Writes movements in order, each in its own transaction, without events (as a seed does). */
export async function move(t: TestApp, companyId: string, ...movements: CreditMovement[]) {
  const written = [];
  for (const movement of movements) {
    const row = await t.ctx.db.transaction((tx) => applyCreditTransaction(tx, null, companyId, movement));
    expect(row, `${movement.type} was refused`).not.toBeNull();
    written.push(row!);
  }
  return written;
}

/** A company whose account (and trial grant) was opened at `openedAt`. */
export async function createCompanyOpenedAt(t: TestApp, openedAt: Date) {
  return t.ctx.db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({ name: t.unique('Company') })
      .returning();
    await openCreditAccount(tx, company!.id, openedAt);
    return company!;
  });
}

/**
 * Appends `count` grants of 1 purchased credit each (notes `bulk <seq>`) to the company's ledger in
 * one statement, numbered and balanced as the writer would: a long ledger without a long wait.
 */
export async function appendGrants(t: TestApp, companyId: string, count: number) {
  await t.ctx.db.transaction(async (tx) => {
    const [account] = await tx
      .select()
      .from(creditAccounts)
      .where(eq(creditAccounts.companyId, companyId))
      .for('update');
    const { lastSeq, included, purchased } = account!;
    await tx.execute(sql`
      insert into credit_transactions (company_id, seq, type, amount, included_change, purchased_change,
        balance_after_included, balance_after_purchased, note, created_at)
      select ${companyId}, ${lastSeq}::bigint + n, 'grant', 1, 0, 1, ${included}, ${purchased} + n, 'bulk ' || (${lastSeq}::bigint + n),
        now() - interval '1 hour' + n * interval '1 millisecond'
      from generate_series(1, ${count}) as n`);
    await tx
      .update(creditAccounts)
      .set({ lastSeq: lastSeq + count, purchased: purchased + count })
      .where(eq(creditAccounts.companyId, companyId));
  });
}

/** Replays the company's ledger from row 1: every stored balance, seq without gaps, the account as the last row. */
export async function expectLedgerReconciles(t: TestApp, companyId: string) {
  const ledger = await t.ctx.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.companyId, companyId))
    .orderBy(creditTransactions.seq);
  let included = 0;
  let purchased = 0;
  ledger.forEach((row, index) => {
    expect(row.seq).toBe(index + 1);
    expect(row.includedChange + row.purchasedChange).toBe(row.amount);
    included += row.includedChange;
    purchased += row.purchasedChange;
    expect([row.seq, row.balanceAfterIncluded, row.balanceAfterPurchased]).toEqual([row.seq, included, purchased]);
    expect(included).toBeGreaterThanOrEqual(0);
    expect(purchased).toBeGreaterThanOrEqual(0);
  });
  const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  expect(account).toMatchObject({ included, purchased, lastSeq: ledger.length });
  return ledger;
}

/** The company's ledger, oldest first. */
export const ledgerOf = (t: TestApp, companyId: string) =>
  t.ctx.db
    .select()
    .from(creditTransactions)
    .where(eq(creditTransactions.companyId, companyId))
    .orderBy(asc(creditTransactions.seq));

/** The company's subscription row. */
export const subscriptionOf = async (t: TestApp, companyId: string) =>
  (await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId)))[0]!;

/** The company's credit account row. */
export const accountOf = async (t: TestApp, companyId: string) =>
  (await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId)))[0]!;

/** The company's recorded events of one type, oldest first, with their data parsed. */
export const eventsOf = async (t: TestApp, companyId: string, type: string) =>
  (
    await t.ctx.db
      .select()
      .from(events)
      .where(and(eq(events.companyId, companyId), eq(events.type, type)))
      .orderBy(asc(events.id))
  ).map((row) => ({ ...row, data: JSON.parse(row.payload) }));
