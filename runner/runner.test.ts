/**
 * The runner against the real server in process, over HTTP (so the event stream is a real SSE
 * connection the test can cut): chat, delegated cards, stop, a forced disconnect, and the
 * OpenAI-compatible backend against a scripted local model server.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../server/test/harness.ts';
import { createOpenAiBackend } from './backends/openai.ts';
import { createRulesBackend } from './backends/rules.ts';
import type { Backend } from './backends/types.ts';
import type { RunnerOptions } from './runner.ts';
import { startFakeModel } from './test/fake-model.ts';
import { addCard as addCardAs, recordingLogger, setupAgent, useLiveServer, waitFor } from './test/live.ts';
import type { AgentMessage, AgentSession } from './types.ts';

const t = useTestApp();
const live = useLiveServer(t);
const { streamSockets, streamRequests } = live;
const run = (token: string, options: Partial<RunnerOptions> = {}) => live.run(token, options);
const setup = (columns?: string[]) => setupAgent(t, columns);
const addCard = (token: string, projectId: string, columnId: string, title: string, extra: object = {}) =>
  addCardAs(t, token, projectId, columnId, title, extra);

const messagesOf = async (token: string, agentId: string, sessionId: string) => {
  const answer = await t.call('GET', `/agents/${agentId}/sessions/${sessionId}/messages`, { token });
  expect(answer.status).toBe(200);
  return answer.body as AgentMessage[];
};
const sessionOf = async (token: string, agentId: string, sessionId: string) =>
  (await t.call('GET', `/agents/${agentId}/sessions/${sessionId}`, { token })).body as AgentSession;
const replies = (messages: AgentMessage[]) => messages.filter((message) => message.role === 'agent');
const finished = (messages: AgentMessage[]) =>
  replies(messages).length > 0 && replies(messages).every((reply) => reply.status !== 'streaming');

async function openSession(token: string, agentId: string, text: string) {
  const opened = await t.call('POST', `/agents/${agentId}/sessions`, { token, body: { text } });
  expect(opened.status).toBe(201);
  return opened.body as { session: AgentSession; message: AgentMessage };
}

/** A backend whose first chat writes one piece, then waits for `release` (or a stop); later chats answer at once. */
function gatedBackend() {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const state = { firstPieceSent: false, aborted: false, afterStop: undefined as unknown, calls: 0 };
  const rules = createRulesBackend({ pieceDelayMs: 0 });
  const backend: Backend = {
    label: 'a gated test backend',
    async chat(context) {
      if (state.calls++ > 0) return rules.chat(context);
      await context.sink.text('First piece. ');
      state.firstPieceSent = true;
      await Promise.race([
        released,
        new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true })),
      ]);
      if (context.signal.aborted) {
        state.aborted = true;
        // A careless backend writes on after the stop: the runner must not let it through.
        state.afterStop = await context.sink.text('written after the stop').then(
          () => 'sent',
          (error: unknown) => error,
        );
        return;
      }
      await context.sink.text('Second piece.');
    },
    planCard: (context) => rules.planCard(context),
  };
  return { backend, state, release };
}

describe('the reference agent runner', () => {
  it('answers a chat message with a streamed reply, its steps recorded, from the API’s data', async () => {
    const org = await setup();
    const [todo, doing] = org.board.columns;
    await addCard(org.adminToken, org.board.id, todo!.id, 'Oat milk supplier', { blocked: 'Waiting for a quote' });
    await addCard(org.adminToken, org.board.id, doing!.id, 'New menu board');
    const stream = await t.openStream(org.memberToken);
    await stream.next('ready');
    const { logger, lines } = recordingLogger();
    await run(org.agentToken, { logger });

    const boardName = (await t.call('GET', `/projects/${org.board.id}`, { token: org.adminToken })).body.name;
    const { session } = await openSession(org.memberToken, org.agentId, `What is blocked on ${boardName}?`);
    const messages = await waitFor(() => messagesOf(org.memberToken, org.agentId, session.id), finished, 'the reply');
    const [reply] = replies(messages);
    expect(reply!.status).toBe('complete');
    expect(reply!.author).toMatchObject({ kind: 'agent', id: org.agentId });
    expect(reply!.text).toContain('1 blocked card');
    expect(reply!.text).toContain('“Oat milk supplier” in To do: Waiting for a quote');
    expect(reply!.text).not.toContain('New menu board');
    expect(reply!.activity.map((item) => item.tool ?? item.type)).toEqual([
      'thought',
      'thought',
      'list_projects',
      'get_board',
    ]);
    expect(reply!.activity.find((item) => item.tool === 'get_board')!.arguments).toEqual({ projectId: org.board.id });
    // The person saw it arrive in pieces, each applied at the offset it was written at.
    const pieces = stream.received.filter(
      (event) => event.event === 'agent.message.appended' && event.data.messageId === reply!.id,
    );
    const textPieces = pieces.filter((event) => event.data.text);
    expect(textPieces.length).toBeGreaterThan(2);
    expect(textPieces.map((event) => event.data.text).join('')).toBe(reply!.text);
    expect(textPieces[1]!.data.offset).toBe(textPieces[0]!.data.text.length);
    expect((await sessionOf(org.memberToken, org.agentId, session.id)).status).toBe('open');
    expect(lines.some((line) => line.message.endsWith('reply finished'))).toBe(true);
    await stream.close();
  });

  it('says what it can do when it does not understand, and never invents an answer', async () => {
    const org = await setup();
    await run(org.agentToken);
    const { session } = await openSession(org.memberToken, org.agentId, 'Write me a poem about oat milk');
    const [reply] = replies(await waitFor(() => messagesOf(org.memberToken, org.agentId, session.id), finished));
    expect(reply!.status).toBe('complete');
    expect(reply!.text).toContain('I can’t answer that, and I won’t guess.');
    expect(reply!.text).toContain('summarise a board');
  });

  it('works a delegated card: comments its plan as the agent, moves it to Review, completes the session', async () => {
    const org = await setup();
    const [todo, , review] = org.board.columns;
    const cardId = await addCard(org.adminToken, org.board.id, todo!.id, 'Pick an oat milk', {
      description: 'Compare three suppliers on taste and price.',
      checklist: [
        { text: 'Ask for samples', done: true },
        { text: 'Blind tasting', done: false },
      ],
    });
    await run(org.agentToken);
    const assigned = await t.call('PATCH', `/projects/${org.board.id}/cards/${cardId}`, {
      token: org.memberToken,
      body: { assignee: org.agentId },
    });
    expect(assigned.status).toBe(200);
    const delegation = await waitFor(
      async () =>
        (
          (await t.call('GET', `/projects/${org.board.id}/delegations`, { token: org.memberToken })).body as {
            cardId: string;
            sessionId: string;
            status: string;
          }[]
        ).find((entry) => entry.cardId === cardId),
      (entry) => entry?.status === 'completed',
      'the delegation to complete',
    );
    const card = (await t.call('GET', `/projects/${org.board.id}/cards/${cardId}`, { token: org.memberToken })).body;
    expect(card.column).toBe(review!.id);
    const comments = (
      await t.call('GET', `/projects/${org.board.id}/cards/${cardId}/comments`, { token: org.memberToken })
    ).body;
    const list = (Array.isArray(comments) ? comments : comments.comments) as {
      authorAgentId?: string;
      text: string;
    }[];
    expect(list).toHaveLength(1);
    expect(list[0]!.authorAgentId).toBe(org.agentId);
    expect(list[0]!.text).toContain('Plan for “Pick an oat milk”:');
    expect(list[0]!.text).toContain('“Blind tasting”');
    const [reply] = replies(await messagesOf(org.memberToken, org.agentId, delegation!.sessionId));
    expect(reply!.status).toBe('complete');
    expect(reply!.text).toContain(`moved it to “${review!.name}”`);
    expect(reply!.activity.map((item) => item.tool).filter(Boolean)).toEqual([
      'get_card',
      'get_board',
      'comment_on_card',
      'move_card',
    ]);
  });

  it('leaves a delegated card where it is when the board has no Review column, and says so', async () => {
    const org = await setup(['Backlog', 'Done']);
    const cardId = await addCard(org.adminToken, org.board.id, org.board.columns[0]!.id, 'Clean the grinder');
    await run(org.agentToken);
    await t.call('PATCH', `/projects/${org.board.id}/cards/${cardId}`, {
      token: org.adminToken,
      body: { assignee: org.agentId },
    });
    const sessions = await waitFor(
      async () =>
        (await t.call('GET', `/agent-sessions?agentId=${org.agentId}`, { token: org.adminToken }))
          .body as AgentSession[],
      (list) => list.some((session) => session.status === 'completed'),
    );
    const [reply] = replies(await messagesOf(org.adminToken, org.agentId, sessions[0]!.id));
    expect(reply!.text).toContain('The board has no Review column, so I left the card in “Backlog”.');
    const card = (await t.call('GET', `/projects/${org.board.id}/cards/${cardId}`, { token: org.adminToken })).body;
    expect(card.column).toBe(org.board.columns[0]!.id);
  });

  it('obeys stop at once: the work is abandoned and nothing more is written; a new message is answered', async () => {
    const org = await setup();
    const { backend, state } = gatedBackend();
    const runner = await run(org.agentToken, { backend });
    const { session } = await openSession(org.memberToken, org.agentId, 'help');
    await waitFor(() => state.firstPieceSent, Boolean);
    const stopped = await t.call('POST', `/agents/${org.agentId}/sessions/${session.id}/stop`, {
      token: org.memberToken,
    });
    expect(stopped.status).toBe(200);
    await waitFor(() => state.aborted, Boolean, 'the runner to abort the work');
    await runner.idle();
    expect(state.afterStop).toBeInstanceOf(Error);
    const messages = await messagesOf(org.memberToken, org.agentId, session.id);
    expect(messages.map((message) => [message.role, message.status])).toEqual([
      ['user', 'complete'],
      ['agent', 'stopped'],
      ['system', 'complete'],
    ]);
    expect(messages[1]!.text).toBe('First piece. ');

    // The person writes again: the session reopens and the agent answers (once).
    const again = await t.call('POST', `/agents/${org.agentId}/sessions/${session.id}/messages`, {
      token: org.memberToken,
      body: { text: 'help' },
    });
    expect(again.status).toBe(201);
    const after = await waitFor(
      () => messagesOf(org.memberToken, org.agentId, session.id),
      (list) => list.length === 5 && finished(list),
    );
    expect(after[4]).toMatchObject({ role: 'agent', status: 'complete' });
    expect(after[4]!.text).toContain('I can:');
    expect(after[1]!.text).toBe('First piece. ');
  });

  it('survives a forced disconnect mid-work: resumes with Last-Event-ID and does no work twice', async () => {
    const org = await setup();
    const { backend, state, release } = gatedBackend();
    const { logger, lines } = recordingLogger();
    const runner = await run(org.agentToken, { backend, logger });
    const first = await openSession(org.memberToken, org.agentId, 'help');
    await waitFor(() => state.firstPieceSent, Boolean);

    // Cut the connection mid-reply, and keep the stream down while the person writes elsewhere.
    live.streamDown = true;
    const before = runner.stream.connections;
    for (const socket of streamSockets) socket.destroy();
    await waitFor(
      () => runner.stream.connections,
      (count) => count >= before + 2,
      'failed reconnections',
    );
    const second = await openSession(org.memberToken, org.agentId, 'help');
    live.streamDown = false;
    await waitFor(
      () => lines.filter((line) => line.message === 'event stream reconnected').length,
      (count) => count >= 1,
      'the reconnection',
    );
    const firstEvent = lines.find(
      (line) => line.message === 'event received' && line.fields?.type === 'agent.session.message',
    );
    expect(streamRequests.at(-1)!['last-event-id']).toBe(firstEvent!.fields!.id);
    release();
    for (const { session } of [first, second])
      await waitFor(() => messagesOf(org.memberToken, org.agentId, session.id), finished);
    await runner.idle();

    // Once more, from further back: a new runner replays every event since before the first message.
    await runner.stop();
    const replay = recordingLogger();
    const again = await run(org.agentToken, {
      backend,
      logger: replay.logger,
      lastEventId: String(Number(firstEvent!.fields!.id) - 1),
    });
    await waitFor(
      () => replay.lines.filter((line) => line.message === 'event received').length,
      (count) => count >= 2,
      'the replayed events',
    );
    await again.idle();

    for (const { session } of [first, second]) {
      const messages = await messagesOf(org.memberToken, org.agentId, session.id);
      expect(messages.map((message) => message.role)).toEqual(['user', 'agent']);
      expect(messages[1]!.status).toBe('complete');
    }
    const [reply] = replies(await messagesOf(org.memberToken, org.agentId, first.session.id));
    expect(reply!.text).toBe('First piece. Second piece.');
    expect(state.calls).toBe(2);
  });

  it('takes no new work while paused, and takes it again when active', async () => {
    const org = await setup();
    const { logger, lines } = recordingLogger();
    await run(org.agentToken, { logger });
    const said = (text: string) => () => lines.some((line) => line.message.endsWith(text));
    const pause = await t.call('PUT', `/agents/${org.agentId}/status`, {
      token: org.adminToken,
      body: { status: 'paused' },
    });
    expect(pause.status).toBe(200);
    await waitFor(said('paused: taking no new work'), Boolean, 'the runner to pause');
    await t.call('PUT', `/agents/${org.agentId}/status`, { token: org.adminToken, body: { status: 'active' } });
    await waitFor(said('active again: taking work'), Boolean, 'the runner to resume');
    const { session } = await openSession(org.memberToken, org.agentId, 'help');
    const [reply] = replies(await waitFor(() => messagesOf(org.memberToken, org.agentId, session.id), finished));
    expect(reply!.status).toBe('complete');
  });

  it('stops by itself when its token is revoked', async () => {
    const org = await setup();
    const runner = await run(org.agentToken);
    const revoked = await t.call('DELETE', `/agents/${org.agentId}/tokens/${org.tokenId}`, { token: org.adminToken });
    expect(revoked.status).toBe(200);
    for (const socket of streamSockets) socket.destroy();
    await runner.stopped;
  });

  it('answers with an OpenAI-compatible model, running its tool calls through the API', async () => {
    const org = await setup();
    const cardId = await addCard(
      org.adminToken,
      org.board.id,
      org.board.columns[0]!.id,
      'Descale the espresso machine',
    );
    const model = await startFakeModel((request) => {
      const round = request.messages.filter((message) => message.role === 'tool').length;
      if (round === 0) return { toolCalls: [{ name: 'search_workspace', arguments: { query: 'descale' } }] };
      if (round === 1) {
        const found = JSON.parse(request.messages.at(-1)!.content!) as {
          results: { kind: string; id: string; projectId?: string }[];
        };
        const card = found.results.find((result) => result.kind === 'card')!;
        return {
          toolCalls: [
            {
              name: 'comment_on_card',
              arguments: { projectId: card.projectId, cardId: card.id, text: 'Descaling is due this week.' },
            },
          ],
        };
      }
      return { text: 'I found the card and left a note on it: descaling is due this week.' };
    });
    try {
      await run(org.agentToken, {
        backend: createOpenAiBackend({ baseUrl: model.url, model: 'scripted' }),
      });
      const { session } = await openSession(org.memberToken, org.agentId, 'Remind people about descaling');
      const [reply] = replies(await waitFor(() => messagesOf(org.memberToken, org.agentId, session.id), finished));
      expect(reply!.status).toBe('complete');
      expect(reply!.text).toBe('I found the card and left a note on it: descaling is due this week.');
      expect(
        reply!.activity.filter((item) => item.type === 'action').map((item) => [item.tool, item.arguments]),
      ).toEqual([
        ['search_workspace', { query: 'descale' }],
        ['comment_on_card', { projectId: org.board.id, cardId, text: 'Descaling is due this week.' }],
      ]);
      const comments = (
        await t.call('GET', `/projects/${org.board.id}/cards/${cardId}/comments`, { token: org.memberToken })
      ).body;
      const list = (Array.isArray(comments) ? comments : comments.comments) as {
        authorAgentId?: string;
        text: string;
      }[];
      expect(list).toEqual([
        expect.objectContaining({ authorAgentId: org.agentId, text: 'Descaling is due this week.' }),
      ]);
      // The model saw the conversation and the tools' real results.
      expect(model.requests).toHaveLength(3);
      expect(model.requests[0]!.messages.at(-1)).toMatchObject({
        role: 'user',
        content: 'Remind people about descaling',
      });
      expect(model.requests[1]!.messages.at(-1)!.content).toContain(cardId);
    } finally {
      await model.close();
    }
  });

  it('runs from the command line, logs what it does, and exits cleanly on SIGINT', async () => {
    const org = await setup();
    const child = spawn(process.execPath, ['--import', 'tsx', 'runner/cli.ts', '--url', live.url], {
      env: { ...process.env, AGENT_TOKEN: org.agentToken, AGENT_MODEL_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      await waitFor(
        () => output,
        (text) => text.includes('event stream connected'),
        'the CLI to connect',
        25_000,
      );
      const { session } = await openSession(org.memberToken, org.agentId, 'help');
      await waitFor(() => messagesOf(org.memberToken, org.agentId, session.id), finished);
      await waitFor(
        () => output,
        (text) => text.includes('reply finished'),
      );
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(output).toContain('runner started with the built-in assistant');
      expect(output).toContain('runner stopped');
    } finally {
      child.kill('SIGKILL');
    }
  });
});
