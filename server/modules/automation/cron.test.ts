import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agents, cronJobs, cronRuns, events } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { schedule } from './schedule.ts';

const t = useTestApp();

/** A company with an agent whose responsible person is a plain member, and a token of the agent. */
async function setup(agentName = 'Reporter') {
  const org = await t.createOrg();
  const responsible = await t.createUser({ company: org.company, role: 'member' });
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: agentName, managerKind: 'human', managerId: responsible.id })
    .returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  expect(minted.status).toBe(201);
  return {
    ...org,
    responsible,
    responsibleToken: await t.signIn(responsible.email),
    bot: bot!,
    agentToken: minted.body.secret as string,
  };
}

const job = (overrides: Record<string, unknown> = {}) => ({
  name: 'Daily report',
  expression: '0 9 * * 1-5',
  timeZone: 'Europe/Berlin',
  instruction: 'Write the daily report.',
  ...overrides,
});
const create = (token: string, agentId: string, overrides: Record<string, unknown> = {}) =>
  t.call('POST', `/agents/${agentId}/cron-jobs`, { token, body: job(overrides) });
async function created(token: string, agentId: string, overrides: Record<string, unknown> = {}) {
  const response = await create(token, agentId, overrides);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as { id: string; nextRunAt: string | null; [key: string]: unknown };
}
const runNow = (token: string, agentId: string, cronJobId: string) =>
  t.call('POST', `/agents/${agentId}/cron-jobs/${cronJobId}/run`, { token });

afterEach(() => {
  vi.useRealTimers();
});

describe('POST /agents/{agentId}/cron-jobs', () => {
  it('creates a schedule with its description, next time and no run yet', async () => {
    const org = await setup();
    const before = new Date();
    const response = await create(org.adminToken, org.bot.id, {
      expression: ' 0  9 * * 1-5 ',
      timeZone: 'europe/berlin',
    });
    expect(response.status).toBe(201);
    const expected = schedule('0 9 * * 1-5', 'Europe/Berlin').nextRun(before)!.toISOString();
    expect(response.body).toEqual({
      id: expect.any(String),
      version: 1,
      agentId: org.bot.id,
      name: 'Daily report',
      expression: '0 9 * * 1-5',
      timeZone: 'Europe/Berlin',
      instruction: 'Write the daily report.',
      enabled: true,
      description: 'At 09:00, Monday through Friday',
      nextRunAt: expected,
      lastRun: null,
      createdBy: org.admin.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await t.ctx.db.select().from(cronJobs).where(eq(cronJobs.id, response.body.id));
    expect(row!.nextRunAt!.toISOString()).toBe(expected);
  });

  it('defaults to UTC and enabled; a disabled schedule has no next time', async () => {
    const org = await setup();
    const utc = await created(org.adminToken, org.bot.id, { timeZone: undefined, expression: '@daily' });
    expect(utc).toMatchObject({ timeZone: 'UTC', enabled: true, description: 'At 00:00' });
    expect(new Date(utc.nextRunAt!).toISOString()).toMatch(/T00:00:00\.000Z$/);
    const off = await created(org.adminToken, org.bot.id, { enabled: false });
    expect(off).toMatchObject({ enabled: false, nextRunAt: null });
  });

  it('refuses bad expressions and time zones with a 400 naming the field', async () => {
    const org = await setup();
    const refused = async (overrides: Record<string, unknown>) => {
      const response = await create(org.adminToken, org.bot.id, overrides);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
      return response.body as { error: string; issues: { location: string; path: string; message: string }[] };
    };
    const seconds = await refused({ expression: '0 0 9 * * *' });
    expect(seconds.error).toMatch(/expression: has 6 fields: seconds are not supported/);
    expect(seconds.issues).toEqual([{ location: 'body', path: 'expression', message: expect.any(String) }]);
    expect((await refused({ expression: '0 0 9 * * * 2027' })).error).toMatch(
      /expression: has 7 fields: seconds and years are not supported/,
    );
    expect((await refused({ expression: '* * * * *' })).error).toMatch(
      /expression: fires more often than every 5 minutes/,
    );
    expect((await refused({ expression: '0 25 * * *' })).error).toMatch(
      /expression: is not a valid cron expression: invalid value for hour/,
    );
    expect((await refused({ expression: '0 9 30 2 *' })).error).toMatch(/expression: never fires/);
    const zone = await refused({ timeZone: 'Mars/Base' });
    expect(zone.error).toMatch(/timeZone: unknown time zone "Mars\/Base"/);
    expect(zone.issues[0]!.path).toBe('timeZone');
    expect((await refused({ name: '  ' })).issues[0]!.path).toBe('name');
    expect((await refused({ name: 'x'.repeat(81) })).issues[0]!.path).toBe('name');
    expect((await refused({ instruction: 'x'.repeat(4001) })).issues[0]!.path).toBe('instruction');
    expect((await refused({ seconds: 5 })).error).toMatch(/seconds/);
    expect(await t.ctx.db.select().from(cronJobs).where(eq(cronJobs.agentId, org.bot.id))).toEqual([]);
  });
});

describe('who may read and change schedules', () => {
  it('admins and the agent’s responsible person write; other members 403; another company 404', async () => {
    const org = await setup();
    const stranger = await t.createOrg();
    const byAdmin = await created(org.adminToken, org.bot.id, { name: 'By admin' });
    const byResponsible = await created(org.responsibleToken, org.bot.id, { name: 'By responsible' });
    expect(byResponsible.createdBy).toBe(org.responsible.id);

    const member = await create(org.memberToken, org.bot.id);
    expect(member.status).toBe(403);
    expect(member.body.code).toBe('FORBIDDEN');
    const path = `/agents/${org.bot.id}/cron-jobs/${byAdmin.id}`;
    for (const [method, suffix, body] of [
      ['PATCH', '', { name: 'Mine now' }],
      ['DELETE', '', undefined],
      ['POST', '/run', undefined],
    ] as const) {
      const refused = await t.call(method, `${path}${suffix}`, { token: org.memberToken, body });
      expect(refused.status, `${method} ${suffix}`).toBe(403);
      expect(refused.body.code).toBe('FORBIDDEN');
    }
    expect((await t.call('PATCH', path, { token: org.responsibleToken, body: { name: 'Renamed' } })).status).toBe(200);

    // Another company: the agent does not exist for them.
    expect((await create(stranger.adminToken, org.bot.id)).status).toBe(404);
    expect((await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: stranger.adminToken })).status).toBe(404);
    expect((await t.call('GET', `${path}/runs`, { token: stranger.memberToken })).status).toBe(404);
    expect((await t.call('DELETE', path, { token: stranger.adminToken })).status).toBe(404);

    // Every member reads them, by name.
    const list = await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.memberToken });
    expect(list.status).toBe(200);
    expect(list.body.map((j: { name: string }) => j.name)).toEqual(['By responsible', 'Renamed']);
  });

  it('keys: read keys read and are refused writes; write keys write as their person', async () => {
    const org = await setup();
    const read = await t.createKey(org.adminToken, 'read');
    const write = await t.createKey(org.adminToken, 'write');
    const made = await created(write.secret, org.bot.id);
    expect(made.createdBy).toBe(org.admin.id);
    expect((await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: read.secret })).body).toHaveLength(1);
    const refused = await create(read.secret, org.bot.id);
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('API_KEY_READ_ONLY');
  });

  it('an agent token lists its own agent’s schedules only and changes none', async () => {
    const org = await setup();
    const [other] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Other' }).returning();
    const own = await created(org.adminToken, org.bot.id);
    const others = await created(org.adminToken, other!.id);
    const list = await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.agentToken });
    expect(list.status).toBe(200);
    expect(list.body.map((j: { id: string }) => j.id)).toEqual([own.id]);
    expect((await t.call('GET', `/agents/${other!.id}/cron-jobs`, { token: org.agentToken })).status).toBe(404);
    expect(
      (await t.call('GET', `/agents/${other!.id}/cron-jobs/${others.id}/runs`, { token: org.agentToken })).status,
    ).toBe(404);
    const write = await create(org.agentToken, org.bot.id);
    expect(write.status).toBe(403);
    expect(write.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
  });
});

describe('PATCH and DELETE /agents/{agentId}/cron-jobs/{cronJobId}', () => {
  it('renaming keeps the next time; disabling clears it; enabling or a new schedule computes it again', async () => {
    const org = await setup();
    const made = await created(org.adminToken, org.bot.id);
    const path = `/agents/${org.bot.id}/cron-jobs/${made.id}`;
    // A next time in the past (due now) is kept by a rename: that slot still fires.
    const due = new Date('2026-01-05T08:00:00Z');
    await t.ctx.db.update(cronJobs).set({ nextRunAt: due }).where(eq(cronJobs.id, made.id));
    const renamed = await t.call('PATCH', path, {
      token: org.adminToken,
      body: { name: 'Morning report', instruction: 'Write it.' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({
      name: 'Morning report',
      instruction: 'Write it.',
      nextRunAt: due.toISOString(),
    });

    const disabled = await t.call('PATCH', path, { token: org.adminToken, body: { enabled: false } });
    expect(disabled.body).toMatchObject({ enabled: false, nextRunAt: null });
    const [row] = await t.ctx.db.select().from(cronJobs).where(eq(cronJobs.id, made.id));
    expect(row!.nextRunAt).toBeNull();

    const before = new Date();
    const enabled = await t.call('PATCH', path, { token: org.adminToken, body: { enabled: true } });
    expect(enabled.body.nextRunAt).toBe(schedule('0 9 * * 1-5', 'Europe/Berlin').nextRun(before)!.toISOString());

    const hourly = await t.call('PATCH', path, {
      token: org.adminToken,
      body: { expression: '30 */2 * * *', timeZone: 'Asia/Tokyo' },
    });
    expect(hourly.body).toMatchObject({
      expression: '30 */2 * * *',
      timeZone: 'Asia/Tokyo',
      description: 'At 30 minutes past the hour, every 2 hours',
      nextRunAt: schedule('30 */2 * * *', 'Asia/Tokyo').nextRun(before)!.toISOString(),
    });
  });

  it('refuses a bad change with a 400 naming the field, and changes nothing', async () => {
    const org = await setup();
    const made = await created(org.adminToken, org.bot.id);
    const path = `/agents/${org.bot.id}/cron-jobs/${made.id}`;
    const zone = await t.call('PATCH', path, { token: org.adminToken, body: { timeZone: 'Mars/Base' } });
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatch(/timeZone: unknown time zone "Mars\/Base"/);
    const seconds = await t.call('PATCH', path, { token: org.adminToken, body: { expression: '*/10 * * * * *' } });
    expect(seconds.body.error).toMatch(/expression: has 6 fields/);
    expect((await t.call('PATCH', path, { token: org.adminToken, body: {} })).status).toBe(400);
    const list = await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.adminToken });
    expect(list.body[0]).toMatchObject({
      expression: '0 9 * * 1-5',
      timeZone: 'Europe/Berlin',
      nextRunAt: made.nextRunAt,
    });
  });

  it('deletes a schedule with its runs; a schedule is found under its own agent only', async () => {
    const org = await setup();
    const [other] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Other' }).returning();
    const made = await created(org.adminToken, org.bot.id);
    expect((await runNow(org.adminToken, org.bot.id, made.id)).status).toBe(201);
    const wrongAgent = `/agents/${other!.id}/cron-jobs/${made.id}`;
    expect((await t.call('DELETE', wrongAgent, { token: org.adminToken })).status).toBe(404);
    expect((await t.call('PATCH', wrongAgent, { token: org.adminToken, body: { name: 'x' } })).status).toBe(404);
    const path = `/agents/${org.bot.id}/cron-jobs/${made.id}`;
    const deleted = await t.call('DELETE', path, { token: org.adminToken });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect((await t.call('DELETE', path, { token: org.adminToken })).status).toBe(404);
    expect((await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.adminToken })).body).toEqual([]);
    expect(await t.ctx.db.select().from(cronRuns).where(eq(cronRuns.cronJobId, made.id))).toEqual([]);
  });
});

describe('runs', () => {
  it('“Run now” records a manual run delivered to the agent, shown as the schedule’s last run', async () => {
    const org = await setup();
    const made = await created(org.adminToken, org.bot.id, { enabled: false });
    const before = Date.now();
    const run = await runNow(org.responsibleToken, org.bot.id, made.id);
    expect(run.status).toBe(201);
    expect(run.body).toEqual({
      id: expect.any(String),
      cronJobId: made.id,
      agentId: org.bot.id,
      scheduledFor: expect.any(String),
      firedAt: expect.any(String),
      status: 'delivered',
      outcome: null,
      reportedAt: null,
      manual: true,
    });
    expect(Date.parse(run.body.scheduledFor)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(run.body.scheduledFor)).toBeLessThanOrEqual(Date.now() + 1000);
    const list = await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.memberToken });
    // Running a disabled schedule now leaves it disabled.
    expect(list.body[0]).toMatchObject({ enabled: false, nextRunAt: null, lastRun: run.body });
  });

  it('are listed newest first, paged with limit (1..100, default 20) and offset', async () => {
    const org = await setup();
    const made = await created(org.adminToken, org.bot.id);
    const base = Date.parse('2026-02-02T08:00:00Z');
    await t.ctx.db.insert(cronRuns).values(
      Array.from({ length: 25 }, (_, i) => ({
        cronJobId: made.id,
        companyId: org.company.id,
        agentId: org.bot.id,
        scheduledFor: new Date(base + i * 86_400_000),
        firedAt: new Date(base + i * 86_400_000 + 1000),
        status: 'delivered' as const,
      })),
    );
    const runs = (query = '') =>
      t.call('GET', `/agents/${org.bot.id}/cron-jobs/${made.id}/runs${query}`, { token: org.memberToken });
    const first = await runs();
    expect(first.status).toBe(200);
    expect(first.body).toHaveLength(20);
    expect(first.body[0].scheduledFor).toBe(new Date(base + 24 * 86_400_000).toISOString());
    const times = first.body.map((run: { firedAt: string }) => Date.parse(run.firedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await runs('?limit=3&offset=22');
    expect(page.body.map((run: { scheduledFor: string }) => run.scheduledFor)).toEqual(
      [2, 1, 0].map((i) => new Date(base + i * 86_400_000).toISOString()),
    );
    expect((await runs('?limit=0')).status).toBe(400);
    expect((await runs('?limit=101')).status).toBe(400);
    expect((await runs('?offset=-1')).status).toBe(400);
    const listed = await t.call('GET', `/agents/${org.bot.id}/cron-jobs`, { token: org.memberToken });
    expect(listed.body[0].lastRun.id).toBe(first.body[0].id);
    const missing = `/agents/${org.bot.id}/cron-jobs/${crypto.randomUUID()}/runs`;
    expect((await t.call('GET', missing, { token: org.memberToken })).status).toBe(404);
  });

  it('the agent reports an outcome once (409 RUN_ALREADY_REPORTED after); people and other agents get 404', async () => {
    const org = await setup();
    const made = await created(org.adminToken, org.bot.id);
    const run = (await runNow(org.adminToken, org.bot.id, made.id)).body;
    const path = `/agents/${org.bot.id}/cron-runs/${run.id}`;
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      expect((await t.call('PATCH', path, { token: org.adminToken, body: { status: 'succeeded' } })).status).toBe(404);
      expect((await t.call('PATCH', path, { token: org.responsibleToken, body: { status: 'failed' } })).status).toBe(
        404,
      );
      const [other] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Other' }).returning();
      const otherToken = (
        await t.call('POST', `/agents/${other!.id}/tokens`, { token: org.adminToken, body: { name: 'o' } })
      ).body.secret;
      expect((await t.call('PATCH', path, { token: otherToken, body: { status: 'succeeded' } })).status).toBe(404);
      const otherPath = `/agents/${other!.id}/cron-runs/${run.id}`;
      expect((await t.call('PATCH', otherPath, { token: otherToken, body: { status: 'succeeded' } })).status).toBe(404);
      const tooLong = await t.call('PATCH', path, {
        token: org.agentToken,
        body: { status: 'succeeded', outcome: 'x'.repeat(2001) },
      });
      expect(tooLong.status).toBe(400);
      expect((await t.call('PATCH', path, { token: org.agentToken, body: { status: 'done' } })).status).toBe(400);

      const reported = await t.call('PATCH', path, {
        token: org.agentToken,
        body: { status: 'succeeded', outcome: 'Report posted in #general' },
      });
      expect(reported.status).toBe(200);
      expect(reported.body).toMatchObject({
        id: run.id,
        status: 'succeeded',
        outcome: 'Report posted in #general',
        reportedAt: expect.any(String),
      });
      const event = await stream.next('cron.run.recorded');
      expect(event.data).toEqual({
        agentId: org.bot.id,
        cronJobId: made.id,
        run: reported.body,
        actorAgentId: org.bot.id,
      });
      const again = await t.call('PATCH', path, { token: org.agentToken, body: { status: 'failed' } });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('RUN_ALREADY_REPORTED');
      const listed = await t.call('GET', `/agents/${org.bot.id}/cron-jobs/${made.id}/runs`, { token: org.agentToken });
      expect(listed.body[0]).toMatchObject({ status: 'succeeded', outcome: 'Report posted in #general' });
    } finally {
      await stream.close();
    }
  });

  it('a paused or completed agent’s run is recorded skipped, not sent, and cannot be reported', async () => {
    const org = await setup();
    const made = await created(org.adminToken, org.bot.id);
    const agentStream = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    try {
      await agentStream.next('ready');
      await t.ctx.db.update(agents).set({ status: 'paused' }).where(eq(agents.id, org.bot.id));
      const paused = await runNow(org.adminToken, org.bot.id, made.id);
      expect(paused.status).toBe(201);
      expect(paused.body).toMatchObject({ status: 'skipped', outcome: 'Agent paused', manual: true });
      const report = await t.call('PATCH', `/agents/${org.bot.id}/cron-runs/${paused.body.id}`, {
        token: org.agentToken,
        body: { status: 'succeeded' },
      });
      expect(report.status).toBe(409);
      expect(report.body.code).toBe('CONFLICT');
      await t.ctx.db.update(agents).set({ status: 'completed' }).where(eq(agents.id, org.bot.id));
      const completed = await runNow(org.adminToken, org.bot.id, made.id);
      expect(completed.body).toMatchObject({ status: 'skipped', outcome: 'Agent completed' });
      const fired = await t.ctx.db
        .select()
        .from(events)
        .where(and(eq(events.companyId, org.company.id), eq(events.type, 'agent.cron.fired')));
      expect(fired).toEqual([]);
      const recorded = await t.ctx.db
        .select()
        .from(events)
        .where(and(eq(events.companyId, org.company.id), eq(events.type, 'cron.run.recorded')));
      expect(recorded).toHaveLength(2);
      // Back to work: the next run is delivered, and it is the first thing the agent's stream got.
      await t.ctx.db.update(agents).set({ status: 'active' }).where(eq(agents.id, org.bot.id));
      const delivered = await runNow(org.adminToken, org.bot.id, made.id);
      expect(delivered.body.status).toBe('delivered');
      expect((await agentStream.next('agent.cron.fired')).data.runId).toBe(delivered.body.id);
      expect(agentStream.received.map((event) => event.event)).toEqual(['ready', 'agent.cron.fired']);
    } finally {
      await agentStream.close();
    }
  });
});

describe('events', () => {
  it('a schedule’s changes reach every member; a run reaches the agent’s stream alone, and its record every member', async () => {
    const org = await setup();
    const member = await t.openStream(org.memberToken);
    const agent = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    try {
      await member.next('ready');
      await agent.next('ready');
      const made = await created(org.adminToken, org.bot.id);
      expect((await member.next('cron.job.changed')).data).toEqual({
        agentId: org.bot.id,
        cronJobId: made.id,
        change: 'created',
        actorUserId: org.admin.id,
      });
      await t.call('PATCH', `/agents/${org.bot.id}/cron-jobs/${made.id}`, {
        token: org.adminToken,
        body: { name: 'Weekly' },
      });
      expect((await member.next('cron.job.changed')).data.change).toBe('updated');

      const run = (await runNow(org.responsibleToken, org.bot.id, made.id)).body;
      expect((await agent.next('agent.cron.fired')).data).toEqual({
        agentId: org.bot.id,
        cronJobId: made.id,
        runId: run.id,
        name: 'Weekly',
        instruction: 'Write the daily report.',
        scheduledFor: run.scheduledFor,
        manual: true,
        actorUserId: org.responsible.id,
      });
      expect((await member.next('cron.run.recorded')).data).toEqual({
        agentId: org.bot.id,
        cronJobId: made.id,
        run,
        actorUserId: org.responsible.id,
      });
      await t.call('DELETE', `/agents/${org.bot.id}/cron-jobs/${made.id}`, { token: org.adminToken });
      expect((await member.next('cron.job.changed')).data.change).toBe('deleted');
      // The instruction goes to the agent only: no member's stream carries agent.cron.fired, and
      // the schedule's changes are not the agent's work.
      expect(member.received.some((event) => event.event === 'agent.cron.fired')).toBe(false);
      expect(agent.received.map((event) => event.event)).toEqual(['ready', 'agent.cron.fired']);
      const [stored] = await t.ctx.db
        .select()
        .from(events)
        .where(and(eq(events.companyId, org.company.id), eq(events.type, 'agent.cron.fired')));
      expect(stored).toMatchObject({ audienceAgentId: org.bot.id, audienceUserId: null });
    } finally {
      await member.close();
      await agent.close();
    }
  });
});

describe('GET /schedules/preview', () => {
  const preview = (token: string, expression: string, timeZone?: string) =>
    t.call(
      'GET',
      `/schedules/preview?expression=${encodeURIComponent(expression)}${timeZone ? `&timeZone=${encodeURIComponent(timeZone)}` : ''}`,
      { token },
    );

  it('describes a schedule and gives its next five times, across daylight saving changes', async () => {
    const org = await t.createOrg();
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-27T12:00:00Z') });
    const march = await preview(org.memberToken, '30 2 * * *', 'Europe/Berlin');
    expect(march.status).toBe(200);
    expect(march.body).toEqual({
      description: 'At 02:30',
      nextRuns: [
        '2026-03-28T01:30:00.000Z',
        '2026-03-29T01:30:00.000Z', // 02:30 does not exist that night: 03:30 CEST
        '2026-03-30T00:30:00.000Z',
        '2026-03-31T00:30:00.000Z',
        '2026-04-01T00:30:00.000Z',
      ],
    });
    vi.setSystemTime(new Date('2026-10-22T12:00:00Z'));
    const october = await preview(org.memberToken, '0 9 * * 1-5', 'Europe/Berlin');
    expect(october.body).toEqual({
      description: 'At 09:00, Monday through Friday',
      nextRuns: [
        '2026-10-23T07:00:00.000Z',
        '2026-10-26T08:00:00.000Z',
        '2026-10-27T08:00:00.000Z',
        '2026-10-28T08:00:00.000Z',
        '2026-10-29T08:00:00.000Z',
      ],
    });
    vi.useRealTimers();
    const utc = await preview(org.memberToken, '@hourly');
    expect(utc.body.description).toBe('Every hour');
    expect(utc.body.nextRuns).toHaveLength(5);
    expect(Date.parse(utc.body.nextRuns[0])).toBeGreaterThan(Date.now() - 1000);
  });

  it('answers 400 naming the refused parameter', async () => {
    const org = await t.createOrg();
    const seconds = await preview(org.memberToken, '0 0 9 * * *', 'UTC');
    expect(seconds.status).toBe(400);
    expect(seconds.body.error).toMatch(/expression: has 6 fields: seconds are not supported/);
    expect(seconds.body.issues).toEqual([{ location: 'query', path: 'expression', message: expect.any(String) }]);
    const zone = await preview(org.memberToken, '0 9 * * *', 'Mars/Base');
    expect(zone.status).toBe(400);
    expect(zone.body.error).toMatch(/timeZone: unknown time zone "Mars\/Base"/);
    expect(zone.body.issues[0].path).toBe('timeZone');
    const often = await preview(org.memberToken, '*/3 * * * *');
    expect(often.body.error).toMatch(/expression: fires more often than every 5 minutes/);
    expect((await t.call('GET', '/schedules/preview', { token: org.memberToken })).status).toBe(400);
    const key = await t.createKey(org.adminToken, 'read');
    expect((await preview(key.secret, '0 9 * * *')).status).toBe(200);
  });
});

describe('search', () => {
  it('finds the company agents’ schedules by a folded part of their name, with the agent as context', async () => {
    const org = await setup('Rédacteur');
    const stranger = await setup('Stranger bot');
    const made = await created(org.adminToken, org.bot.id, { name: 'Rapport d’Équipe hebdo' });
    await created(org.adminToken, org.bot.id, { name: 'Équipe pause', enabled: false });
    await created(stranger.adminToken, stranger.bot.id, { name: 'Secret equipe rapport' });
    const found = await t.call('GET', `/search?q=${encodeURIComponent('EQUIPE')}`, { token: org.memberToken });
    expect(found.status).toBe(200);
    const jobs = found.body.results.filter((result: { kind: string }) => result.kind === 'cron_job');
    expect(jobs).toHaveLength(2);
    expect(jobs.find((result: { id: string }) => result.id === made.id)).toMatchObject({
      kind: 'cron_job',
      label: 'Rapport d’Équipe hebdo',
      context: 'Rédacteur',
      status: 'enabled',
      agentId: org.bot.id,
    });
    expect(jobs.find((result: { id: string }) => result.id !== made.id).status).toBe('disabled');
    const partial = await t.call('GET', `/search?q=${encodeURIComponent('rt d’equ')}`, { token: org.memberToken });
    expect(partial.body.results.map((result: { id: string }) => result.id)).toContain(made.id);
    const other = await t.call('GET', '/search?q=equipe', { token: stranger.memberToken });
    expect(other.body.results.filter((result: { kind: string }) => result.kind === 'cron_job')).toHaveLength(1);
    expect(other.body.results.map((result: { label: string }) => result.label)).not.toContain('Rapport d’Équipe hebdo');
  });
});
