import { readFileSync } from 'node:fs';
import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { agents, cards, creditAccounts, creditTransactions, projects, subscriptions, users } from '../schema.ts';
import { DEMO_CREDITS, planDemoLedger, seedDemoCredits, writeLargeLedger, type DemoLedgerRow } from './credits.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';

const t = useTestApp();
const DAY = 86_400_000;
const TYPES = ['trial_grant', 'subscription_grant', 'purchase', 'grant', 'adjustment', 'consumption'];
const contract = JSON.parse(readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8')) as {
  paths: Record<string, Record<string, { operationId?: string }>>;
};
const operationIds = new Set(
  Object.values(contract.paths).flatMap((operations) => Object.values(operations).map((op) => op.operationId)),
);

type LedgerRow = Pick<
  DemoLedgerRow,
  | 'seq'
  | 'type'
  | 'amount'
  | 'includedChange'
  | 'purchasedChange'
  | 'balanceAfterIncluded'
  | 'balanceAfterPurchased'
  | 'createdAt'
>;

/**
 * Replays a ledger from row 1: numbered 1..n without gaps, in time order, each row's balances the
 * previous ones plus its changes, never below zero, consumption drawing included credits first.
 * The problems found (none, when it reconciles).
 */
function replay(ledger: LedgerRow[]): string[] {
  const problems: string[] = [];
  let included = 0;
  let purchased = 0;
  let previous = 0;
  for (const [index, row] of ledger.entries()) {
    const at = row.createdAt!.getTime();
    if (row.seq !== index + 1) problems.push(`row ${index + 1} is numbered ${row.seq}`);
    if (row.amount !== row.includedChange + row.purchasedChange) problems.push(`row ${row.seq}: amount`);
    if (at < previous) problems.push(`row ${row.seq} is older than the one before`);
    previous = at;
    // Included first: purchased credits only for what included ones could not pay.
    if (row.type === 'consumption' && (row.amount >= 0 || -row.includedChange !== Math.min(included, -row.amount))) {
      problems.push(`row ${row.seq}: consumption not drawn included first`);
    }
    included += row.includedChange;
    purchased += row.purchasedChange;
    if (row.balanceAfterIncluded !== included || row.balanceAfterPurchased !== purchased) {
      problems.push(
        `row ${row.seq}: balances ${row.balanceAfterIncluded}/${row.balanceAfterPurchased}, replayed ${included}/${purchased}`,
      );
    }
    if (included < 0 || purchased < 0) problems.push(`row ${row.seq}: below zero`);
  }
  return problems;
}

describe('the demo credits', () => {
  it('give the demo company 90 days of ledger that reconciles, every type, and a healthy balance, once', async () => {
    const before = Date.now();
    expect(await seedDemo(t.ctx.db)).toContain('demo credits');
    expect(await seedDemo(t.ctx.db)).not.toContain('demo credits');
    const [ada] = await t.ctx.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin));
    const companyId = ada!.companyId!;
    const ledger = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.companyId, companyId))
      .orderBy(asc(creditTransactions.seq));

    expect(replay(ledger)).toEqual([]);
    expect(ledger.length).toBeGreaterThan(2_000);
    expect(ledger.length).toBeLessThan(10_000);
    const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
    const last = ledger.at(-1)!;
    expect(account).toMatchObject({
      included: last.balanceAfterIncluded,
      purchased: last.balanceAfterPurchased,
      lastSeq: last.seq,
      lowThreshold: 1_000,
    });
    expect(new Set(ledger.map((row) => row.type))).toEqual(new Set(TYPES));

    // 90 days: the trial grant opens it, agents worked until the last day.
    expect(ledger[0]).toMatchObject({ type: 'trial_grant', amount: 1_000 });
    const days = (before - ledger[0]!.createdAt.getTime()) / DAY;
    expect(days).toBeGreaterThan(89);
    expect(days).toBeLessThanOrEqual(91);
    expect(last.createdAt.getTime()).toBeLessThanOrEqual(Date.now());
    const consumption = ledger.filter((row) => row.type === 'consumption');
    expect(before - consumption.at(-1)!.createdAt.getTime()).toBeLessThan(3 * DAY);

    // Renewals: each period's unused included credits expire, then the Team plan's grant.
    const grants = ledger.filter((row) => row.type === 'subscription_grant');
    expect(grants.length).toBeGreaterThanOrEqual(2);
    for (const grant of grants) {
      expect(grant).toMatchObject({ amount: 10_000, includedChange: 10_000, balanceAfterIncluded: 10_000 });
      const previous = ledger[grant.seq - 2]!;
      if (previous.type === 'adjustment') {
        expect(previous).toMatchObject({ purchasedChange: 0, balanceAfterIncluded: 0, adminUserId: null });
        expect(previous.note).toMatch(/^Unused included credits of the period .* expired$/);
      } else {
        expect(previous.balanceAfterIncluded).toBe(0);
      }
    }
    // The pack: no payment provider behind it, so no provider ids; the admin's grant, with a note.
    const [purchase, ...more] = ledger.filter((row) => row.type === 'purchase');
    expect(more).toEqual([]);
    expect(purchase).toMatchObject({
      amount: 5_000,
      purchasedChange: 5_000,
      paymentCheckoutSessionId: null,
      paymentInvoiceId: null,
      note: DEMO_CREDITS.purchaseNote,
    });
    const daysAgo = (row: { createdAt: Date }) => (before - row.createdAt.getTime()) / DAY;
    expect(daysAgo(purchase!)).toBeGreaterThan(39);
    expect(daysAgo(purchase!)).toBeLessThan(41);
    const [grant] = ledger.filter((row) => row.type === 'grant');
    expect(grant).toMatchObject({ adminUserId: ada!.id, purchasedChange: DEMO_CREDITS.grantCredits });
    expect(grant!.note!.length).toBeGreaterThan(10);
    expect(daysAgo(grant!)).toBeGreaterThan(19);
    expect(daysAgo(grant!)).toBeLessThan(21);

    // The agents' work: writes (1) and replies (5) of real operations by the company's agents, on
    // the demo boards' cards; more on weekdays than at weekends, mostly in working hours.
    const agentRows = await t.ctx.db.select().from(agents).where(eq(agents.companyId, companyId));
    const agentIds = new Set(agentRows.map((agent) => agent.id));
    const cardRows = await t.ctx.db
      .select({ id: cards.id })
      .from(cards)
      .innerJoin(projects, eq(projects.id, cards.projectId))
      .where(eq(projects.companyId, companyId));
    const cardIds = new Set(cardRows.map((card) => card.id));
    for (const row of consumption) {
      expect([-1, -5]).toContain(row.amount);
      expect(operationIds.has(row.operation!), row.operation!).toBe(true);
      expect(row.amount === -5).toBe(row.operation === 'postAgentMessage');
      expect(agentIds.has(row.agentId!)).toBe(true);
      if (row.cardId) expect(cardIds.has(row.cardId)).toBe(true);
    }
    expect(new Set(consumption.map((row) => row.agentId)).size).toBeGreaterThanOrEqual(5);
    expect(consumption.filter((row) => row.cardId).length).toBeGreaterThan(100);
    const perDay = new Map<string, number>();
    for (const row of consumption) {
      const day = row.createdAt.toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
    }
    const average = (weekend: boolean) => {
      const counts = [...perDay.entries()]
        .filter(([day]) => [0, 6].includes(new Date(day).getUTCDay()) === weekend)
        .map(([, n]) => n);
      return counts.reduce((sum, n) => sum + n, 0) / counts.length;
    };
    expect(average(false)).toBeGreaterThan(4 * average(true));
    const working = consumption.filter((row) => row.createdAt.getUTCHours() >= 7 && row.createdAt.getUTCHours() < 19);
    expect(working.length / consumption.length).toBeGreaterThan(0.9);
    // The launch push used up a period's included credits: purchased ones paid for the rest.
    expect(consumption.some((row) => row.purchasedChange < 0)).toBe(true);

    // What Ada sees: the Team plan, active, in a period that ends in the future; a balance that is
    // neither low nor exhausted, as the ledger's last row says.
    const token = await t.signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const balance = await t.call('GET', '/subscriptions/credits/balance', { token });
    expect(balance.body).toMatchObject({
      included: last.balanceAfterIncluded,
      purchased: last.balanceAfterPurchased,
      low: false,
      exhausted: false,
    });
    expect(balance.body.available).toBeGreaterThan(5_000);
    const [subscription] = await t.ctx.db.select().from(subscriptions).where(eq(subscriptions.companyId, companyId));
    expect(subscription).toMatchObject({ planId: 'team', status: 'active', cancelAtPeriodEnd: false });
    expect(subscription!.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
    expect(subscription!.currentPeriodStart.getTime()).toBe(grants.at(-1)!.createdAt.getTime());
    const page = await t.call('GET', '/subscriptions/credits/transactions?page=1&limit=5', { token });
    expect(page.body.map((row: { seq: number }) => row.seq)).toEqual([0, 1, 2, 3, 4].map((n) => last.seq - n));
  });

  it('replace a ledger that holds only its trial grant (a company from before credits), and nothing more', async () => {
    const org = await t.createOrg();
    expect(await t.ctx.db.transaction((tx) => seedDemoCredits(tx, org.company.id))).toBe(true);
    const ledger = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.companyId, org.company.id))
      .orderBy(asc(creditTransactions.seq));
    expect(replay(ledger)).toEqual([]);
    expect(ledger[0]!.createdAt.getTime()).toBeLessThan(Date.now() - 89 * DAY);
    expect(await t.ctx.db.transaction((tx) => seedDemoCredits(tx, org.company.id))).toBe(false);
  });

  it('end healthy, with every type, whatever the day it is seeded', () => {
    const agentList = ['Cafébot', 'Triage', 'Scribe', 'Forecaster', 'Shipwright', 'Watchtower'].map((name, n) => ({
      id: `agent-${n}`,
      name,
    }));
    for (const day of ['2026-01-31', '2026-02-28', '2026-03-01', '2026-03-31', '2026-07-04', '2026-12-25']) {
      const now = new Date(`${day}T23:30:00Z`);
      const { rows: ledger, periodStart } = planDemoLedger({
        companyId: 'company',
        now,
        adminUserId: 'ada',
        agents: agentList,
        cards: [],
        sessions: [],
      });
      expect(replay(ledger)).toEqual([]);
      expect(new Set(ledger.map((row) => row.type)), day).toEqual(new Set(TYPES));
      const last = ledger.at(-1)!;
      expect(last.balanceAfterIncluded + last.balanceAfterPurchased, day).toBeGreaterThan(5_000);
      expect(periodStart.getTime()).toBeLessThan(now.getTime());
      expect(now.getTime() - periodStart.getTime()).toBeLessThan(31 * DAY);
    }
  });
});

describe('the large ledger', () => {
  it('reconciles over its statements, with included credits drawn first, and sets the account and plan', async () => {
    const org = await t.createOrg();
    const bots = await t.ctx.db
      .insert(agents)
      .values(Array.from({ length: 8 }, (_, n) => ({ companyId: org.company.id, name: `Ledger bot ${n}` })))
      .returning();
    // At the large seed's density (2,778 rows a day): the trial runs out of its included credits,
    // the purchased ones take over, the first period's grant follows, each special row comes up.
    await t.ctx.db.transaction((tx) =>
      writeLargeLedger(tx, org.company.id, {
        adminUserId: org.admin.id,
        agentIds: bots.map((bot) => bot.id),
        transactions: 45_000,
        days: 16.2,
        batch: 16_000,
      }),
    );
    const ledger = await t.ctx.db
      .select()
      .from(creditTransactions)
      .where(eq(creditTransactions.companyId, org.company.id))
      .orderBy(asc(creditTransactions.seq));
    expect(ledger).toHaveLength(45_000);
    expect(replay(ledger)).toEqual([]);
    expect(new Set(ledger.map((row) => row.type))).toEqual(new Set(TYPES));
    expect(ledger.filter((row) => row.type === 'subscription_grant')).toHaveLength(1);
    const consumption = ledger.filter((row) => row.type === 'consumption');
    expect(consumption.some((row) => row.purchasedChange < 0)).toBe(true);
    expect(new Set(consumption.map((row) => row.agentId)).size).toBe(8);
    for (const row of ledger.filter((row) => ['grant', 'adjustment'].includes(row.type))) {
      expect(row.adminUserId).toBe(org.admin.id);
      expect(row.note).toBeTruthy();
    }
    const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, org.company.id));
    const last = ledger.at(-1)!;
    expect(account).toMatchObject({
      included: last.balanceAfterIncluded,
      purchased: last.balanceAfterPurchased,
      lastSeq: 45_000,
    });
    const [subscription] = await t.ctx.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.companyId, org.company.id));
    expect(subscription).toMatchObject({ planId: 'business', status: 'active' });
    expect(subscription!.currentPeriodEnd.getTime()).toBeGreaterThan(Date.now());
  }, 120_000);
});
