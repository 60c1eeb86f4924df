/**
 * Credits in the seeds (issue 17).
 *
 * - `seedDemoCredits`: the demo company's last 90 days — a trial, then the Team plan renewed each
 *   month (the unused included credits expiring, then the period's grant), a credit pack bought
 *   40 days ago (no payment provider: no invented provider ids), a goodwill grant by Ada 20 days
 *   ago, and its agents' work: a few thousand `consumption` rows, busy on weekdays in working
 *   hours, quiet at weekends, each a write (1 credit) or a reply (5) of a real operation, on the
 *   demo boards' cards (and the agent's sessions, where there are any). The balances are computed
 *   here and the rows written in batches, numbered 1..n: the ledger reconciles as one written
 *   movement by movement would (`applyCreditTransaction`), and ends with a healthy balance.
 * - `seedLargeLedger` (`SEED=large`): 1,000,000 transactions for the Large Org, for the ledger
 *   benchmarks (bench/credits.ts), written by a few `generate_series` statements whose balances
 *   are running sums of changes computed arithmetically (included first, as the ledger does).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Executor } from '../client.ts';
import { rows } from '../rows.ts';
import {
  agents,
  agentSessions,
  cards,
  creditAccounts,
  creditTransactions,
  type creditTransactionType,
  projects,
  subscriptions,
  users,
} from '../schema.ts';
import { addPeriod, CREDIT_PACKS, lowThreshold, PLANS, TRIAL } from '../../lib/credit-plans.ts';

type CreditTransactionType = (typeof creditTransactionType.enumValues)[number];

const DAY = 86_400_000;

export const DEMO_CREDITS = {
  /** How far back the demo ledger goes. */
  days: 90,
  planId: 'team',
  /** The pack bought (no payment provider in the demo: no checkout or invoice ids). */
  pack: 'pack_5000',
  purchaseDaysAgo: 40,
  purchaseNote: 'Credit pack 5,000 (demo data: no payment provider)',
  /** Ada's goodwill grant (purchased bucket, kept until used). */
  grantDaysAgo: 20,
  grantCredits: 500,
  grantNote: 'Goodwill credits: Triage re-ran the weekday triage while the Slack connection was failing',
  prices: { reply: 5, write: 1 },
} as const;

/** The demo boards (server/db/seed/boards.ts) whose cards the agents' work is linked to. */
const DEMO_BOARDS = ['Café roadmap', 'Support operations'];

type Kind = 'reply' | 'write';
/** What each demo agent does, as operations of the API with their weights. */
const AGENT_WORK: Record<string, { share: number; board: string; ops: [string, number][] }> = {
  Cafébot: {
    share: 0.3,
    board: 'Support operations',
    ops: [
      ['postAgentMessage', 70],
      ['createCardComment', 18],
      ['updateCard', 12],
    ],
  },
  Triage: {
    share: 0.24,
    board: 'Support operations',
    ops: [
      ['updateCard', 30],
      ['moveCard', 25],
      ['createCardComment', 15],
      ['postAgentMessage', 30],
    ],
  },
  Scribe: {
    share: 0.15,
    board: 'Café roadmap',
    ops: [
      ['postAgentMessage', 50],
      ['createFileNode', 20],
      ['completeUpload', 20],
      ['updateAgentSession', 10],
    ],
  },
  Shipwright: {
    share: 0.15,
    board: 'Café roadmap',
    ops: [
      ['updateCard', 25],
      ['moveCard', 25],
      ['createCardComment', 20],
      ['postAgentMessage', 30],
    ],
  },
  Watchtower: {
    share: 0.08,
    board: 'Café roadmap',
    ops: [
      ['reportWebhookDelivery', 50],
      ['createCardComment', 25],
      ['postAgentMessage', 25],
    ],
  },
  Forecaster: {
    share: 0.08,
    board: 'Support operations',
    ops: [
      ['postAgentMessage', 50],
      ['updateCard', 25],
      ['createCardComment', 25],
    ],
  },
};
const CARD_OPERATIONS = new Set(['updateCard', 'moveCard', 'createCardComment']);
/** Forecaster finished its work (it is `completed`) this many days ago. */
const FORECASTER_DONE_DAYS_AGO = 50;

/** A small deterministic generator (mulberry32): the same history on every seed. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A period as the ledger's notes name it (as modules/credits/subscription-service.ts does). */
const periodLabel = (start: Date, end: Date) =>
  `${start.toISOString().slice(0, 10)} – ${end.toISOString().slice(0, 10)}`;

type Movement = {
  at: Date;
  type: CreditTransactionType;
  /** Consumption: what it costs (drawn included first). Otherwise the change to each balance. */
  cost?: number;
  included?: number;
  purchased?: number;
  /** A period's start: the last period's unused included credits expire first (computed when replaying). */
  renewal?: { previousStart: Date };
  agentId?: string;
  agentSessionId?: string | null;
  cardId?: string | null;
  operation?: string;
  adminUserId?: string;
  note?: string;
};

export type DemoLedgerRow = typeof creditTransactions.$inferInsert;

/** The facts of the company the history is made of (read from the database by `seedDemoCredits`). */
export type DemoCreditsInput = {
  companyId: string;
  now: Date;
  adminUserId: string | null;
  agents: { id: string; name: string }[];
  cards: { id: string; board: string; assigneeId: string | null; createdAt: Date }[];
  sessions: { id: string; agentId: string; createdAt: Date }[];
};

/**
 * The demo ledger, in time order, with every balance computed: pure, so the test can check it
 * for any day the seed might run. Returns the rows and the current period's start.
 */
export function planDemoLedger(input: DemoCreditsInput): {
  rows: DemoLedgerRow[];
  periodStart: Date;
  trialStart: Date;
} {
  const { now, companyId } = input;
  const next = random(17);
  const dayStart = (daysAgo: number) => {
    const day = new Date(now.getTime() - daysAgo * DAY);
    return Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate());
  };
  const at = (daysAgo: number, hour: number, minute: number) =>
    new Date(dayStart(daysAgo) + hour * 3_600_000 + minute * 60_000);
  const trialStart = at(DEMO_CREDITS.days, 9, 4);
  const movements: Movement[] = [
    {
      at: trialStart,
      type: 'trial_grant',
      included: TRIAL.credits,
      purchased: 0,
      note: `Trial credits (${TRIAL.days} days)`,
    },
  ];

  // The trial ends after 14 days: the Team plan from then on, renewed monthly.
  const plan = PLANS[DEMO_CREDITS.planId];
  let periodStart = new Date(trialStart.getTime() + TRIAL.days * DAY);
  let previousStart = trialStart;
  for (;;) {
    const end = addPeriod(periodStart);
    movements.push({
      at: periodStart,
      type: 'subscription_grant',
      renewal: { previousStart },
      included: plan.monthlyCredits,
      purchased: 0,
      note: `${plan.name} plan: credits for ${periodLabel(periodStart, end)}`,
    });
    if (end.getTime() > now.getTime()) break;
    previousStart = periodStart;
    periodStart = end;
  }

  const pack = CREDIT_PACKS.find((candidate) => candidate.id === DEMO_CREDITS.pack)!;
  movements.push({
    at: at(DEMO_CREDITS.purchaseDaysAgo, 14, 23),
    type: 'purchase',
    included: 0,
    purchased: pack.credits,
    note: DEMO_CREDITS.purchaseNote,
  });
  if (input.adminUserId) {
    movements.push({
      at: at(DEMO_CREDITS.grantDaysAgo, 10, 12),
      type: 'grant',
      included: 0,
      purchased: DEMO_CREDITS.grantCredits,
      adminUserId: input.adminUserId,
      note: DEMO_CREDITS.grantNote,
    });
  }

  // The agents' work, day by day.
  const known = input.agents.filter((agent) => AGENT_WORK[agent.name]);
  const cardsByBoard = new Map<string, DemoCreditsInput['cards']>();
  for (const card of input.cards) cardsByBoard.set(card.board, [...(cardsByBoard.get(card.board) ?? []), card]);
  const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
  const weighted = (ops: [string, number][]) => {
    const total = ops.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = next() * total;
    for (const [op, weight] of ops) if ((roll -= weight) < 0) return op;
    return ops.at(-1)![0];
  };
  for (let daysAgo = DEMO_CREDITS.days; daysAgo >= 0; daysAgo--) {
    const weekday = new Date(dayStart(daysAgo)).getUTCDay();
    const weekend = weekday === 0 || weekday === 6;
    const age = DEMO_CREDITS.days - daysAgo;
    // Adoption: a slow trial, then more agents at work; a launch push 38–23 days ago (it used up
    // that period's included credits: the rest came from the pack bought 40 days ago).
    const adoption = age < TRIAL.days ? 0.2 : Math.min(1, 0.55 + (age - TRIAL.days) * 0.02);
    const push = daysAgo <= 38 && daysAgo >= 23 ? 3.3 : 1;
    const rhythm = weekend ? (weekday === 6 ? 0.14 : 0.08) : weekday === 1 ? 1.1 : weekday === 5 ? 0.85 : 1;
    const count = Math.round(80 * adoption * push * rhythm * (0.85 + next() * 0.3));
    const working = known.filter((agent) => agent.name !== 'Forecaster' || daysAgo > FORECASTER_DONE_DAYS_AGO);
    const shares = working.map((agent) => AGENT_WORK[agent.name]!.share);
    const totalShare = shares.reduce((sum, share) => sum + share, 0);
    for (let n = 0; n < count && working.length > 0; n++) {
      let roll = next() * totalShare;
      const agent = working.find((_, index) => (roll -= shares[index]!) < 0) ?? working[0]!;
      const work = AGENT_WORK[agent.name]!;
      // Working hours (UTC, the office is in Lisbon and Berlin): mornings and early afternoons
      // busiest; Watchtower's alerts come at any hour.
      const hour =
        agent.name === 'Watchtower' && next() < 0.4
          ? Math.floor(next() * 24)
          : Math.min(17, 7 + Math.floor(((next() + next() + next()) / 3) * 11));
      const when = new Date(dayStart(daysAgo) + hour * 3_600_000 + Math.floor(next() * 3_600_000));
      if (when.getTime() > now.getTime() || when.getTime() <= trialStart.getTime()) continue;
      const operation = weighted(work.ops);
      const kind: Kind = operation === 'postAgentMessage' ? 'reply' : 'write';
      let cardId: string | null = null;
      if (CARD_OPERATIONS.has(operation)) {
        const candidates = (cardsByBoard.get(work.board) ?? []).filter((card) => card.createdAt < when);
        const own = candidates.filter((card) => card.assigneeId === agent.id);
        const from = own.length > 0 && next() < 0.6 ? own : candidates;
        cardId = from.length > 0 ? pick(from).id : null;
      }
      let agentSessionId: string | null = null;
      if (operation === 'postAgentMessage') {
        const sessions = input.sessions.filter((session) => session.agentId === agent.id && session.createdAt < when);
        agentSessionId = sessions.length > 0 ? pick(sessions).id : null;
      }
      movements.push({
        at: when,
        type: 'consumption',
        cost: DEMO_CREDITS.prices[kind],
        agentId: agent.id,
        operation,
        cardId,
        agentSessionId,
      });
    }
    // Triage's weekday schedule (09:00 in Berlin), which reports its run: the last two weeks.
    const triage = known.find((agent) => agent.name === 'Triage');
    if (triage && !weekend && daysAgo <= 14) {
      const when = at(daysAgo, 8, 0);
      when.setUTCSeconds(40);
      if (when.getTime() < now.getTime())
        movements.push({
          at: when,
          type: 'consumption',
          cost: DEMO_CREDITS.prices.write,
          agentId: triage.id,
          operation: 'reportCronRun',
        });
    }
  }

  // Replay in time order, as the ledger's one writer would: numbered, the balances after each.
  movements.sort((a, b) => a.at.getTime() - b.at.getTime());
  const ledger: DemoLedgerRow[] = [];
  let included = 0;
  let purchased = 0;
  const push = (movement: Movement, includedChange: number, purchasedChange: number, extra: Partial<DemoLedgerRow>) => {
    included += includedChange;
    purchased += purchasedChange;
    ledger.push({
      companyId,
      seq: ledger.length + 1,
      type: movement.type,
      amount: includedChange + purchasedChange,
      includedChange,
      purchasedChange,
      balanceAfterIncluded: included,
      balanceAfterPurchased: purchased,
      agentId: movement.agentId ?? null,
      agentSessionId: movement.agentSessionId ?? null,
      cardId: movement.cardId ?? null,
      operation: movement.operation ?? null,
      adminUserId: movement.adminUserId ?? null,
      note: movement.note ?? null,
      createdAt: movement.at,
      ...extra,
    });
  };
  for (const movement of movements) {
    if (movement.type === 'consumption') {
      const cost = movement.cost!;
      // Not enough credits: the work would have been refused (402), and nothing written.
      if (included + purchased < cost) continue;
      const fromIncluded = Math.min(included, cost);
      push(movement, -fromIncluded, -(cost - fromIncluded), {});
      continue;
    }
    if (movement.renewal && included > 0) {
      push({ at: movement.at, type: 'adjustment' }, -included, 0, {
        note: `Unused included credits of the period ${periodLabel(movement.renewal.previousStart, movement.at)} expired`,
      });
    }
    push(movement, movement.included ?? 0, movement.purchased ?? 0, {});
  }
  return { rows: ledger, periodStart, trialStart };
}

/**
 * Seeds the demo company's credits once: its subscription (Team, active, the current period
 * started about two weeks ago) and 90 days of ledger (see the top of this file). A company whose
 * ledger holds only its trial grant (a company seeded before credits existed: the migration gave
 * it one) gets the history in its place; one with more is left alone. Call it after the demo
 * organization, so every demo agent is there. Returns whether it seeded.
 */
export async function seedDemoCredits(tx: Executor, companyId: string, now = new Date()): Promise<boolean> {
  const [account] = await tx
    .select({ lastSeq: creditAccounts.lastSeq })
    .from(creditAccounts)
    .where(eq(creditAccounts.companyId, companyId));
  if (account && account.lastSeq > 1) return false;
  await tx.delete(creditTransactions).where(eq(creditTransactions.companyId, companyId));
  await tx.delete(subscriptions).where(eq(subscriptions.companyId, companyId));
  await tx.delete(creditAccounts).where(eq(creditAccounts.companyId, companyId));

  const [admin] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, companyId), eq(users.role, 'admin')))
    .orderBy(asc(users.joinedCompanyAt))
    .limit(1);
  const agentRows = await tx
    .select({ id: agents.id, name: agents.name })
    .from(agents)
    .where(eq(agents.companyId, companyId));
  const cardRows = await tx
    .select({ id: cards.id, board: projects.name, assigneeId: cards.assigneeId, createdAt: cards.createdAt })
    .from(cards)
    .innerJoin(projects, eq(projects.id, cards.projectId))
    .where(and(eq(projects.companyId, companyId), inArray(projects.name, DEMO_BOARDS)));
  const sessionRows = await tx
    .select({ id: agentSessions.id, agentId: agentSessions.agentId, createdAt: agentSessions.createdAt })
    .from(agentSessions)
    .where(eq(agentSessions.companyId, companyId));

  const {
    rows: ledger,
    periodStart,
    trialStart,
  } = planDemoLedger({
    companyId,
    now,
    adminUserId: admin?.id ?? null,
    agents: agentRows,
    cards: cardRows,
    sessions: sessionRows,
  });
  const plan = PLANS[DEMO_CREDITS.planId];
  await tx.insert(subscriptions).values({
    companyId,
    planId: plan.id,
    status: 'active',
    currentPeriodStart: periodStart,
    currentPeriodEnd: addPeriod(periodStart),
    createdAt: trialStart,
  });
  // One statement for all the rows, as one JSON parameter (thousands of bound values would cost more).
  const json = JSON.stringify(
    ledger.map((row) => ({
      seq: row.seq,
      type: row.type,
      amount: row.amount,
      included_change: row.includedChange,
      purchased_change: row.purchasedChange,
      balance_after_included: row.balanceAfterIncluded,
      balance_after_purchased: row.balanceAfterPurchased,
      agent_id: row.agentId,
      agent_session_id: row.agentSessionId,
      card_id: row.cardId,
      operation: row.operation,
      admin_user_id: row.adminUserId,
      note: row.note,
      created_at: row.createdAt,
    })),
  );
  await tx.execute(sql`
    insert into ${creditTransactions} (company_id, seq, type, amount, included_change, purchased_change,
      balance_after_included, balance_after_purchased, agent_id, agent_session_id, card_id, operation,
      admin_user_id, note, created_at)
    select ${companyId}::uuid, r.* from json_to_recordset(${json}::json) as r(seq bigint,
      type credit_transaction_type, amount int, included_change int, purchased_change int,
      balance_after_included int, balance_after_purchased int, agent_id uuid, agent_session_id uuid,
      card_id uuid, operation text, admin_user_id uuid, note text, created_at timestamptz)`);
  const last = ledger.at(-1)!;
  await tx.insert(creditAccounts).values({
    companyId,
    included: last.balanceAfterIncluded,
    purchased: last.balanceAfterPurchased,
    lastSeq: last.seq,
    lowThreshold: lowThreshold(plan),
  });
  return true;
}

// ---------------------------------------------------------------------------------------------
// The large ledger, for the benchmarks (`SEED=large`).

export const LARGE_LEDGER = {
  /** Rows in the company's ledger, its trial grant included. */
  transactions: 1_000_000,
  /** The history spans this many days, up to an hour ago. */
  days: 360,
  planId: 'business',
  /** How many of the company's agents do the work. */
  agents: 8,
  /** Written in statements of this many rows. */
  batch: 250_000,
} as const;

/**
 * A seeded company's credits as a new company's start (modules/credits `openCreditAccount`, which
 * the seeds below the modules do not call): the trial subscription, the account and its
 * `trial_grant`. The large seed's company starts so, before `seedLargeLedger` writes its history.
 */
export async function openTrialAccount(tx: Executor, companyId: string, now = new Date()): Promise<void> {
  const plan = PLANS[TRIAL.planId];
  await tx.insert(subscriptions).values({
    companyId,
    planId: plan.id,
    status: 'trialing',
    currentPeriodStart: now,
    currentPeriodEnd: new Date(now.getTime() + TRIAL.days * DAY),
  });
  await tx.insert(creditAccounts).values({
    companyId,
    included: TRIAL.credits,
    purchased: 0,
    lastSeq: 1,
    lowThreshold: lowThreshold(plan),
  });
  await tx.insert(creditTransactions).values({
    companyId,
    seq: 1,
    type: 'trial_grant',
    amount: TRIAL.credits,
    includedChange: TRIAL.credits,
    purchasedChange: 0,
    balanceAfterIncluded: TRIAL.credits,
    balanceAfterPurchased: 0,
    note: `Trial credits (${TRIAL.days} days)`,
    createdAt: now,
  });
}

/**
 * Gives the Large Org (server/db/seed/organization.ts; its admin's email) 1,000,000 ledger rows over the last year,
 * once (a ledger with more than its trial grant is left alone): the trial, then the Business
 * plan's monthly `subscription_grant`s, an opening `grant` of purchased credits, a `purchase`
 * every 25,000 rows, an admin's `grant` every 20,000 and a small `adjustment` every 30,000, and
 * between them `consumption`s of 1 credit by eight of its agents. Each period uses more than its
 * included credits, so nothing is left to expire at its end and the rest is drawn from the
 * purchased ones. The subscription ends on Business, active, in its current period. Returns
 * whether it seeded. `transactions`: fewer rows, for tests (over fewer days, at the same density).
 */
export async function seedLargeLedger(
  db: Database,
  adminEmail: string,
  options: { transactions?: number; now?: Date } = {},
): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, adminEmail));
  const companyId = admin?.companyId;
  if (!admin || !companyId) return false;
  const [account] = await db
    .select({ lastSeq: creditAccounts.lastSeq })
    .from(creditAccounts)
    .where(eq(creditAccounts.companyId, companyId));
  if (!account || account.lastSeq > 1) return false;
  const agentRows = await db
    .select({ id: agents.id })
    .from(agents)
    .where(eq(agents.companyId, companyId))
    .orderBy(asc(agents.name))
    .limit(LARGE_LEDGER.agents);
  const transactions = options.transactions ?? LARGE_LEDGER.transactions;
  await db.transaction((tx) =>
    writeLargeLedger(tx, companyId, {
      adminUserId: admin.id,
      agentIds: agentRows.map((row) => row.id),
      now: options.now,
      transactions,
      // Fewer rows (a test's) over proportionally fewer days: the same rows a day.
      days: (LARGE_LEDGER.days * transactions) / LARGE_LEDGER.transactions,
    }),
  );
  return true;
}

export type LargeLedgerOptions = {
  adminUserId: string;
  agentIds: string[];
  now?: Date;
  /** Smaller ledgers for tests: rows, days and rows per statement (LARGE_LEDGER's by default). */
  transactions?: number;
  days?: number;
  batch?: number;
};

/**
 * Writes the large ledger into a company whose ledger holds only its trial grant (row 1), in `tx`:
 * see `seedLargeLedger`.
 */
export async function writeLargeLedger(tx: Executor, companyId: string, options: LargeLedgerOptions): Promise<void> {
  const now = options.now ?? new Date();
  const total = options.transactions ?? LARGE_LEDGER.transactions;
  const batch = options.batch ?? LARGE_LEDGER.batch;
  const end = now.getTime() - 3_600_000;
  const start = end - (options.days ?? LARGE_LEDGER.days) * DAY;
  /** Row n (1-based) is written at start + (n - 1) × step. */
  const step = (end - start) / (total - 1);
  const rowAt = (time: number) => Math.ceil((time - start) / step) + 1;
  // Period starts: the trial's at row 1, then each month from the trial's end.
  const plan = PLANS[LARGE_LEDGER.planId];
  const starts = [1];
  let periodStart = new Date(start + TRIAL.days * DAY);
  for (;;) {
    starts.push(rowAt(periodStart.getTime()));
    const next = addPeriod(periodStart);
    if (next.getTime() > end) break;
    periodStart = next;
  }
  const grants = starts.map((_, index) => (index === 0 ? TRIAL.credits : plan.monthlyCredits));
  const agentIds = options.agentIds.slice(0, LARGE_LEDGER.agents);
  if (agentIds.length === 0) throw new Error('large ledger: no agents');
  const pack = CREDIT_PACKS.find((candidate) => candidate.id === 'pack_20000')!;

  // The trial grant was written when the company was created: it opens the history.
  await tx.execute(
    sql`update ${creditTransactions} set created_at = ${new Date(start).toISOString()}::timestamptz
        where company_id = ${companyId} and seq = 1`,
  );
  const startsArray = `{${starts.join(',')}}`;
  const grantsArray = `{${grants.join(',')}}`;
  const agentsArray = `{${agentIds.join(',')}}`;
  const cnt = (j: string, m: number, r: number) => `((${j} + ${m - 1 - r}) / ${m})`;
  for (let from = 2; from <= total; from += batch) {
    const to = Math.min(total, from + batch - 1);
    // For row n: its period p (1-based in the arrays), its position j in the period (the grant
    // at j = 0), and the consumptions of the period before it: the specials at fixed positions
    // (a purchase at j ≡ 12,500 mod 25,000, a grant at 10,000 mod 20,000, an adjustment at
    // 15,000 mod 30,000, the opening grant at row 2) are not consumptions. The included balance
    // before a consumption is the period's grant less the consumptions before it, never below 0:
    // a consumption takes 1 included credit while there is one, else 1 purchased.
    await tx.execute(
      sql.raw(`
      with base as (
        select n, p, n - ('${startsArray}'::bigint[])[p] as j, ('${grantsArray}'::int[])[p] as g
        from (
          select n, width_bucket(n, '${startsArray}'::bigint[]) as p
          from generate_series(${from}::bigint, ${to}::bigint) n
        ) x
      ), typed as (
        select n, p, j, g,
          case
            when j = 0 then 'grant_period'
            when n = 2 then 'opening'
            when j % 25000 = 12500 then 'purchase'
            when j % 20000 = 10000 then 'grant'
            when j % 30000 = 15000 then 'adjustment'
            else 'consumption'
          end as kind,
          -- consumptions in the period strictly before this row (positions 1..j-1, the opening
          -- grant at row 2 excluded)
          (j - 1) - ${cnt('j', 25000, 12500)} - ${cnt('j', 20000, 10000)} - ${cnt('j', 30000, 15000)}
            - case when p = 1 and n > 2 then 1 else 0 end as consumed_before
        from base
      ), changes as (
        select n, p, kind,
          case kind
            when 'grant_period' then g
            when 'consumption' then case when g - consumed_before > 0 and j > 0 then -1 else 0 end
            else 0
          end as ic,
          case kind
            when 'opening' then 100000
            when 'purchase' then ${pack.credits}
            when 'grant' then 1000
            when 'adjustment' then -20
            when 'consumption' then case when g - consumed_before > 0 then 0 else -1 end
            else 0
          end as pc
        from typed
      ), prev as (
        select balance_after_included as bi, balance_after_purchased as bp
        from credit_transactions where company_id = '${companyId}' and seq = ${from - 1}
      )
      insert into credit_transactions (company_id, seq, type, amount, included_change, purchased_change,
        balance_after_included, balance_after_purchased, agent_id, operation, admin_user_id, note, created_at)
      select '${companyId}'::uuid, n,
        (case kind
          when 'grant_period' then 'subscription_grant'
          when 'opening' then 'grant'
          else kind
        end)::credit_transaction_type,
        ic + pc, ic, pc,
        prev.bi + sum(ic) over w, prev.bp + sum(pc) over w,
        case when kind = 'consumption' then ('${agentsArray}'::uuid[])[
          case when n % 16 < 6 then 1 when n % 16 < 10 then 2 when n % 16 < 12 then 3
            else 4 + ((n / 16) % ${Math.max(agentIds.length - 3, 1)}) end
          ] end,
        case when kind = 'consumption' then (array['updateCard','moveCard','createCardComment','reportCronRun','completeUpload'])[1 + (n * 7 % 10) / 2] end,
        case when kind in ('grant', 'adjustment', 'opening') then '${options.adminUserId}'::uuid end,
        case kind
          when 'opening' then 'Opening balance (benchmark data)'
          when 'purchase' then 'Credit pack 20,000 (benchmark data: no payment provider)'
          when 'grant' then 'Goodwill credits (benchmark data)'
          when 'adjustment' then 'Correction: goodwill credits granted twice (benchmark data)'
          when 'grant_period' then '${plan.name} plan (benchmark data)'
        end,
        to_timestamp((${start}::float8 + (n - 1) * ${step}::float8) / 1000)
      from changes, prev
      window w as (order by n)
      order by n`),
    );
    // Fresh statistics: the next statement finds the last row through the (company_id, seq) index.
    await tx.execute(sql`analyze ${creditTransactions}`);
  }
  // The trial's row: `p = 1` above starts at row 2, so the trial grant is not written twice.
  const [last] = rows<{ seq: number; included: number; purchased: number }>(
    await tx.execute(sql`
      select seq, balance_after_included as included, balance_after_purchased as purchased
      from ${creditTransactions} where company_id = ${companyId} order by seq desc limit 1`),
  );
  await tx
    .update(creditAccounts)
    .set({
      included: Number(last!.included),
      purchased: Number(last!.purchased),
      lastSeq: Number(last!.seq),
      lowThreshold: lowThreshold(plan),
    })
    .where(eq(creditAccounts.companyId, companyId));
  await tx
    .update(subscriptions)
    .set({
      planId: plan.id,
      status: 'active',
      currentPeriodStart: periodStart,
      currentPeriodEnd: addPeriod(periodStart),
      createdAt: new Date(start),
    })
    .where(eq(subscriptions.companyId, companyId));
}
