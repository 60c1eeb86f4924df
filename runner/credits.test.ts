/**
 * The runner without credits, against the real server in process: a write refused with 402
 * `CREDITS_EXHAUSTED` is logged once, nothing more is written or reported for that work and no new
 * work is taken; `agent.credits.changed` on its stream stops and resumes it; when credits come back
 * it picks up what waited.
 */
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../server/test/harness.ts';
import { ApiError, type WorkspaceApi } from './api.ts';
import { recordingLogger, setCredits as setCreditsOf, setupAgent, useLiveServer, waitFor } from './test/live.ts';
import { createTools, runTool } from './tools.ts';
import type { ActivityInput, AgentMessage, AgentSession, CronRun } from './types.ts';

const t = useTestApp();
const live = useLiveServer(t);
type Org = Awaited<ReturnType<typeof setupAgent>>;

/** Sets the company's credits to `available` (included), as the server does: announced on the streams, or silently. */
const setCredits = (org: Org, available: number, announce: boolean) =>
  setCreditsOf(t, org.company.id, available, announce);

async function openSession(org: Org, text: string) {
  const opened = await t.call('POST', `/agents/${org.agentId}/sessions`, { token: org.memberToken, body: { text } });
  expect(opened.status).toBe(201);
  return (opened.body as { session: AgentSession }).session;
}

const messagesOf = async (org: Org, sessionId: string) =>
  (await t.call('GET', `/agents/${org.agentId}/sessions/${sessionId}/messages`, { token: org.memberToken }))
    .body as AgentMessage[];
const answered = (messages: AgentMessage[]) =>
  messages.some((message) => message.role === 'agent' && message.status === 'complete');

const outOfCreditsLines = (lines: { level: string; message: string }[]) =>
  lines.filter((line) => line.level === 'warn' && line.message.includes('out of credits (CREDITS_EXHAUSTED)'));

describe('the runner without credits', () => {
  it('a reply refused with 402: one log line, nothing written, no new work; credits back, it answers both', async () => {
    const org = await setupAgent(t);
    // Enough for a write (so the company is not "exhausted" and no event says so), not for a reply.
    await setCredits(org, 3, false);
    const { logger, lines } = recordingLogger();
    await live.run(org.agentToken, { logger, creditsPollMs: 50 });
    const first = await openSession(org, 'help');
    await waitFor(
      () => outOfCreditsLines(lines).length,
      (n) => n > 0,
      'the runner to run out of credits',
    );
    // Another message waits: no attempt (the refusal is not retried, and new work is not taken).
    const second = await openSession(org, 'help again');
    await waitFor(
      () => lines.some((line) => line.message.endsWith('waits until credits are back')),
      Boolean,
      'the second message to wait',
    );
    expect(await messagesOf(org, first.id)).toHaveLength(1);
    expect(await messagesOf(org, second.id)).toHaveLength(1);
    expect(outOfCreditsLines(lines)).toHaveLength(1);
    expect(outOfCreditsLines(lines)[0]!.message).toContain('402');
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);

    // Credits arrive without crossing "exhausted" (no event): the runner's look at the balance finds them.
    await setCredits(org, 500, true);
    await waitFor(() => messagesOf(org, first.id), answered, 'the first reply', 60_000);
    await waitFor(() => messagesOf(org, second.id), answered, 'the second reply', 60_000);
    expect(lines.some((line) => line.message.includes('credits are back'))).toBe(true);
    expect(outOfCreditsLines(lines)).toHaveLength(1);
  });

  it('stops on agent.credits.changed (exhausted) and resumes on its return, answering what waited', async () => {
    const org = await setupAgent(t);
    const { logger, lines } = recordingLogger();
    // No look at the balance during the test: only the stream tells it.
    await live.run(org.agentToken, { logger, creditsPollMs: 600_000 });
    await setCredits(org, 0, true);
    await waitFor(
      () => outOfCreditsLines(lines).length,
      (n) => n > 0,
      'the runner to hear it ran out',
    );
    expect(outOfCreditsLines(lines)[0]!.message).toContain('run out of credits');
    const session = await openSession(org, 'help');
    await waitFor(
      () => lines.some((line) => line.message.endsWith('waits until credits are back')),
      Boolean,
      'the message to wait',
    );
    expect(await messagesOf(org, session.id)).toHaveLength(1);
    await setCredits(org, 100, true);
    const messages = await waitFor(() => messagesOf(org, session.id), answered, 'the reply', 60_000);
    expect(messages.filter((message) => message.role === 'agent')).toHaveLength(1);
    expect(lines.some((line) => line.message.includes('credits are back (100 available): taking work again'))).toBe(
      true,
    );
  });

  it('a schedule’s report refused with 402 is not retried and nothing is reported; credits back, it is', async () => {
    const org = await setupAgent(t);
    // Out of credits without the runner being told: it learns it from the refusal.
    await setCredits(org, 0, false);
    const { logger, lines } = recordingLogger();
    await live.run(org.agentToken, { logger, creditsPollMs: 600_000 });
    const job = await t.call('POST', `/agents/${org.agentId}/cron-jobs`, {
      token: org.adminToken,
      body: { name: 'Morning', expression: '0 9 * * 1-5', timeZone: 'Europe/Berlin', instruction: 'List the boards' },
    });
    expect(job.status).toBe(201);
    const fired = await t.call('POST', `/agents/${org.agentId}/cron-jobs/${job.body.id}/run`, {
      token: org.adminToken,
    });
    expect(fired.status).toBe(201);
    const runs = async () =>
      (await t.call('GET', `/agents/${org.agentId}/cron-jobs/${job.body.id}/runs`, { token: org.adminToken }))
        .body as CronRun[];
    await waitFor(
      () => outOfCreditsLines(lines).length,
      (n) => n > 0,
      'the refusal',
    );
    expect(outOfCreditsLines(lines)).toHaveLength(1);
    expect(outOfCreditsLines(lines)[0]!.message).toContain('schedule “Morning”');
    expect((await runs())[0]).toMatchObject({ id: fired.body.id, status: 'delivered', reportedAt: null });
    expect(lines.some((line) => line.message.includes('reported on the run'))).toBe(false);

    // Credits back (the stream says so): it catches up on the run waiting for its report.
    await setCredits(org, 100, true);
    const [run] = await waitFor(runs, (list) => list[0]?.status === 'succeeded', 'the report', 60_000);
    expect(run!.outcome).toBeTruthy();
  });
});

describe('a model’s tool call refused for lack of credits', () => {
  it('ends the work (not handed back to the model), and writes no error step; other failures are the model’s', async () => {
    const refusal = new ApiError(402, 'CREDITS_EXHAUSTED', 'POST /comments: 402 CREDITS_EXHAUSTED out of credits');
    const failure = new ApiError(500, 'INTERNAL', 'POST /comments: 500 INTERNAL');
    let next: ApiError = refusal;
    const api = { commentOnCard: () => Promise.reject(next) } as unknown as WorkspaceApi;
    const recorded: ActivityInput[] = [];
    const tools = createTools(api, async (item) => void recorded.push(item));
    const args = { projectId: 'p', cardId: 'c', text: 'Plan' };
    await expect(runTool(tools, 'comment_on_card', args, ['comment_on_card'])).rejects.toBe(refusal);
    expect(recorded).toEqual([]);
    next = failure;
    expect(await runTool(tools, 'comment_on_card', args, ['comment_on_card'])).toEqual({ error: failure.message });
    expect(recorded.map((item) => item.type)).toEqual(['error']);
  });
});
