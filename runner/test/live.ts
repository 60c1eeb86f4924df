/**
 * The real server in process, over HTTP (so an agent's event stream is a real SSE connection a test
 * can cut), and what the runner's tests share: starting runners on it, an agent with a token and a
 * board, polling, a logger that keeps what it was told.
 */
import type { AddressInfo, Socket } from 'node:net';
import { serve } from '@hono/node-server';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { creditAccounts } from '../../server/db/schema.ts';
import type { SystemActor } from '../../server/events/record.ts';
import { applyCreditTransaction } from '../../server/modules/credits/ledger.ts';
import type { TestApp } from '../../server/test/harness.ts';
import { createRulesBackend } from '../backends/rules.ts';
import { type Runner, type RunnerOptions, startRunner } from '../runner.ts';
import type { RunnerLogger } from '../types.ts';

const isStream = (path: string) => /\/agents\/[^/]+\/events$/.test(path);

/** Serves `t.app` on a local port for the file's tests; runners started with `run` stop after each test. */
export function useLiveServer(t: TestApp) {
  let server: ReturnType<typeof serve>;
  const live = {
    url: '',
    /** Sockets carrying an agent event stream, to cut them as a network failure would. */
    streamSockets: new Set<Socket>(),
    /** Headers of every event stream request (to see `Last-Event-ID` on reconnect). */
    streamRequests: [] as Record<string, string | string[] | undefined>[],
    /** Every request the server received over HTTP (runners are its only HTTP clients): `GET /api/…`. */
    requests: [] as string[],
    /** While set, the event stream answers 503: a runner cannot reconnect. */
    streamDown: false,
    runners: [] as Runner[],
    /** Starts a runner (the rule-based backend without pauses, a quick backoff) and waits until it is subscribed. */
    async run(token: string, options: Partial<RunnerOptions> = {}) {
      const runner = await startRunner({
        url: live.url,
        token,
        backend: createRulesBackend({ pieceDelayMs: 0 }),
        backoff: { initialMs: 10, maxMs: 50 },
        ...options,
      });
      live.runners.push(runner);
      // Subscribed: events from now on reach it.
      await runner.ready;
      return runner;
    },
  };

  beforeAll(async () => {
    server = serve({
      fetch: (request, env) =>
        live.streamDown && isStream(new URL(request.url).pathname)
          ? Response.json({ error: 'Unavailable (test)' }, { status: 503 })
          : t.app.fetch(request, env),
      port: 0,
      hostname: '127.0.0.1',
    });
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    server.on('request', (request) => {
      live.requests.push(`${request.method} ${request.url?.split('?')[0]}`);
      if (!isStream(request.url?.split('?')[0] ?? '')) return;
      live.streamSockets.add(request.socket);
      live.streamRequests.push(request.headers);
      request.socket.once('close', () => live.streamSockets.delete(request.socket));
    });
    live.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterEach(async () => {
    await Promise.all(live.runners.splice(0).map((runner) => runner.stop()));
    live.streamDown = false;
    live.requests.length = 0;
  });
  afterAll(async () => {
    (server as unknown as { closeAllConnections(): void }).closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return live;
}

/** Polls `read` until `accept` holds (every 20 ms, up to `timeoutMs`); answers the last value read. */
export async function waitFor<T>(
  read: () => Promise<T> | T,
  accept: (value: T) => boolean,
  what = 'condition',
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A logger that keeps what the runner said, for the assertions (and the failure messages). */
export function recordingLogger() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    void lines.push({ level, message, fields });
  const logger: RunnerLogger = { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
  return { logger, lines };
}

/** A company with an agent, a token for it, and a board with `columns`. */
export async function setupAgent(t: TestApp, columns = ['To do', 'Doing', 'Review', 'Done']) {
  const org = await t.createOrg();
  const created = await t.call('POST', '/agents', {
    token: org.adminToken,
    body: { name: t.unique('Cafébot'), role: 'Café assistant' },
  });
  expect(created.status).toBe(201);
  const agentId = created.body.id as string;
  const minted = await t.call('POST', `/agents/${agentId}/tokens`, {
    token: org.adminToken,
    body: { name: 'runner' },
  });
  expect(minted.status).toBe(201);
  const board = await t.createBoard(org.adminToken, columns);
  return { ...org, agentId, agentToken: minted.body.secret as string, tokenId: minted.body.id as string, board };
}

/** Adds a card to a board (and sets `extra` fields on it). */
export async function addCard(
  t: TestApp,
  token: string,
  projectId: string,
  columnId: string,
  title: string,
  extra: object = {},
) {
  const created = await t.call('POST', `/projects/${projectId}/cards`, { token, body: { columnId, title } });
  expect(created.status).toBe(201);
  const cardId = created.body.card.id as string;
  if (Object.keys(extra).length) {
    const updated = await t.call('PATCH', `/projects/${projectId}/cards/${cardId}`, { token, body: extra });
    expect(updated.status).toBe(200);
  }
  return cardId;
}

/**
 * Sets a company's credits to `available` (included), as the server does: announced on the
 * streams (`agent.credits.changed` when it crosses exhaustion), or silently.
 */
export async function setCredits(t: TestApp, companyId: string, available: number, announce: boolean) {
  const [account] = await t.ctx.db.select().from(creditAccounts).where(eq(creditAccounts.companyId, companyId));
  const actor: SystemActor | null = announce ? { system: { companyId } } : null;
  const row = await applyCreditTransaction(t.ctx.db, actor, companyId, {
    type: 'adjustment',
    change: { included: available - account!.included, purchased: -account!.purchased },
    note: 'Set by the test',
  });
  expect(row).not.toBeNull();
}
