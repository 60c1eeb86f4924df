/**
 * Agents at work (issue 15; targets: a reply piece reaches the person's screen p95 ≤ 100 ms after
 * the agent posts it; one server holds 1,000 open agent and notification streams with idle RSS
 * growth < 100 MB).
 *
 * On its own data directory, the real server (`server/main.ts`) with the demo data and
 * `DEMO_AGENTS=off` (no runner answers: the bench plays its agents itself, through the API with
 * tokens it mints for agents it creates):
 *
 *  1. a streaming reply in Chromium (bench/agents-browser.ts): Ada creates an agent and mints its
 *     token, Max opens a conversation with it and has it on screen, and the agent streams a reply
 *     in pieces; each piece's time from the agent's send to the frame showing it, and the server's
 *     answer to each append;
 *  2. open streams, on a fresh start of the server on the same data: 500 `GET
 *     /api/notifications/sse` (five people's sessions, 100 each) and 500 `GET
 *     /api/agents/{agentId}/events` (five agents' tokens, 100 each), each on its own socket from
 *     this process, opened 50 at a time until every one has had its `ready`; then ~12 s idle (a
 *     heartbeat, every 10 s, reaches each), then all closed. The serving process's RSS (VmRSS of
 *     /proc/<pid>/status) before (after a warm-up of 20 streams opened and closed), once all are
 *     ready, after the idle time, and 5 s after closing; growth and cost per stream.
 *
 *   agentsBench()              bench/run.ts wires it in (`npm run bench -- agents` runs it alone)
 *   npx tsx bench/agents.ts    the same, standalone
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type ClientRequest } from 'node:http';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agentReplyBench } from './agents-browser.ts';
import { api, currentWebBuild, round, signIn, startServer } from './shared.ts';

const CHAT_ROUTE = 'src/routes/_app/_company/agents/$agentId/sessions/$sessionId.tsx';
const PEOPLE = ['ada', 'grace', 'linus', 'priya', 'max'].map((name) => `${name}@acme.example`);
const STREAMS_PER_CREDENTIAL = 100;
const OPEN_BATCH = 50;
const IDLE_MS = 12_000;

/** The resident memory of process `pid`, in MiB. */
function rssMiB(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);
  return round(kb / 1024);
}

/** As Ada (an admin): a new agent named `name` and a fresh token for it. */
async function agentWithToken(base: string, adminToken: string, name: string) {
  const agent = await api<{ id: string }>(base, adminToken, 'POST', '/agents', { name, role: 'Benchmark' });
  const { secret } = await api<{ secret: string }>(base, adminToken, 'POST', `/agents/${agent.id}/tokens`, {
    name: 'bench',
  });
  return { agentId: agent.id, token: secret };
}

// ---------------------------------------------------------------- 2. open streams
type OpenStream = { pings: () => number; close: () => void };

/** Opens one event stream on its own socket; resolves at its `ready` event. */
function openStream(url: string, token: string): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    let pings = 0;
    const request: ClientRequest = httpRequest(url, {
      agent: false,
      headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    });
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`GET ${url}: ${response.statusCode}`));
        response.resume();
        return;
      }
      response.setEncoding('utf8');
      let head = '';
      let ready = false;
      response.on('data', (chunk: string) => {
        if (ready) {
          if (chunk.includes(': ping')) pings++;
          return;
        }
        head += chunk;
        if (/^event: ready$/m.test(head)) {
          ready = true;
          resolve({ pings: () => pings, close: () => request.destroy() });
        }
      });
      response.on('error', () => undefined);
    });
    request.on('error', (error) => {
      reject(error);
    });
    request.end();
  });
}

/** Opens every `[url, token]` stream, `OPEN_BATCH` at a time. */
async function openAll(targets: [string, string][]): Promise<OpenStream[]> {
  const streams: OpenStream[] = [];
  for (let i = 0; i < targets.length; i += OPEN_BATCH) {
    streams.push(
      ...(await Promise.all(targets.slice(i, i + OPEN_BATCH).map(([url, token]) => openStream(url, token)))),
    );
  }
  return streams;
}

/** Established connections the server holds on `port`. */
function establishedOn(port: number): number {
  const found = spawnSync('sh', ['-c', `ss -Htn state established '( sport = :${port} )' | wc -l`]);
  return Number(found.stdout.toString().trim());
}

async function openStreams(port: number, dataDir: string) {
  const server = await startServer(port, dataDir, { SEED: 'demo' });
  try {
    const { base, pid } = server;
    const sessions = await Promise.all(PEOPLE.map((email) => signIn(base, email)));
    const agents = [];
    for (let i = 1; i <= PEOPLE.length; i++)
      agents.push(await agentWithToken(base, sessions[0]!, `Bench streams ${i}`));
    const targets: [string, string][] = [];
    for (let i = 0; i < STREAMS_PER_CREDENTIAL; i++) {
      for (const token of sessions) targets.push([`${base}/api/notifications/sse`, token]);
      for (const agent of agents) targets.push([`${base}/api/agents/${agent.agentId}/events`, agent.token]);
    }

    // Warm-up: the stream code paths run (and compiled) before the baseline.
    const warm = await openAll(targets.slice(0, 20));
    warm.forEach((stream) => stream.close());
    await new Promise((resolve) => setTimeout(resolve, 2000));

    const before = rssMiB(pid);
    const started = performance.now();
    const streams = await openAll(targets);
    const openSeconds = (performance.now() - started) / 1000;
    const ready = rssMiB(pid);
    const sockets = establishedOn(port);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const idle = rssMiB(pid);
    const pinged = streams.filter((stream) => stream.pings() > 0).length;
    streams.forEach((stream) => stream.close());
    await new Promise((resolve) => setTimeout(resolve, 5000));
    const closed = rssMiB(pid);
    const socketsAfter = establishedOn(port);

    const growth = idle - before;
    const row = {
      streams: streams.length,
      notificationStreams: STREAMS_PER_CREDENTIAL * sessions.length,
      agentStreams: STREAMS_PER_CREDENTIAL * agents.length,
      openSeconds: round(openSeconds),
      serverSockets: sockets,
      heartbeatReceivedBy: pinged,
      rssBeforeMiB: before,
      rssAllReadyMiB: ready,
      rssIdleMiB: idle,
      growthMiB: round(growth),
      perStreamKiB: round((growth * 1024) / streams.length),
      rssAfterCloseMiB: closed,
      serverSocketsAfterClose: socketsAfter,
      loadAverage1m: round(loadavg()[0]!),
    };
    console.log(
      `\nOpen event streams held by one server (server/main.ts, demo data): ${row.notificationStreams} notification streams ` +
        `(5 people, 100 each) and ${row.agentStreams} agent streams (5 agent tokens, 100 each), one socket each, ` +
        `opened ${OPEN_BATCH} at a time; idle ${IDLE_MS / 1000} s (heartbeat every 10 s). RSS of the serving process ` +
        '(target growth < 100 MB).',
    );
    console.table([row]);
    return row;
  } finally {
    await server.stop();
  }
}

// ---------------------------------------------------------------- 1. reply pieces
async function replyPieces(port: number, dataDir: string) {
  // The server reads index.html once at start: the web build is made (when stale) first.
  if (!currentWebBuild([CHAT_ROUTE])) {
    console.log('\n(no conversation page in this build: the streaming reply part is skipped)');
    return null;
  }
  const server = await startServer(port, dataDir, { SEED: 'demo' });
  try {
    const { base } = server;
    const ada = await signIn(base, PEOPLE[0]!);
    const max = await signIn(base, 'max@acme.example');
    const { agentId, token } = await agentWithToken(base, ada, 'Bench replies');
    const { session } = await api<{ session: { id: string } }>(base, max, 'POST', `/agents/${agentId}/sessions`, {
      text: 'Write me a long answer, please.',
    });
    return await agentReplyBench(base, { personToken: max, agentId, sessionId: session.id, agentToken: token });
  } finally {
    await server.stop();
  }
}

export async function agentsBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-agents-bench-'));
  const port = Number(process.env.BENCH_AGENTS_PORT ?? 4395);
  try {
    const replies = await replyPieces(port, dataDir);
    const streams = await openStreams(port, dataDir);
    return { replies, streams };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await agentsBench();
