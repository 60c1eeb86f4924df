import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { applyTransaction } from './mutations';
import { billingQueries, LEDGER_PAGE, ledgerRows, nextLedgerPage } from './queries';
import type { CreditTransaction } from './types';

const AGENT = '00000000-0000-4000-8000-00000000a9e1';

function row(seq: number, changes: Partial<CreditTransaction> = {}): CreditTransaction {
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, '0')}`,
    companyId: '00000000-0000-4000-8000-00000000c0c0',
    seq,
    type: 'consumption',
    amount: -1,
    includedChange: -1,
    purchasedChange: 0,
    balanceAfterIncluded: 1000 - seq,
    balanceAfterPurchased: 0,
    agentId: AGENT,
    createdAt: '2026-11-26T09:00:00.000Z',
    ...changes,
  };
}

const page = (from: number, count: number) => Array.from({ length: count }, (_, index) => row(from - index));

describe('ledger paging', () => {
  it('asks for the next page until a short one', () => {
    const full = page(250, LEDGER_PAGE);
    expect(nextLedgerPage(full, [full])).toBe(2);
    expect(nextLedgerPage(full, [full, full])).toBe(3);
    expect(nextLedgerPage(page(50, 50), [full, page(50, 50)])).toBeUndefined();
    expect(nextLedgerPage([], [[]])).toBeUndefined();
  });

  it('shows each row once, newest first, when pages shifted under rows added meanwhile', () => {
    // Two rows arrived between reading page 1 and page 2: page 2 starts with the last two of page 1.
    const rows = ledgerRows([page(200, 100), page(102, 100)]);
    expect(rows).toHaveLength(198);
    expect(rows[0]!.seq).toBe(200);
    expect(rows.at(-1)!.seq).toBe(3);
    expect(new Set(rows.map((item) => item.id)).size).toBe(rows.length);
  });
});

describe('a transaction arriving', () => {
  it('goes on top of every loaded ledger whose filters it matches, once', () => {
    const client = new QueryClient();
    const all = billingQueries.ledger({}).queryKey;
    const mine = billingQueries.ledger({ agentId: AGENT, type: 'consumption' }).queryKey;
    const grants = billingQueries.ledger({ type: 'grant' }).queryKey;
    for (const key of [all, mine, grants])
      client.setQueryData(key, { pages: [key === grants ? [] : page(10, 10)], pageParams: [1] });

    const incoming = row(11);
    applyTransaction(client, incoming);
    applyTransaction(client, incoming);

    expect(
      client
        .getQueryData(all)!
        .pages[0]!.map((item) => item.seq)
        .slice(0, 2),
    ).toEqual([11, 10]);
    expect(client.getQueryData(mine)!.pages[0]).toHaveLength(11);
    expect(client.getQueryData(grants)!.pages[0]).toEqual([]);
  });
});
