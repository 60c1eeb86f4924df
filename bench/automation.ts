/**
 * Integrations and automation (issue 16; the issue names no figures, these are ours to watch):
 *
 *  1. Webhook receipt over HTTP, on the real server (`server/main.ts`, its own data directory,
 *     demo data, no demo runner, the per-endpoint limit raised): an outside system's signed
 *     `POST /api/hooks/{id}` — 300 one after another (latency p50/p95/max), then 2,000 with 20 in
 *     flight (deliveries per second, latency p95). Each delivery is verified (HMAC of the raw
 *     body), stored and recorded as two events in one transaction.
 *  2. The agent page's new reads over HTTP: an agent's grants (with the joined connection), its
 *     schedules (each with its last run) and its webhook endpoints, and Settings → Integrations'
 *     connections — 200 each, p50/p95.
 *  3. The scheduler in process (`runDueCronJobs` on an in-memory database): 1,000 jobs of 50
 *     agents all due at once — one pass firing them all (claimed, run rows, next times, events),
 *     then a pass with nothing due (the cost of every tick).
 *
 *   automationBench()             bench/run.ts wires it in (`npm run bench -- automation` runs it alone)
 *   npx tsx bench/automation.ts   the same, standalone
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { agents, companies, cronJobs } from '../server/db/schema.ts';
import { runDueCronJobs } from '../server/modules/automation/index.ts';
import { signWebhook } from '../server/modules/automation/webhook-signature.ts';
import { api, percentile, round, signIn, startServer } from './shared.ts';
import { inProcessContext } from './in-process.ts';

const summary = (times: number[]) => ({
  p50: round(percentile(times, 50)),
  p95: round(percentile(times, 95)),
  max: round(Math.max(...times)),
});

async function deliver(base: string, endpointId: string, secret: string, n: number) {
  const body = JSON.stringify({ event: 'bench.delivery', n, at: Date.now(), items: [1, 2, 3] });
  const started = performance.now();
  const response = await fetch(`${base}/api/hooks/${endpointId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...signWebhook(secret, body) },
    body,
  });
  await response.text();
  if (response.status !== 202) throw new Error(`delivery ${n}: ${response.status}`);
  return performance.now() - started;
}

async function httpFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-automation-'));
  const server = await startServer(4371, dataDir, { WEBHOOK_DELIVERIES_PER_MINUTE: '1000000000' });
  try {
    const { base } = server;
    const token = await signIn(base, 'ada@acme.example');
    const agent = await api<{ id: string }>(base, token, 'POST', '/agents', { name: 'Bench hooks' });
    const endpoint = await api<{ id: string; secret: string }>(
      base,
      token,
      'POST',
      `/agents/${agent.id}/webhook-endpoints`,
      { name: 'Bench' },
    );
    for (let n = 0; n < 30; n++) await deliver(base, endpoint.id, endpoint.secret, -1 - n); // warm-up
    const sequential: number[] = [];
    for (let n = 0; n < 300; n++) sequential.push(await deliver(base, endpoint.id, endpoint.secret, n));
    const concurrent: number[] = [];
    let next = 1000;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next < 3000) concurrent.push(await deliver(base, endpoint.id, endpoint.secret, next++));
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const webhooks = {
      sequentialMs: summary(sequential),
      concurrent20: { deliveriesPerSecond: round(2000 / seconds), p95Ms: round(percentile(concurrent, 95)) },
    };
    console.log(
      `  webhook receipt, one at a time: p50 ${webhooks.sequentialMs.p50} ms, p95 ${webhooks.sequentialMs.p95} ms, max ${webhooks.sequentialMs.max} ms`,
    );
    console.log(
      `  webhook receipt, 20 in flight: ${webhooks.concurrent20.deliveriesPerSecond} deliveries/s, p95 ${webhooks.concurrent20.p95Ms} ms`,
    );

    // The demo agents with their grants, schedules and webhooks.
    const demo = await api<{ id: string; name: string }[]>(base, token, 'GET', '/agents');
    const byName = (name: string) => demo.find((candidate) => candidate.name === name)!.id;
    const reads: Record<string, string> = {
      'grants (Triage)': `/agents/${byName('Triage')}/integration-grants`,
      'schedules (Triage)': `/agents/${byName('Triage')}/cron-jobs`,
      'webhooks (Watchtower)': `/agents/${byName('Watchtower')}/webhook-endpoints`,
      connections: '/integrations/connections',
    };
    const readTimes: Record<string, ReturnType<typeof summary>> = {};
    for (const [label, path] of Object.entries(reads)) {
      const times: number[] = [];
      for (let n = 0; n < 220; n++) {
        const t0 = performance.now();
        await api(base, token, 'GET', path);
        if (n >= 20) times.push(performance.now() - t0);
      }
      readTimes[label] = summary(times);
      console.log(`  GET ${label}: p50 ${readTimes[label].p50} ms, p95 ${readTimes[label].p95} ms`);
    }
    return { webhooks, reads: readTimes };
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function schedulerFigures() {
  const { handle, ctx, close } = await inProcessContext('scheduler');
  try {
    const [company] = await handle.db.insert(companies).values({ name: 'Scheduler bench' }).returning();
    const agentRows = await handle.db
      .insert(agents)
      .values(Array.from({ length: 50 }, (_, n) => ({ companyId: company!.id, name: `Agent ${n}` })))
      .returning();
    const now = new Date();
    const due = new Date(now.getTime() - 60_000);
    await handle.db.insert(cronJobs).values(
      Array.from({ length: 1000 }, (_, n) => ({
        companyId: company!.id,
        agentId: agentRows[n % agentRows.length]!.id,
        name: `Job ${n}`,
        expression: n % 2 ? '0 9 * * 1-5' : '*/15 * * * *',
        timeZone: n % 3 ? 'Europe/Berlin' : 'America/New_York',
        instruction: 'Report the state of the board.',
        nextRunAt: due,
      })),
    );
    let t0 = performance.now();
    const fired = await runDueCronJobs(ctx, now);
    const fireMs = performance.now() - t0;
    t0 = performance.now();
    const idle = await runDueCronJobs(ctx, now);
    const idleMs = performance.now() - t0;
    const scheduler = {
      jobs: fired,
      firePassMs: round(fireMs),
      perJobMs: round(fireMs / Math.max(fired, 1)),
      idlePassMs: round(idleMs),
      idleFired: idle,
    };
    console.log(
      `  scheduler: ${fired} due jobs fired in one pass in ${scheduler.firePassMs} ms (${scheduler.perJobMs} ms per job); a pass with nothing due ${scheduler.idlePassMs} ms`,
    );
    return scheduler;
  } finally {
    await close();
  }
}

export async function automationBench() {
  console.log('\nIntegrations and automation');
  const http = await httpFigures();
  const scheduler = await schedulerFigures();
  return { ...http, scheduler };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await automationBench();
}
