import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { appendGrants, createAgentWithToken, expectLedgerReconciles, move } from './ledger-fixtures.ts';
import { applyCreditTransaction, chargeAgentWork } from './ledger.ts';

const t = useTestApp();

const LEDGER = '/subscriptions/credits/transactions';
const BALANCE = '/subscriptions/credits/balance';
const ADJUST = '/subscriptions/credits/adjustments';

type Row = { seq: number; type: string; amount: number; agentId?: string; note?: string };

async function ledger(token: string, query = '') {
  const response = await t.call('GET', `${LEDGER}${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as Row[];
}

describe('GET /subscriptions/credits/balance', () => {
  it('every member, an API key and an agent token read the balance; a user without a company gets 404', async () => {
    const org = await t.createOrg();
    const expected = {
      included: 1000,
      purchased: 0,
      available: 1000,
      lowThreshold: 200,
      low: false,
      exhausted: false,
      prices: { reply: 5, write: 1 },
    };
    for (const token of [org.adminToken, org.memberToken]) {
      const balance = await t.call('GET', BALANCE, { token });
      expect(balance.status).toBe(200);
      expect(balance.body).toEqual(expected);
    }
    const key = await t.createKey(org.adminToken, 'read');
    expect((await t.call('GET', BALANCE, { token: key.secret })).body).toEqual(expected);
    const { token: agentToken } = await createAgentWithToken(t, org.company.id, org.admin.id, org.adminToken);
    const asAgent = await t.call('GET', BALANCE, { token: agentToken });
    expect(asAgent.status).toBe(200);
    expect(asAgent.body).toEqual(expected);

    const loner = await t.createUser();
    const refused = await t.call('GET', BALANCE, { token: await t.signIn(loner.email) });
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('NOT_FOUND');
  });

  it('says when credits are low and when they are exhausted', async () => {
    const org = await t.createOrg();
    const system = { system: { companyId: org.company.id } };
    await applyCreditTransaction(t.ctx.db, system, org.company.id, { type: 'consumption', change: { cost: 850 } });
    expect((await t.call('GET', BALANCE, { token: org.memberToken })).body).toMatchObject({
      available: 150,
      low: true,
      exhausted: false,
    });
    await applyCreditTransaction(t.ctx.db, system, org.company.id, { type: 'consumption', change: { cost: 150 } });
    expect((await t.call('GET', BALANCE, { token: org.memberToken })).body).toMatchObject({
      included: 0,
      purchased: 0,
      available: 0,
      low: true,
      exhausted: true,
    });
  });
});

describe('each transaction type: its sign and its bucket', () => {
  it('trial_grant, purchase and grant add; consumption takes included credits first; an adjustment goes either way', async () => {
    const org = await t.createOrg();
    const { agent, principal } = await createAgentWithToken(t, org.company.id, org.admin.id, org.adminToken);
    const [trial] = await ledger(org.adminToken);
    expect(trial).toMatchObject({
      seq: 1,
      type: 'trial_grant',
      amount: 1000,
      includedChange: 1000,
      purchasedChange: 0,
      balanceAfterIncluded: 1000,
      balanceAfterPurchased: 0,
    });
    expect(trial).not.toHaveProperty('agentId');
    expect(trial).not.toHaveProperty('adminUserId');

    const [purchase] = await move(t, org.company.id, {
      type: 'purchase',
      change: { included: 0, purchased: 500 },
      paymentCheckoutSessionId: 'cs_test_1',
      paymentInvoiceId: 'in_test_1',
    });
    expect(purchase).toMatchObject({ amount: 500, includedChange: 0, purchasedChange: 500 });

    const granted = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'grant', amount: 250, note: '  Sorry for the outage  ' },
    });
    expect(granted.status, JSON.stringify(granted.body)).toBe(201);
    expect(granted.body).toMatchObject({
      seq: 3,
      type: 'grant',
      amount: 250,
      includedChange: 0,
      purchasedChange: 250,
      balanceAfterIncluded: 1000,
      balanceAfterPurchased: 750,
      adminUserId: org.admin.id,
      note: 'Sorry for the outage',
    });

    // Agent work: included credits first, then purchased ones.
    const reply = await t.ctx.db.transaction((tx) =>
      chargeAgentWork(t.ctx, tx, { principal }, { operation: 'postAgentMessage', kind: 'reply' }),
    );
    expect(reply).toMatchObject({ seq: 4, type: 'consumption', amount: -5, includedChange: -5, purchasedChange: 0 });
    const [big] = await move(t, org.company.id, {
      type: 'consumption',
      change: { cost: 1000 },
      agentId: agent.id,
      operation: 'createCard',
    });
    expect(big).toMatchObject({
      seq: 5,
      amount: -1000,
      includedChange: -995,
      purchasedChange: -5,
      balanceAfterIncluded: 0,
      balanceAfterPurchased: 745,
    });

    const up = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'adjustment', amount: 40, bucket: 'included', note: 'Billing correction' },
    });
    expect(up.body).toMatchObject({ seq: 6, amount: 40, includedChange: 40, purchasedChange: 0 });
    const down = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'adjustment', amount: -45, bucket: 'purchased', note: 'Duplicate grant' },
    });
    expect(down.status).toBe(201);
    expect(down.body).toMatchObject({
      seq: 7,
      type: 'adjustment',
      amount: -45,
      includedChange: 0,
      purchasedChange: -45,
      balanceAfterIncluded: 40,
      balanceAfterPurchased: 700,
      adminUserId: org.admin.id,
    });

    const rows = await ledger(org.adminToken);
    expect(rows.map((row) => [row.seq, row.type, row.amount])).toEqual([
      [7, 'adjustment', -45],
      [6, 'adjustment', 40],
      [5, 'consumption', -1000],
      [4, 'consumption', -5],
      [3, 'grant', 250],
      [2, 'purchase', 500],
      [1, 'trial_grant', 1000],
    ]);
    expect(rows[3]).toMatchObject({ agentId: agent.id, operation: 'postAgentMessage' });
    expect(rows[5]).toMatchObject({ paymentCheckoutSessionId: 'cs_test_1', paymentInvoiceId: 'in_test_1' });
    expect((await t.call('GET', BALANCE, { token: org.memberToken })).body).toMatchObject({
      included: 40,
      purchased: 700,
      available: 740,
    });
    await expectLedgerReconciles(t, org.company.id);
  });
});

describe('POST /subscriptions/credits/adjustments', () => {
  it('requires a note, a non-zero amount in range, a bucket for an adjustment, and a positive purchased grant (400 naming the field)', async () => {
    const org = await t.createOrg();
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'grant', amount: 10 }, 'note'],
      [{ type: 'grant', amount: 10, note: '   ' }, 'note'],
      [{ type: 'grant', amount: 10, note: 'x'.repeat(501) }, 'note'],
      [{ type: 'grant', amount: 0, note: 'Zero' }, 'amount'],
      [{ type: 'grant', amount: 1.5, note: 'Half' }, 'amount'],
      [{ type: 'grant', amount: 1_000_001, note: 'Too much' }, 'amount'],
      [{ type: 'adjustment', amount: -1_000_001, bucket: 'purchased', note: 'Too much' }, 'amount'],
      [{ type: 'grant', amount: -10, note: 'Negative grant' }, 'amount'],
      [{ type: 'grant', amount: 10, bucket: 'included', note: 'Wrong bucket' }, 'bucket'],
      [{ type: 'adjustment', amount: 10, note: 'No bucket' }, 'bucket'],
      [{ type: 'adjustment', amount: 10, bucket: 'other', note: 'Bad bucket' }, 'bucket'],
      [{ type: 'purchase', amount: 10, note: 'Not an admin type' }, 'type'],
    ];
    for (const [body, field] of cases) {
      const response = await t.call('POST', ADJUST, { token: org.adminToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(
        response.body.issues.map((issue: { path: string }) => issue.path),
        JSON.stringify(body),
      ).toContain(field);
    }
    const granted = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'grant', amount: 1_000_000, bucket: 'purchased', note: 'x'.repeat(500) },
    });
    expect(granted.status).toBe(201);
    expect(await ledger(org.adminToken)).toHaveLength(2);
  });

  it('never takes a balance below zero: 409 CREDITS_INSUFFICIENT says how much is left, and nothing is written', async () => {
    const org = await t.createOrg();
    const refused = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'adjustment', amount: -1001, bucket: 'included', note: 'Too much' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('CREDITS_INSUFFICIENT');
    expect(refused.body.error).toContain('1000 credits left');
    const purchased = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'adjustment', amount: -1, bucket: 'purchased', note: 'Nothing there' },
    });
    expect(purchased.status).toBe(409);
    expect(purchased.body.error).toContain('0 credits left');
    const exact = await t.call('POST', ADJUST, {
      token: org.adminToken,
      body: { type: 'adjustment', amount: -1000, bucket: 'included', note: 'All of it' },
    });
    expect(exact.status).toBe(201);
    expect(exact.body).toMatchObject({ balanceAfterIncluded: 0, balanceAfterPurchased: 0 });
    expect((await ledger(org.adminToken)).map((row) => row.seq)).toEqual([2, 1]);
    await expectLedgerReconciles(t, org.company.id);
  });

  it('is for signed-in admins: members get 403 FORBIDDEN, every key 403 API_KEY_FORBIDDEN, agents 403', async () => {
    const org = await t.createOrg();
    const body = { type: 'grant', amount: 10, note: 'Goodwill' };
    const member = await t.call('POST', ADJUST, { token: org.memberToken, body });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    for (const scope of ['write', 'read'] as const) {
      const key = await t.createKey(org.adminToken, scope);
      const response = await t.call('POST', ADJUST, { token: key.secret, body });
      expect(response.status).toBe(403);
      expect(response.body.code).toBe('API_KEY_FORBIDDEN');
    }
    const { token } = await createAgentWithToken(t, org.company.id, org.admin.id, org.adminToken);
    const agent = await t.call('POST', ADJUST, { token, body });
    expect(agent.status).toBe(403);
    expect(agent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    expect(await ledger(org.adminToken)).toHaveLength(1);
  });

  it('tells the company’s members live: credits.balance.changed', async () => {
    const org = await t.createOrg();
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      const granted = await t.call('POST', ADJUST, {
        token: org.adminToken,
        body: { type: 'grant', amount: 300, note: 'Welcome' },
      });
      expect(granted.status).toBe(201);
      const event = await stream.next('credits.balance.changed');
      expect(event.data).toMatchObject({
        balance: { included: 1000, purchased: 300, available: 1300 },
        change: { id: granted.body.id, type: 'grant', amount: 300, purchasedChange: 300 },
      });
      // The ledger's admin-only details stay in the ledger: members' streams carry none of them.
      expect(event.data).not.toHaveProperty('transaction');
      expect(event.data.change).not.toHaveProperty('note');
      expect(event.data.change).not.toHaveProperty('adminUserId');
    } finally {
      await stream.close();
    }
  });
});

describe('GET /subscriptions/credits/transactions', () => {
  it('pages newest first: defaults page 1 and limit 50, a short last page, an empty page past the end', async () => {
    const org = await t.createOrg();
    await appendGrants(t, org.company.id, 119); // 120 rows with the trial grant
    const first = await ledger(org.adminToken);
    expect(first).toHaveLength(50);
    expect(first.map((row) => row.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 120 - i));
    expect(await ledger(org.adminToken, '?page=1&limit=50')).toEqual(first);
    const second = await ledger(org.adminToken, '?page=2');
    expect(second.map((row) => row.seq)).toEqual(Array.from({ length: 50 }, (_, i) => 70 - i));
    const last = await ledger(org.adminToken, '?page=3');
    expect(last.map((row) => row.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    expect(last.at(-1)).toMatchObject({ seq: 1, type: 'trial_grant' });
    expect(await ledger(org.adminToken, '?page=4')).toEqual([]);
    expect(await ledger(org.adminToken, '?page=10000000&limit=100')).toEqual([]);
    const big = await ledger(org.adminToken, '?page=2&limit=100');
    expect(big.map((row) => row.seq)).toEqual(Array.from({ length: 20 }, (_, i) => 20 - i));
    const one = await ledger(org.adminToken, '?page=120&limit=1');
    expect(one.map((row) => row.seq)).toEqual([1]);
    // A plain array, no envelope, no total.
    expect(Array.isArray(first)).toBe(true);
  });

  it('answers 400 naming the field for page and limit out of range', async () => {
    const org = await t.createOrg();
    const cases: [string, string][] = [
      ['?limit=0', 'limit'],
      ['?limit=101', 'limit'],
      ['?limit=x', 'limit'],
      ['?limit=2.5', 'limit'],
      ['?page=0', 'page'],
      ['?page=-1', 'page'],
      ['?page=x', 'page'],
      ['?page=10000001', 'page'],
      ['?type=refund', 'type'],
      ['?agentId=not-a-uuid', 'agentId'],
    ];
    for (const [query, field] of cases) {
      const response = await t.call('GET', `${LEDGER}${query}`, { token: org.adminToken });
      expect(response.status, query).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      expect(response.body.issues, query).toContainEqual(expect.objectContaining({ location: 'query', path: field }));
    }
    expect(await ledger(org.adminToken, '?limit=100&page=1')).toHaveLength(1);
  });

  it('filters by type, by agent, and by both, paging each newest first', async () => {
    const org = await t.createOrg();
    const a = randomUUID();
    const b = randomUUID();
    const consume = (agentId: string, cost: number) => ({
      type: 'consumption' as const,
      change: { cost },
      agentId,
      operation: 'createCard',
    });
    await move(
      t,
      org.company.id,
      consume(a, 1), // 2
      { type: 'purchase', change: { included: 0, purchased: 100 } }, // 3
      consume(b, 2), // 4
      consume(a, 3), // 5
      { type: 'adjustment', change: { included: 5, purchased: 0 }, agentId: a, note: 'Refund of agent work' }, // 6
      consume(a, 4), // 7
    );
    const seqs = async (query: string) => (await ledger(org.adminToken, query)).map((row) => row.seq);
    expect(await seqs('?type=consumption')).toEqual([7, 5, 4, 2]);
    expect(await seqs(`?agentId=${a}`)).toEqual([7, 6, 5, 2]);
    expect(await seqs(`?agentId=${a}&type=consumption`)).toEqual([7, 5, 2]);
    expect(await seqs(`?agentId=${a}&type=consumption&limit=2`)).toEqual([7, 5]);
    expect(await seqs(`?agentId=${a}&type=consumption&limit=2&page=2`)).toEqual([2]);
    expect(await seqs(`?agentId=${a}&type=consumption&limit=2&page=3`)).toEqual([]);
    expect(await seqs('?type=consumption&limit=3&page=2')).toEqual([2]);
    expect(await seqs('?type=trial_grant')).toEqual([1]);
    expect(await seqs('?type=subscription_grant')).toEqual([]);
    expect(await seqs(`?agentId=${randomUUID()}`)).toEqual([]);

    // Another company's agent filter finds nothing of it.
    const other = await t.createOrg();
    await move(t, other.company.id, consume(a, 1));
    expect(await seqs(`?agentId=${a}`)).toEqual([7, 6, 5, 2]);
    expect((await ledger(other.adminToken, `?agentId=${a}`)).map((row) => row.seq)).toEqual([2]);
  });

  it('is for admins: members get 403 FORBIDDEN; an admin’s read key may read it (only admins hold keys); agents may not', async () => {
    const org = await t.createOrg();
    const member = await t.call('GET', LEDGER, { token: org.memberToken });
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const adminKey = await t.createKey(org.adminToken, 'read');
    const read = await t.call('GET', LEDGER, { token: adminKey.secret });
    expect(read.status).toBe(200);
    expect(read.body).toHaveLength(1);
    const { token } = await createAgentWithToken(t, org.company.id, org.admin.id, org.adminToken);
    const agent = await t.call('GET', LEDGER, { token });
    expect(agent.status).toBe(403);
    expect(agent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    const loner = await t.createUser();
    const nobody = await t.call('GET', LEDGER, { token: await t.signIn(loner.email) });
    expect(nobody.status).toBe(404);
  });

  it('shows a company its own ledger only', async () => {
    const one = await t.createOrg();
    const two = await t.createOrg();
    await move(t, two.company.id, { type: 'purchase', change: { included: 0, purchased: 7 } });
    const rows = await ledger(one.adminToken);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ companyId: one.company.id });
  });
});

describe('reconciliation', () => {
  it('200 concurrent consumptions, purchases and grants leave a ledger that replays to every stored balance', async () => {
    const org = await t.createOrg();
    const { agent, principal } = await createAgentWithToken(t, org.company.id, org.admin.id, org.adminToken);
    // Enough purchased credits that no consumption is refused, whatever the order.
    await move(t, org.company.id, { type: 'purchase', change: { included: 0, purchased: 1000 } });
    const system = { system: { companyId: org.company.id } };
    const work = Array.from({ length: 200 }, (_, i) => {
      switch (i % 4) {
        case 0:
          return t.ctx.db.transaction((tx) =>
            chargeAgentWork(t.ctx, tx, { principal }, { operation: 'postAgentMessage', kind: 'reply' }),
          );
        case 1:
          return t.ctx.db.transaction((tx) =>
            applyCreditTransaction(tx, system, org.company.id, {
              type: 'consumption',
              change: { cost: 25 },
              agentId: agent.id,
              operation: 'createCard',
            }),
          );
        case 2:
          return t.ctx.db.transaction((tx) =>
            applyCreditTransaction(tx, system, org.company.id, {
              type: 'purchase',
              change: { included: 0, purchased: 3 },
            }),
          );
        default:
          return t.call('POST', ADJUST, {
            token: org.adminToken,
            body: { type: 'grant', amount: 2, note: `Grant ${i}` },
          });
      }
    });
    const results = await Promise.all(work);
    for (const result of results) expect(result).not.toBeNull();
    for (const result of results.filter((r) => r && 'status' in r))
      expect((result as { status: number }).status).toBe(201);

    const rows = await expectLedgerReconciles(t, org.company.id);
    expect(rows).toHaveLength(202);
    // 50 × 5 + 50 × 25 = 1,500 consumed, included first whatever the order: all 1,000 included, then
    // 500 of the 1,000 + 50 × 3 + 50 × 2 purchased.
    expect(rows.at(-1)).toMatchObject({ balanceAfterIncluded: 0, balanceAfterPurchased: 750 });
    expect(rows.filter((row) => row.type === 'consumption' && row.purchasedChange < 0).length).toBeGreaterThan(0);
    const api = await ledger(org.adminToken, '?limit=100&page=3');
    expect(api.map((row) => row.seq)).toEqual([2, 1]);
  });
});
