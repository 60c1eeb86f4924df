import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { creditAccounts, creditTransactions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { applyCreditTransaction } from './ledger.ts';

const t = useTestApp();

describe('the ledger writer', () => {
  it('opens a company with a numbered trial grant and draws consumption from included credits first', async () => {
    const company = await t.createCompany();
    const system = { system: { companyId: company.id } };
    const purchase = await applyCreditTransaction(t.ctx.db, system, company.id, {
      type: 'purchase',
      change: { included: 0, purchased: 500 },
    });
    expect(purchase).toMatchObject({ seq: 2, amount: 500, balanceAfterIncluded: 1000, balanceAfterPurchased: 500 });
    const first = await applyCreditTransaction(t.ctx.db, system, company.id, {
      type: 'consumption',
      change: { cost: 900 },
    });
    expect(first).toMatchObject({
      seq: 3,
      amount: -900,
      includedChange: -900,
      purchasedChange: 0,
      balanceAfterIncluded: 100,
      balanceAfterPurchased: 500,
    });
    const second = await applyCreditTransaction(t.ctx.db, system, company.id, {
      type: 'consumption',
      change: { cost: 300 },
    });
    expect(second).toMatchObject({
      seq: 4,
      amount: -300,
      includedChange: -100,
      purchasedChange: -200,
      balanceAfterIncluded: 0,
      balanceAfterPurchased: 300,
    });
    // More than is left: nothing is written.
    expect(
      await applyCreditTransaction(t.ctx.db, system, company.id, { type: 'consumption', change: { cost: 301 } }),
    ).toBeNull();
    const rows = await t.ctx.db
      .select({ seq: creditTransactions.seq, type: creditTransactions.type })
      .from(creditTransactions)
      .where(eq(creditTransactions.companyId, company.id))
      .orderBy(creditTransactions.seq);
    expect(rows.map((row) => row.type)).toEqual(['trial_grant', 'purchase', 'consumption', 'consumption']);
    const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, company.id));
    expect(account).toMatchObject({ included: 0, purchased: 300, lastSeq: 4 });
  });
});
