import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, creditAccounts, subscriptions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { applyCreditTransaction } from './ledger.ts';
import { accountOf, eventsOf, ledgerOf, subscriptionOf } from './ledger-fixtures.ts';
import { addPeriod, PLANS, TRIAL } from './plans.ts';
import { renewSubscriptions } from './renewal.ts';
import { periodLabel } from './subscription-service.ts';

const t = useTestApp();

const system = (companyId: string) => ({ system: { companyId } });
const move = (companyId: string, type: 'consumption' | 'purchase', amount: number) =>
  applyCreditTransaction(
    t.ctx.db,
    system(companyId),
    companyId,
    type === 'consumption' ? { type, change: { cost: amount } } : { type, change: { included: 0, purchased: amount } },
  );

const put = (token: string, planId: string) => t.call('PUT', '/subscriptions/current', { token, body: { planId } });
const post = (token: string, action: 'cancel' | 'resume') =>
  t.call('POST', `/subscriptions/current/${action}`, { token });

/** An org whose subscription is active on `planId`, with a period `[start, addPeriod(start))`. */
async function activeOrg(planId: keyof typeof PLANS, start = new Date('2026-10-26T08:00:00Z')) {
  const org = await t.createOrg();
  await t.ctx.db
    .update(subscriptions)
    .set({ planId, status: 'active', currentPeriodStart: start, currentPeriodEnd: addPeriod(start) })
    .where(eq(subscriptions.companyId, org.company.id));
  return org;
}

describe('plans', () => {
  it('lists the catalog, smallest first, to every member and to keys', async () => {
    const org = await t.createOrg();
    const readKey = await t.createKey(org.adminToken, 'read');
    for (const token of [org.memberToken, org.adminToken, readKey.secret]) {
      const response = await t.call('GET', '/subscriptions/plans', { token });
      expect(response.status).toBe(200);
      expect(response.body).toEqual([PLANS.starter, PLANS.team, PLANS.business]);
    }
    expect(PLANS.starter).toMatchObject({ monthlyCredits: 2_000, seats: 10 });
    expect(PLANS.team).toMatchObject({ monthlyCredits: 10_000, seats: 50 });
    expect(PLANS.business).toMatchObject({ monthlyCredits: 50_000, seats: 250 });
  });
});

describe('the current subscription', () => {
  it('of a company made at sign-up is a 14-day Starter trial with 1,000 credits', async () => {
    const signUp = await t.call('POST', '/auth/signup', {
      body: {
        name: 'Founder',
        email: `founder-${t.unique('x')}@test.example`,
        password: 'a sturdy passphrase 42',
        companyName: 'Trial Co',
      },
    });
    expect(signUp.status).toBe(201);
    const response = await t.call('GET', '/subscriptions/current', { token: signUp.body.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      plan: PLANS.starter,
      status: 'trialing',
      cancelAtPeriodEnd: false,
      pendingPlan: null,
      canceledAt: null,
      seatsUsed: 1,
    });
    const { currentPeriodStart, currentPeriodEnd } = response.body;
    expect(Date.parse(currentPeriodEnd) - Date.parse(currentPeriodStart)).toBe(TRIAL.days * 86_400_000);
    const me = await t.call('GET', '/users/me', { token: signUp.body.token });
    const ledger = await ledgerOf(t, me.body.company.id);
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({
      seq: 1,
      type: 'trial_grant',
      amount: 1_000,
      includedChange: 1_000,
      balanceAfterIncluded: 1_000,
      balanceAfterPurchased: 0,
    });
  });

  it('is read by every member and read keys, with the members counted as seats used', async () => {
    const org = await t.createOrg();
    await t.createUser({ company: org.company });
    const readKey = await t.createKey(org.adminToken, 'read');
    for (const token of [org.memberToken, readKey.secret]) {
      const response = await t.call('GET', '/subscriptions/current', { token });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ plan: { id: 'starter' }, status: 'trialing', seatsUsed: 3 });
    }
  });
});

describe('changing the plan', () => {
  it('upgrades at once: the unused included credits expire, the new plan’s are granted, a new period starts', async () => {
    const org = await t.createOrg();
    const before = await subscriptionOf(t, org.company.id);
    await move(org.company.id, 'purchase', 500);
    await move(org.company.id, 'consumption', 300); // included 700, purchased 500

    const response = await put(org.adminToken, 'team');
    expect(response.status).toBe(200);
    const body = response.body;
    expect(body).toMatchObject({
      plan: PLANS.team,
      status: 'active',
      cancelAtPeriodEnd: false,
      pendingPlan: null,
      canceledAt: null,
      seatsUsed: 2,
    });
    const start = new Date(body.currentPeriodStart);
    expect(start.getTime()).toBeGreaterThan(before.currentPeriodStart.getTime());
    expect(body.currentPeriodEnd).toBe(addPeriod(start).toISOString());

    const ledger = await ledgerOf(t, org.company.id);
    expect(ledger.map((row) => row.type)).toEqual([
      'trial_grant',
      'purchase',
      'consumption',
      'adjustment',
      'subscription_grant',
    ]);
    const [expiry, grant] = ledger.slice(3);
    expect(expiry).toMatchObject({
      seq: 4,
      amount: -700,
      includedChange: -700,
      purchasedChange: 0,
      balanceAfterIncluded: 0,
      balanceAfterPurchased: 500,
      adminUserId: null,
      note: `Unused included credits of the period ${periodLabel(before.currentPeriodStart, before.currentPeriodEnd)} expired`,
    });
    expect(grant).toMatchObject({
      seq: 5,
      amount: 10_000,
      includedChange: 10_000,
      purchasedChange: 0,
      balanceAfterIncluded: 10_000,
      balanceAfterPurchased: 500,
      note: `Team plan: credits for ${periodLabel(start, addPeriod(start))}`,
    });
    expect(await accountOf(t, org.company.id)).toMatchObject({
      included: 10_000,
      purchased: 500,
      lowThreshold: 1_000,
      lastSeq: 5,
    });
    expect(await subscriptionOf(t, org.company.id)).toMatchObject({ planId: 'team', status: 'active' });

    const changed = await eventsOf(t, org.company.id, 'subscription.changed');
    expect(changed).toHaveLength(1);
    expect(changed[0]!.data).toEqual({ companyId: org.company.id, subscription: body, actorUserId: org.admin.id });
    const balance = await eventsOf(t, org.company.id, 'credits.balance.changed');
    expect(balance.slice(-2).map((event) => [event.data.change.type, event.actorUserId])).toEqual([
      ['adjustment', org.admin.id],
      ['subscription_grant', org.admin.id],
    ]);
    expect(balance.at(-1)!.data.balance).toMatchObject({ included: 10_000, purchased: 500, lowThreshold: 1_000 });
  });

  it('upgrades an active plan at once too, expiring what is left of its period', async () => {
    const start = new Date('2026-10-26T08:00:00Z');
    const org = await activeOrg('team', start);
    const response = await put(org.adminToken, 'business');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ plan: PLANS.business, status: 'active', pendingPlan: null });
    const ledger = (await ledgerOf(t, org.company.id)).slice(1);
    expect(ledger.map((row) => [row.type, row.amount, row.balanceAfterIncluded])).toEqual([
      ['adjustment', -1_000, 0],
      ['subscription_grant', 50_000, 50_000],
    ]);
    expect(ledger[0]!.note).toBe('Unused included credits of the period 2026-10-26 – 2026-11-26 expired');
  });

  it('without included credits left, grants without an expiry row', async () => {
    const org = await t.createOrg();
    await move(org.company.id, 'consumption', 1_000);
    expect((await put(org.adminToken, 'starter')).status).toBe(200); // a trial's own plan: activated now
    const ledger = await ledgerOf(t, org.company.id);
    expect(ledger.map((row) => row.type)).toEqual(['trial_grant', 'consumption', 'subscription_grant']);
    expect(ledger[2]).toMatchObject({ amount: 2_000, balanceAfterIncluded: 2_000 });
    expect(await subscriptionOf(t, org.company.id)).toMatchObject({ planId: 'starter', status: 'active' });
  });

  it('downgrades at the period’s end; choosing the current plan again clears it; then 409 PLAN_UNCHANGED', async () => {
    const start = new Date('2026-10-26T08:00:00Z');
    const org = await activeOrg('business', start);
    const pending = await put(org.adminToken, 'team');
    expect(pending.status).toBe(200);
    expect(pending.body).toMatchObject({
      plan: PLANS.business,
      pendingPlan: PLANS.team,
      status: 'active',
      currentPeriodStart: start.toISOString(),
      currentPeriodEnd: addPeriod(start).toISOString(),
    });
    expect(await ledgerOf(t, org.company.id)).toHaveLength(1); // nothing moves before the period's end

    const kept = await put(org.adminToken, 'business');
    expect(kept.status).toBe(200);
    expect(kept.body).toMatchObject({ plan: PLANS.business, pendingPlan: null });

    const unchanged = await put(org.adminToken, 'business');
    expect(unchanged.status).toBe(409);
    expect(unchanged.body.code).toBe('PLAN_UNCHANGED');
    expect((await eventsOf(t, org.company.id, 'subscription.changed')).length).toBe(2);
  });

  it('applies a pending downgrade at renewal', async () => {
    const start = new Date('2026-10-26T08:00:00Z');
    const end = addPeriod(start);
    const org = await activeOrg('business', start);
    await t.ctx.db.update(creditAccounts).set({ included: 0 }).where(eq(creditAccounts.companyId, org.company.id));
    await applyCreditTransaction(t.ctx.db, null, org.company.id, {
      type: 'subscription_grant',
      change: { included: 50_000, purchased: 0 },
    });
    await move(org.company.id, 'consumption', 20_000);
    expect((await put(org.adminToken, 'starter')).body.pendingPlan).toEqual(PLANS.starter);

    await renewSubscriptions(t.ctx, new Date(end.getTime() + 1_000));
    const subscription = await t.call('GET', '/subscriptions/current', { token: org.memberToken });
    expect(subscription.body).toMatchObject({
      plan: PLANS.starter,
      pendingPlan: null,
      status: 'active',
      currentPeriodStart: end.toISOString(),
      currentPeriodEnd: addPeriod(end).toISOString(),
    });
    const ledger = (await ledgerOf(t, org.company.id)).slice(-2);
    expect(ledger.map((row) => [row.type, row.amount, row.balanceAfterIncluded, row.note])).toEqual([
      ['adjustment', -30_000, 0, 'Unused included credits of the period 2026-10-26 – 2026-11-26 expired'],
      ['subscription_grant', 2_000, 2_000, 'Starter plan: credits for 2026-11-26 – 2026-12-26'],
    ]);
    expect((await accountOf(t, org.company.id)).lowThreshold).toBe(200);
  });

  it('refuses a plan with fewer seats than members: 409 SEATS_EXCEEDED with both numbers', async () => {
    const org = await activeOrg('team');
    for (let n = 0; n < 9; n++) await t.createUser({ company: org.company });
    const response = await put(org.adminToken, 'starter');
    expect(response.status).toBe(409);
    expect(response.body.code).toBe('SEATS_EXCEEDED');
    expect(response.body.error).toContain('10 seats');
    expect(response.body.error).toContain('11 members');
    expect((await subscriptionOf(t, org.company.id)).pendingPlanId).toBeNull();
    // A trial with as many members cannot become a paid Starter either.
    const trial = await t.createOrg();
    for (let n = 0; n < 9; n++) await t.createUser({ company: trial.company });
    const activate = await put(trial.adminToken, 'starter');
    expect(activate.status).toBe(409);
    expect(activate.body.code).toBe('SEATS_EXCEEDED');
    expect(await ledgerOf(t, trial.company.id)).toHaveLength(1);
  });

  it('refuses an unknown plan with 400 naming planId', async () => {
    const org = await t.createOrg();
    const response = await put(org.adminToken, 'enterprise');
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.issues[0]).toMatchObject({ location: 'body', path: 'planId' });
  });
});

describe('seats', () => {
  const invite = (token: string, email: string) =>
    t.call('POST', '/organization/invitations', {
      token,
      body: { email, role: 'member' },
      headers: { origin: 'http://app.example' },
    });

  it('an invitation beyond the plan’s seats, or joining with one, is 409 SEATS_EXCEEDED', async () => {
    const org = await t.createOrg(); // a Starter trial: 10 seats
    for (let n = 0; n < 7; n++) await t.createUser({ company: org.company });
    const early = await invite(org.adminToken, `late-${t.unique('x')}@test.example`);
    expect(early.status).toBe(201); // 9 members: one seat left
    await t.createUser({ company: org.company }); // the last seat taken meanwhile

    const refused = await invite(org.adminToken, `more-${t.unique('x')}@test.example`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SEATS_EXCEEDED');
    expect(refused.body.error).toContain('10 seats');
    expect(refused.body.error).toContain('10 members');

    const signUp = await t.call('POST', '/auth/signup', {
      body: {
        name: 'Late',
        email: `late-joiner-${t.unique('x')}@test.example`,
        password: 'a sturdy passphrase 42',
        invitationToken: early.body.invitation.link.split('#')[1],
      },
    });
    expect(signUp.status).toBe(409);
    expect(signUp.body.code).toBe('SEATS_EXCEEDED');
    expect((await t.call('GET', '/subscriptions/current', { token: org.adminToken })).body.seatsUsed).toBe(10);

    // A larger plan makes room.
    expect((await put(org.adminToken, 'team')).status).toBe(200);
    expect((await invite(org.adminToken, `room-${t.unique('x')}@test.example`)).status).toBe(201);
  });

  it('a pending downgrade’s seats count too', async () => {
    const org = await activeOrg('team');
    for (let n = 0; n < 8; n++) await t.createUser({ company: org.company });
    expect((await put(org.adminToken, 'starter')).body.pendingPlan).toEqual(PLANS.starter); // 10 members, 10 seats
    const refused = await invite(org.adminToken, `x-${t.unique('x')}@test.example`);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('SEATS_EXCEEDED');
  });
});

describe('cancel and resume', () => {
  it('cancel sets cancelAtPeriodEnd; twice is 409; resume clears it; nothing to resume is 409', async () => {
    const org = await activeOrg('team');
    const canceled = await post(org.adminToken, 'cancel');
    expect(canceled.status).toBe(200);
    expect(canceled.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: true, plan: PLANS.team });
    expect(canceled.body.canceledAt).toEqual(expect.any(String));
    const again = await post(org.adminToken, 'cancel');
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('SUBSCRIPTION_CANCELED');

    const resumed = await post(org.adminToken, 'resume');
    expect(resumed.status).toBe(200);
    expect(resumed.body).toMatchObject({ status: 'active', cancelAtPeriodEnd: false, canceledAt: null });
    const nothing = await post(org.adminToken, 'resume');
    expect(nothing.status).toBe(409);
    expect(nothing.body.code).toBe('CONFLICT');

    const changed = await eventsOf(t, org.company.id, 'subscription.changed');
    expect(changed.map((event) => event.data.subscription.cancelAtPeriodEnd)).toEqual([true, false]);
  });

  it('at the period’s end a canceled subscription ends: included credits expire, none are granted', async () => {
    const start = new Date('2026-10-26T08:00:00Z');
    const end = addPeriod(start);
    const org = await activeOrg('team', start);
    await move(org.company.id, 'purchase', 300);
    expect((await post(org.adminToken, 'cancel')).status).toBe(200);
    await renewSubscriptions(t.ctx, new Date(end.getTime() + 1));

    const subscription = await t.call('GET', '/subscriptions/current', { token: org.adminToken });
    expect(subscription.body).toMatchObject({
      status: 'canceled',
      plan: PLANS.team,
      cancelAtPeriodEnd: false,
      currentPeriodEnd: end.toISOString(),
    });
    expect(subscription.body.canceledAt).toEqual(expect.any(String));
    const ledger = await ledgerOf(t, org.company.id);
    expect(ledger.map((row) => row.type)).toEqual(['trial_grant', 'purchase', 'adjustment']);
    expect(ledger[2]).toMatchObject({ amount: -1_000, balanceAfterIncluded: 0, balanceAfterPurchased: 300 });
    // Ended: never renewed again.
    await renewSubscriptions(t.ctx, addPeriod(addPeriod(end)));
    expect(await ledgerOf(t, org.company.id)).toHaveLength(3);
    expect((await subscriptionOf(t, org.company.id)).status).toBe('canceled');

    // Neither resumed nor canceled again: a plan is chosen instead, and starts at once.
    for (const action of ['resume', 'cancel'] as const) {
      const refused = await post(org.adminToken, action);
      expect(refused.status).toBe(409);
      expect(refused.body.code).toBe('SUBSCRIPTION_CANCELED');
    }
    const restarted = await put(org.adminToken, 'starter');
    expect(restarted.status).toBe(200);
    expect(restarted.body).toMatchObject({ status: 'active', plan: PLANS.starter, canceledAt: null });
    const last = (await ledgerOf(t, org.company.id)).at(-1)!;
    expect(last).toMatchObject({ type: 'subscription_grant', amount: 2_000, balanceAfterPurchased: 300 });
  });
});

describe('who may change the subscription', () => {
  const writes = [
    ['PUT', '/subscriptions/current', { planId: 'team' }],
    ['POST', '/subscriptions/current/cancel', undefined],
    ['POST', '/subscriptions/current/resume', undefined],
  ] as const;

  it('members: 403 FORBIDDEN on every write', async () => {
    const org = await t.createOrg();
    for (const [method, path, body] of writes) {
      const response = await t.call(method, path, { token: org.memberToken, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    expect(await subscriptionOf(t, org.company.id)).toMatchObject({ planId: 'starter', status: 'trialing' });
  });

  it('agent tokens: 403 AGENT_TOKEN_FORBIDDEN on every write', async () => {
    const org = await t.createOrg();
    const [bot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Biller' }).returning();
    const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'b' } });
    for (const [method, path, body] of writes) {
      const response = await t.call(method, path, { token: minted.body.secret, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
    }
  });

  describe('keys, from the contract: every non-GET under /subscriptions/', () => {
    type Op = { method: string; path: string; access: unknown };
    let operations: Op[] = [];
    const keys = { read: '', write: '' };
    let companyId = '';
    beforeAll(async () => {
      const contract = (await t.call('GET', '/openapi.json')).body;
      operations = Object.entries(contract.paths as Record<string, Record<string, Record<string, unknown>>>)
        .filter(([path]) => path.startsWith('/subscriptions/'))
        .flatMap(([path, item]) =>
          Object.entries(item).map(([method, operation]) => ({
            method: method.toUpperCase(),
            path,
            access: operation['x-service-api-key'],
          })),
        )
        .filter((operation) => operation.method !== 'GET');
      const org = await t.createOrg();
      companyId = org.company.id;
      keys.read = (await t.createKey(org.adminToken, 'read')).secret;
      keys.write = (await t.createKey(org.adminToken, 'write')).secret;
    });

    it('are forbidden to keys in the contract (x-service-api-key: forbidden)', () => {
      expect(operations.map((operation) => `${operation.method} ${operation.path}`)).toEqual(
        expect.arrayContaining(writes.map(([method, path]) => `${method} ${path}`)),
      );
      for (const operation of operations) {
        expect(operation.access, `${operation.method} ${operation.path}`).toBe('forbidden');
      }
    });

    it('answer 403 API_KEY_FORBIDDEN to a write key and to a read key, an admin’s, and change nothing', async () => {
      for (const operation of operations) {
        const path = operation.path.replace(/\{[^}]+\}/g, () => crypto.randomUUID());
        for (const token of [keys.write, keys.read]) {
          const response = await t.call(operation.method, path, { token, body: { planId: 'team' } });
          expect(response.status, `${operation.method} ${operation.path}`).toBe(403);
          expect(response.body.code).toBe('API_KEY_FORBIDDEN');
        }
      }
      expect(await subscriptionOf(t, companyId)).toMatchObject({ planId: 'starter', status: 'trialing' });
      expect(await ledgerOf(t, companyId)).toHaveLength(1);
    });
  });
});
