/**
 * The runner with `mcp: true` (`--mcp`): every API call goes through the MCP endpoint's tools, the
 * event stream stays SSE, and the runner does the same work as over REST — a chat, a delegated card,
 * a mention. A tool's error keeps the API's status and code (402 out of credits, 404, invalid
 * arguments as 400), and the endpoint's own refusal (a revoked token) is the same 401.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../server/test/harness.ts';
import { type ApiCall, ApiError, type ApiTransport, apiBaseUrl, createApi, isCreditsExhausted } from './api.ts';
import { connectMcpTransport, mcpEndpoint } from './mcp.ts';
import { addCard, recordingLogger, setCredits, setupAgent, useLiveServer, waitFor } from './test/live.ts';
import type { AgentMessage, AgentSession, CardComment } from './types.ts';

const t = useTestApp();
const live = useLiveServer(t);
type Org = Awaited<ReturnType<typeof setupAgent>>;

const runMcp = (token: string, options: Parameters<typeof live.run>[1] = {}) =>
  live.run(token, { mcp: true, ...options });

const messagesOf = async (org: Org, sessionId: string) =>
  (await t.call('GET', `/agents/${org.agentId}/sessions/${sessionId}/messages`, { token: org.memberToken }))
    .body as AgentMessage[];
const agentReplies = (messages: AgentMessage[]) => messages.filter((message) => message.role === 'agent');
const finished = (messages: AgentMessage[]) =>
  agentReplies(messages).length > 0 && agentReplies(messages).every((reply) => reply.status !== 'streaming');

/**
 * What the runner sent over HTTP: MCP calls and its event stream, never a REST call. (The SDK's
 * client also asks once, by GET, for a server-to-client stream; the stateless endpoint answers 405.)
 */
function expectOnlyMcp(org: Org) {
  const kinds = new Set(live.requests);
  kinds.delete('GET /api/mcp');
  expect([...kinds].sort()).toEqual([`GET /api/agents/${org.agentId}/events`, 'POST /api/mcp']);
}

/** A direct MCP door for the agent, as the runner builds it. */
async function mcpApi(token: string) {
  const transport = await connectMcpTransport({ base: apiBaseUrl(live.url), token });
  return createApi({ url: live.url, token, transport });
}

describe('the runner’s calls', () => {
  it('each names an operation of the contract, with its method and path, open to agent tokens', async () => {
    const contract = JSON.parse(readFileSync(new URL('../contract/openapi.json', import.meta.url), 'utf8')) as {
      paths: Record<string, Record<string, { operationId: string; 'x-service-agent-token'?: boolean }>>;
    };
    const calls: ApiCall[] = [];
    // Answers shaped so every method's own handling (pages, `.projects`) runs once and ends.
    const recorder: ApiTransport = {
      kind: 'rest',
      call: <T>(call: ApiCall) => {
        calls.push(call);
        return Promise.resolve(
          Object.assign([], { projects: [], results: [], members: [], comments: [], total: 0 }) as T,
        );
      },
      close: () => Promise.resolve(),
    };
    const api = createApi({ url: 'http://localhost:8080', token: 'agt_test', transport: recorder });
    const methods = Object.entries(api as unknown as Record<string, unknown>).filter(
      (entry): entry is [string, (...args: unknown[]) => Promise<unknown>] =>
        typeof entry[1] === 'function' && entry[0] !== 'close',
    );
    for (const [, method] of methods) await method('id-1', 'id-2', 'id-3', 'id-4', 'id-5');
    expect(calls.length).toBeGreaterThanOrEqual(methods.length);
    for (const call of calls) {
      const operation = contract.paths[call.path]?.[call.method.toLowerCase()];
      expect(operation?.operationId, `${call.method} ${call.path}`).toBe(call.operationId);
      expect(operation?.['x-service-agent-token'], call.operationId).toBe(true);
      // Every placeholder of the path has its parameter, and no other parameter is sent.
      const placeholders = [...call.path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect(Object.keys(call.params ?? {}).sort(), call.operationId).toEqual(placeholders.sort());
    }
  });

  it('go to the MCP endpoint with every toolset', () => {
    expect(mcpEndpoint('http://localhost:8080/api').href).toBe('http://localhost:8080/api/mcp?toolsets=all');
  });
});

describe('the runner over MCP', () => {
  it('answers a chat message from the API’s data, its steps recorded, without a REST call', async () => {
    const org = await setupAgent(t);
    const [todo] = org.board.columns;
    await addCard(t, org.adminToken, org.board.id, todo!.id, 'Oat milk supplier', { blocked: 'Waiting for a quote' });
    const { logger, lines } = recordingLogger();
    await runMcp(org.agentToken, { logger });
    expect(lines.some((line) => line.message.includes('runner started') && line.fields?.api === 'mcp')).toBe(true);
    const boardName = (await t.call('GET', `/projects/${org.board.id}`, { token: org.adminToken })).body.name;
    const opened = await t.call('POST', `/agents/${org.agentId}/sessions`, {
      token: org.memberToken,
      body: { text: `What is blocked on ${boardName}?` },
    });
    expect(opened.status).toBe(201);
    const sessionId = (opened.body as { session: AgentSession }).session.id;
    const [reply] = agentReplies(await waitFor(() => messagesOf(org, sessionId), finished, 'the reply'));
    expect(reply!.status).toBe('complete');
    expect(reply!.text).toContain('“Oat milk supplier” in To do: Waiting for a quote');
    expect(reply!.activity.map((item) => item.tool).filter(Boolean)).toEqual(['list_projects', 'get_board']);
    expectOnlyMcp(org);
  });

  it('works a delegated card: comments its plan, moves it to Review, completes the session', async () => {
    const org = await setupAgent(t);
    const [todo, , review] = org.board.columns;
    const cardId = await addCard(t, org.adminToken, org.board.id, todo!.id, 'Pick an oat milk', {
      description: 'Compare three suppliers on taste and price.',
    });
    await runMcp(org.agentToken);
    const assigned = await t.call('PATCH', `/projects/${org.board.id}/cards/${cardId}`, {
      token: org.memberToken,
      body: { assignee: org.agentId },
    });
    expect(assigned.status).toBe(200);
    await waitFor(
      async () =>
        (await t.call('GET', `/agent-sessions?agentId=${org.agentId}`, { token: org.memberToken }))
          .body as AgentSession[],
      (sessions) => sessions.some((session) => session.status === 'completed'),
      'the delegation to complete',
    );
    const card = (await t.call('GET', `/projects/${org.board.id}/cards/${cardId}`, { token: org.memberToken })).body;
    expect(card.column).toBe(review!.id);
    const comments = (
      await t.call('GET', `/projects/${org.board.id}/cards/${cardId}/comments`, { token: org.memberToken })
    ).body.comments as CardComment[];
    expect(comments).toHaveLength(1);
    expect(comments[0]!.authorAgentId).toBe(org.agentId);
    expect(comments[0]!.text).toContain('Plan for “Pick an oat milk”:');
    expectOnlyMcp(org);
  });

  it('answers a mention in its card thread, once', async () => {
    const org = await setupAgent(t);
    const cardId = await addCard(t, org.adminToken, org.board.id, org.board.columns[0]!.id, 'Pick a supplier');
    const runner = await runMcp(org.agentToken);
    const path = `/projects/${org.board.id}/cards/${cardId}/comments`;
    const root = await t.call('POST', path, { token: org.memberToken, body: { text: 'Which suppliers are stuck?' } });
    expect(root.status).toBe(201);
    const mention = await t.call('POST', path, {
      token: org.memberToken,
      body: { text: `@[${runner.agent.name}](agent:${org.agentId}), what is blocked?`, parentId: root.body.id },
    });
    expect(mention.status).toBe(201);
    const listed = async () =>
      ((await t.call('GET', `${path}?limit=200`, { token: org.memberToken })).body.comments as CardComment[]).filter(
        (comment) => comment.authorAgentId === org.agentId,
      );
    await waitFor(listed, (list) => list.length > 0, 'the agent’s reply');
    await runner.idle();
    const replies = await listed();
    expect(replies).toHaveLength(1);
    expect(replies[0]!.parentId).toBe(root.body.id);
    expectOnlyMcp(org);
  });

  it('runs out of credits as over REST: the 402 is logged once and nothing is written', async () => {
    const org = await setupAgent(t);
    // Enough for a write, not for a reply: the refusal comes from the tool call.
    await setCredits(t, org.company.id, 3, false);
    const { logger, lines } = recordingLogger();
    await runMcp(org.agentToken, { logger, creditsPollMs: 60_000 });
    const opened = await t.call('POST', `/agents/${org.agentId}/sessions`, {
      token: org.memberToken,
      body: { text: 'help' },
    });
    const sessionId = (opened.body as { session: AgentSession }).session.id;
    const outOfCredits = () =>
      lines.filter((line) => line.level === 'warn' && line.message.includes('out of credits (CREDITS_EXHAUSTED)'));
    await waitFor(outOfCredits, (found) => found.length > 0, 'the runner to run out of credits');
    expect(outOfCredits()).toHaveLength(1);
    expect(outOfCredits()[0]!.message).toContain('402');
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);
    expect(await messagesOf(org, sessionId)).toHaveLength(1);
  });
});

describe('errors over MCP', () => {
  it('a tool’s error keeps the API’s status and code', async () => {
    const org = await setupAgent(t);
    const api = await mcpApi(org.agentToken);
    try {
      const missing = await api.getCard(org.board.id, '00000000-0000-4000-8000-000000000000').catch((e: unknown) => e);
      expect(missing).toBeInstanceOf(ApiError);
      expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });

      const cardId = await addCard(t, org.adminToken, org.board.id, org.board.columns[0]!.id, 'A card');
      await setCredits(t, org.company.id, 0, false);
      const refused = await api.commentOnCard(org.board.id, cardId, 'Hello').catch((e: unknown) => e);
      expect(refused).toMatchObject({ status: 402, code: 'CREDITS_EXHAUSTED' });
      expect(isCreditsExhausted(refused)).toBe(true);
      // The same call over REST refuses the same way.
      const rest = await createApi({ url: live.url, token: org.agentToken })
        .commentOnCard(org.board.id, cardId, 'Hello')
        .catch((e: unknown) => e);
      expect(rest).toMatchObject({ status: 402, code: 'CREDITS_EXHAUSTED' });
    } finally {
      await api.close();
    }
  });

  it('arguments the endpoint refuses are a 400 VALIDATION_ERROR', async () => {
    const org = await setupAgent(t);
    const api = await mcpApi(org.agentToken);
    try {
      const refused = await api.getBoard('not-a-uuid').catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(ApiError);
      expect(refused).toMatchObject({ status: 400, code: 'VALIDATION_ERROR' });
      expect((refused as ApiError).message).toContain('getProject');
    } finally {
      await api.close();
    }
  });

  it('a revoked token: the endpoint’s 401 is the API’s, and the runner does not start', async () => {
    const org = await setupAgent(t);
    const revoked = await t.call('DELETE', `/agents/${org.agentId}/tokens/${org.tokenId}`, { token: org.adminToken });
    expect(revoked.status).toBe(200);
    const refused = await connectMcpTransport({ base: apiBaseUrl(live.url), token: org.agentToken }).catch(
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 401, code: 'AGENT_TOKEN_REVOKED' });
    await expect(runMcp(org.agentToken)).rejects.toMatchObject({ status: 401 });
  });
});
