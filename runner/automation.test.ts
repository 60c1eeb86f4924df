/**
 * The runner does what schedules and webhooks hand its agent, against the real server in process:
 * a schedule run by hand and a signed webhook delivery are worked on and reported once, a replayed
 * event is not worked on again, a paused agent's work waits, a stopped runner reports nothing and
 * the next one catches up, a failure is reported as `failed`.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../server/test/harness.ts';
import { webhookInstruction } from './automation.ts';
import { createRulesBackend } from './backends/rules.ts';
import type { Backend } from './backends/types.ts';
import { addCard, recordingLogger, setupAgent, useLiveServer, waitFor } from './test/live.ts';
import type { CronRun, WebhookDelivery } from './types.ts';

const t = useTestApp();
const live = useLiveServer(t);

type Org = Awaited<ReturnType<typeof setupAgent>>;

/** The rule-based backend, counting the tasks it was given (and their instructions). */
function countingBackend(inner: Backend = createRulesBackend({ pieceDelayMs: 0 })) {
  const instructions: string[] = [];
  const backend: Backend = {
    label: 'a counting test backend',
    async chat(context) {
      if (context.task) instructions.push(context.task.instruction);
      await inner.chat(context);
    },
    planCard: (context) => inner.planCard(context),
  };
  return { backend, instructions };
}

async function createCronJob(org: Org, instruction: string, name = t.unique('Morning check')) {
  const created = await t.call('POST', `/agents/${org.agentId}/cron-jobs`, {
    token: org.adminToken,
    body: { name, expression: '0 9 * * 1-5', timeZone: 'Europe/Berlin', instruction },
  });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function runNow(org: Org, cronJobId: string) {
  const fired = await t.call('POST', `/agents/${org.agentId}/cron-jobs/${cronJobId}/run`, { token: org.adminToken });
  expect(fired.status).toBe(201);
  return fired.body as CronRun;
}

const runsOf = async (org: Org, cronJobId: string) => {
  const listed = await t.call('GET', `/agents/${org.agentId}/cron-jobs/${cronJobId}/runs`, { token: org.adminToken });
  expect(listed.status).toBe(200);
  return listed.body as CronRun[];
};

/** Polls until the run is reported; answers it. */
const reported = async (org: Org, cronJobId: string, runId: string) =>
  (await waitFor(
    async () => (await runsOf(org, cronJobId)).find((run) => run.id === runId),
    (run) => run?.reportedAt != null,
    'the run to be reported',
  ))!;

async function createEndpoint(org: Org, name = t.unique('GitHub issues')) {
  const created = await t.call('POST', `/agents/${org.agentId}/webhook-endpoints`, {
    token: org.adminToken,
    body: { name },
  });
  expect(created.status).toBe(201);
  return { id: created.body.id as string, secret: created.body.secret as string, name };
}

/** POSTs a payload to the endpoint's public URL, signed as an outside system would. */
async function deliver(endpoint: { id: string; secret: string }, payload: unknown) {
  const body = JSON.stringify(payload);
  const timestamp = String(Math.floor(Date.now() / 1000));
  const signature = createHmac('sha256', endpoint.secret).update(`${timestamp}.${body}`).digest('hex');
  const answer = await t.call('POST', `/hooks/${endpoint.id}`, {
    rawBody: body,
    headers: {
      'content-type': 'application/json',
      'Webhook-Timestamp': timestamp,
      'Webhook-Signature': `v1=${signature}`,
    },
  });
  expect(answer.status).toBe(202);
  return answer.body.deliveryId as string;
}

const deliveriesOf = async (org: Org, endpointId: string) => {
  const listed = await t.call('GET', `/agents/${org.agentId}/webhook-endpoints/${endpointId}/deliveries`, {
    token: org.adminToken,
  });
  expect(listed.status).toBe(200);
  return listed.body as WebhookDelivery[];
};

const deliveryReported = async (org: Org, endpointId: string, deliveryId: string, after: string | null = null) =>
  (await waitFor(
    async () => (await deliveriesOf(org, endpointId)).find((delivery) => delivery.id === deliveryId),
    (delivery) => delivery?.reportedAt != null && delivery.reportedAt !== after,
    'the delivery to be reported',
  ))!;

async function setStatus(org: Org, status: 'active' | 'paused') {
  const changed = await t.call('PUT', `/agents/${org.agentId}/status`, { token: org.adminToken, body: { status } });
  expect(changed.status).toBe(200);
}

const boardNameOf = async (org: Org) =>
  (await t.call('GET', `/projects/${org.board.id}`, { token: org.adminToken })).body.name as string;

describe('the runner and schedules', () => {
  it('works on a schedule run by hand and reports `succeeded` with its answer from the workspace’s data', async () => {
    const org = await setupAgent(t);
    const [todo, doing] = org.board.columns;
    await addCard(t, org.adminToken, org.board.id, todo!.id, 'Oat milk supplier', { blocked: 'Waiting for a quote' });
    await addCard(t, org.adminToken, org.board.id, doing!.id, 'Refund request', { priority: 'urgent' });
    const { backend, instructions } = countingBackend();
    await live.run(org.agentToken, { backend });
    const boardName = await boardNameOf(org);

    const blockedJob = await createCronJob(org, `What is blocked on ${boardName}?`);
    const triageJob = await createCronJob(org, `Triage the ${boardName} board`);
    const vagueJob = await createCronJob(org, 'Write the weekly newsletter');
    const blockedRun = await runNow(org, blockedJob);
    const triageRun = await runNow(org, triageJob);
    const vagueRun = await runNow(org, vagueJob);
    expect(blockedRun.status).toBe('delivered');

    const blocked = await reported(org, blockedJob, blockedRun.id);
    expect(blocked.status).toBe('succeeded');
    expect(blocked.outcome).toContain(`1 blocked card on “${boardName}”`);
    expect(blocked.outcome).toContain('“Oat milk supplier” in To do: Waiting for a quote');
    expect(blocked.outcome).not.toContain('Refund request');

    const triage = await reported(org, triageJob, triageRun.id);
    expect(triage.status).toBe('succeeded');
    expect(triage.outcome).toContain(`Triage of “${boardName}”: 2 of 2 open cards need attention.`);
    expect(triage.outcome).toContain('Blocked (1):\n- “Oat milk supplier” in To do: Waiting for a quote');
    expect(triage.outcome).toContain(
      'Urgent or high priority, nobody assigned (1):\n- “Refund request” in Doing (urgent)',
    );

    // An instruction it does not understand: it says what it can do, and makes nothing up.
    const vague = await reported(org, vagueJob, vagueRun.id);
    expect(vague.status).toBe('succeeded');
    expect(vague.outcome).toContain('I can’t answer that, and I won’t guess.');
    expect(vague.outcome).toContain('triage a board');

    expect(instructions.sort()).toEqual(
      [`What is blocked on ${boardName}?`, `Triage the ${boardName} board`, 'Write the weekly newsletter'].sort(),
    );
  });

  it('does not work on a run again when its event is replayed after a reconnect', async () => {
    const org = await setupAgent(t);
    const { backend, instructions } = countingBackend();
    const first = recordingLogger();
    const runner = await live.run(org.agentToken, { backend, logger: first.logger });
    const jobId = await createCronJob(org, 'help');
    const run = await runNow(org, jobId);
    const done = await reported(org, jobId, run.id);
    expect(done.status).toBe('succeeded');
    await runner.idle();
    const fired = first.lines.find(
      (line) => line.message === 'event received' && line.fields?.type === 'agent.cron.fired',
    );
    expect(fired).toBeDefined();
    await runner.stop();

    // A new runner resumes from before the schedule's event: the server replays it.
    const replay = recordingLogger();
    const again = await live.run(org.agentToken, {
      backend,
      logger: replay.logger,
      lastEventId: String(Number(fired!.fields!.id) - 1),
    });
    await waitFor(
      () => replay.lines.some((line) => line.message === 'event received' && line.fields?.type === 'agent.cron.fired'),
      Boolean,
      'the replayed event',
    );
    await waitFor(
      () => replay.lines.some((line) => line.message.endsWith('is succeeded already')),
      Boolean,
      'the runner to find the run reported',
    );
    await again.idle();
    expect(instructions).toEqual(['help']);
    const runs = await runsOf(org, jobId);
    expect(runs).toEqual([done]);
    expect(replay.lines.filter((line) => line.message.includes('reported on'))).toEqual([]);
  });

  it('reports `failed` with the error when the work fails', async () => {
    const org = await setupAgent(t);
    const failing: Backend = {
      label: 'a failing test backend',
      chat: () => Promise.reject(new Error('The model server answered 503: overloaded')),
      planCard: () => Promise.reject(new Error('unused')),
    };
    await live.run(org.agentToken, { backend: failing });
    const jobId = await createCronJob(org, 'Summarise the week');
    const run = await runNow(org, jobId);
    const done = await reported(org, jobId, run.id);
    expect(done).toMatchObject({ status: 'failed', outcome: 'The model server answered 503: overloaded' });
  });

  it('reports nothing for a run it was stopped in; the next runner catches up on it', async () => {
    const org = await setupAgent(t);
    let started!: () => void;
    const working = new Promise<void>((resolve) => (started = resolve));
    const stuck: Backend = {
      label: 'a backend that waits until stopped',
      async chat(context) {
        started();
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
        await context.sink.text('written after the stop');
      },
      planCard: () => Promise.reject(new Error('unused')),
    };
    const runner = await live.run(org.agentToken, { backend: stuck });
    const jobId = await createCronJob(org, 'help');
    const run = await runNow(org, jobId);
    await working;
    await runner.stop();
    expect((await runsOf(org, jobId))[0]).toMatchObject({ id: run.id, status: 'delivered', reportedAt: null });

    // A fresh start (no Last-Event-ID): it looks for runs still `delivered` and does them.
    const { backend, instructions } = countingBackend();
    const { logger, lines } = recordingLogger();
    await live.run(org.agentToken, { backend, logger });
    const done = await reported(org, jobId, run.id);
    expect(done.status).toBe('succeeded');
    expect(done.outcome).toContain('I can:');
    expect(instructions).toEqual(['help']);
    expect(lines.some((line) => line.message.includes('catching up on 1 schedule run(s)'))).toBe(true);
  });
});

describe('the runner and webhooks', () => {
  it('works on a signed delivery, reports it once, and works on a redelivery again', async () => {
    const org = await setupAgent(t);
    await addCard(t, org.adminToken, org.board.id, org.board.columns[0]!.id, 'Checkout button broken');
    const { backend, instructions } = countingBackend();
    await live.run(org.agentToken, { backend });
    const endpoint = await createEndpoint(org);
    const payload = {
      action: 'opened',
      issue: { number: 42, title: 'Checkout button broken', labels: ['bug'] },
      sender: { login: 'lin' },
    };
    const deliveryId = await deliver(endpoint, payload);

    const first = await deliveryReported(org, endpoint.id, deliveryId);
    expect(first.outcomeStatus).toBe('succeeded');
    expect(first.outcome).toContain(`Webhook “${endpoint.name}” delivered a JSON object (5 values):`);
    expect(first.outcome).toContain('- issue.title: Checkout button broken');
    expect(first.outcome).toContain('- issue.labels[0]: bug');
    // What it is about, looked up in the workspace: the card of that name.
    expect(first.outcome).toContain('I found 1 result for “Checkout button broken”:');
    // The payload as the server keeps it (Postgres orders an object's keys its own way).
    expect(first.payload).toEqual(payload);
    expect(instructions).toEqual([webhookInstruction(endpoint.name, first.payload)]);

    // A redelivery is new work: done and reported again.
    const redelivered = await t.call(
      'POST',
      `/agents/${org.agentId}/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}/redeliver`,
      { token: org.adminToken },
    );
    expect(redelivered.status).toBe(200);
    const second = await deliveryReported(org, endpoint.id, deliveryId, first.reportedAt);
    expect(second).toMatchObject({ outcomeStatus: 'succeeded', attempts: 2 });
    expect(instructions).toHaveLength(2);
  });

  it('waits while the agent is paused, and does the work once it is active again', async () => {
    const org = await setupAgent(t);
    const { backend, instructions } = countingBackend();
    const { logger, lines } = recordingLogger();
    await live.run(org.agentToken, { backend, logger });
    const endpoint = await createEndpoint(org, 'Deploys');
    await setStatus(org, 'paused');
    await waitFor(
      () => lines.some((line) => line.message.endsWith('paused: taking no new work')),
      Boolean,
      'the runner to pause',
    );
    const deliveryId = await deliver(endpoint, { service: 'web', version: '1.4.2' });
    await waitFor(
      () =>
        lines.some((line) =>
          line.message.endsWith('paused: work for webhook “Deploys” waits until the agent is active'),
        ),
      Boolean,
      'the work to wait',
    );
    expect((await deliveriesOf(org, endpoint.id))[0]).toMatchObject({ id: deliveryId, reportedAt: null });
    expect(instructions).toEqual([]);

    await setStatus(org, 'active');
    const done = await deliveryReported(org, endpoint.id, deliveryId);
    expect(done.outcomeStatus).toBe('succeeded');
    expect(done.outcome).toContain('- version: 1.4.2');
    expect(instructions).toHaveLength(1);
  });
});

describe('the runner catching up', () => {
  it('works on deliveries that came while no runner was running, and reports each once', async () => {
    const org = await setupAgent(t);
    const endpoint = await createEndpoint(org, 'Orders');
    const firstId = await deliver(endpoint, { order: 1 });
    const secondId = await deliver(endpoint, { order: 2 });
    const { backend, instructions } = countingBackend();
    const { logger, lines } = recordingLogger();
    await live.run(org.agentToken, { backend, logger });
    for (const id of [firstId, secondId]) {
      const done = await deliveryReported(org, endpoint.id, id);
      expect(done.outcomeStatus).toBe('succeeded');
    }
    expect([...instructions].sort()).toEqual([
      'Webhook “Orders” delivered: {"order":1}',
      'Webhook “Orders” delivered: {"order":2}',
    ]);
    expect(lines.some((line) => line.message.includes('and 2 webhook delivery(ies) not reported yet'))).toBe(true);
  });
});

describe('webhookInstruction', () => {
  it('names the endpoint and carries the payload as compact JSON, cut at 4,000 characters', () => {
    expect(webhookInstruction('Deploys', { a: [1, 2], b: 'x' })).toBe(
      'Webhook “Deploys” delivered: {"a":[1,2],"b":"x"}',
    );
    const long = webhookInstruction('Big', { text: 'x'.repeat(5000) });
    expect(long.length).toBeLessThan(4100);
    expect(long).toMatch(/… \(cut: 5,011 characters in all\)$/);
  });
});
