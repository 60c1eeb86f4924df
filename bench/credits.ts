/**
 * Credits (issue 17; targets: a ledger page p95 ≤ 15 ms at page 1 and ≤ 50 ms at page 5,000 of
 * 1,000,000 rows, `limit` 100; a metered agent write adds ≤ 3 ms p50; the billing route's chunks,
 * chart included, ≤ 40 kB gzip).
 *
 * On its own data directory: the demo company, the Large Org and its 1,000,000 credit
 * transactions (server/db/seed/credits.ts `seedLargeLedger`, timed), seeded through the app's
 * database, then:
 *
 *  1. over loopback HTTP against the real server (`server/main.ts`, no demo runner, rate limits
 *     out of the way), as the Large Org's admin (`large-admin@example.com` / `workspace-demo`):
 *     `GET /api/subscriptions/credits/transactions?limit=100` at page 1, page 5,000 and the last
 *     page (10,000), 200 sequential requests each after 20 warm-up; then, for information, filtered
 *     pages (`type=purchase`; `agentId` of the busiest agent, page 1 and page 50);
 *  2. consumption under load: an agent's writes (`POST …/cards/{cardId}/comments` with its agent
 *     token, each charged 1 credit in the write's transaction) at a constant 100/s (open loop,
 *     bench/open-loop.ts in its own process, 10 s warm-up then 20 s), while this process reads the
 *     ledger back to back (page 1 and page 5,000 in turn): the writes' latency and the reads';
 *  3. the metered write's cost, in process (`app.request`, an in-memory database): the same agent
 *     comment with `creditPrices.write` 0 (not charged: `chargeAgentWork` returns at once) and 1
 *     (charged: the account row locked and updated, a ledger row, an event), in alternating blocks
 *     of 50, 600 each after 100 warm-up: the difference of the p50s;
 *  4. the billing route's JavaScript (production build, gzip): what `/settings/billing` loads beyond
 *     the shell and the settings layout, and the chart's chunk (uPlot) it loads after.
 *
 *   creditsBench()             bench/run.ts wires it in (`npm run bench -- credits` runs it alone)
 *   npx tsx bench/credits.ts   the same, standalone
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { openDatabase } from '../server/db/client.ts';
import { rows } from '../server/db/rows.ts';
import { LARGE_LEDGER, seedLargeLedger } from '../server/db/seed/credits.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/db/seed/demo.ts';
import { LARGE_ORG, seedLargeOrganization } from '../server/db/seed/organization.ts';
import { hashPassword } from '../server/lib/password.ts';
import { api, currentWebBuild, percentile, round, signIn, startServer } from './shared.ts';
import { inProcessContext } from './in-process.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const REQUESTS = 200;
const WARMUP = 20;
const LIMIT = 100;

type Row = Record<string, string | number>;

const summary = (label: string, times: number[], extra: Row = {}): Row => ({
  case: label,
  ...extra,
  requests: times.length,
  p50Ms: round(percentile(times, 50)),
  p95Ms: round(percentile(times, 95)),
  maxMs: round(Math.max(...times)),
});

/** A GET of a ledger page over HTTP: checks the answer and returns how many rows it held. */
async function ledgerPage(base: string, token: string, query: string): Promise<number> {
  const response = await fetch(`${base}/api/subscriptions/credits/transactions?${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const body = await response.text();
  if (response.status !== 200) throw new Error(`ledger ${query}: ${response.status} ${body.slice(0, 200)}`);
  return (JSON.parse(body) as unknown[]).length;
}

async function timed(work: () => Promise<unknown>, requests = REQUESTS, warmup = WARMUP): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < warmup + requests; i++) {
    const started = performance.now();
    await work();
    if (i >= warmup) times.push(performance.now() - started);
  }
  return times;
}

/** Runs bench/open-loop.ts in its own process, without blocking this one; its JSON report. */
function openLoop(config: Record<string, unknown>): Promise<Record<string, number>> {
  return new Promise((resolve, reject) => {
    const child = spawn(join(root, 'node_modules/.bin/tsx'), [
      join(root, 'bench/open-loop.ts'),
      JSON.stringify(config),
    ]);
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.once('exit', (code) =>
      code === 0 ? resolve(JSON.parse(out) as Record<string, number>) : reject(new Error(`open-loop: ${err}`)),
    );
  });
}

/** A project with one card delegated to a new agent of the admin's company, and the agent's token. */
async function agentAtWork(call: <T>(method: string, path: string, body?: unknown, token?: string) => Promise<T>) {
  const agent = await call<{ id: string }>('POST', '/agents', { name: `Bench writer ${Date.now()}` });
  const { secret } = await call<{ secret: string }>('POST', `/agents/${agent.id}/tokens`, { name: 'bench' });
  const project = await call<{ id: string }>('POST', '/projects', {
    name: `Credits bench ${Date.now()}`,
    columns: ['To do'],
  });
  const board = await call<{ columns: { id: string }[] }>('GET', `/projects/${project.id}`);
  const created = await call<{ card: { id: string } }>('POST', `/projects/${project.id}/cards`, {
    columnId: board.columns[0]!.id,
    title: 'Answer the supplier',
  });
  // Delegated to the agent: it may write on the card (its delegation session).
  await call('PATCH', `/projects/${project.id}/cards/${created.card.id}`, { assignee: agent.id });
  return {
    agentId: agent.id,
    agentToken: secret,
    commentsPath: `/projects/${project.id}/cards/${created.card.id}/comments`,
  };
}

// ---------------------------------------------------------------- 1 and 2: HTTP on 1,000,000 rows
async function ledgerFigures() {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-credits-bench-'));
  const port = Number(process.env.BENCH_CREDITS_PORT ?? 4373);
  const results: Record<string, unknown> = {};
  try {
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await seedDemo(handle.db);
    await seedLargeOrganization(handle.db, () => hashPassword(DEMO_PASSWORD));
    const seedStarted = performance.now();
    await seedLargeLedger(handle.db, LARGE_ORG.admin);
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await handle.db.execute(sql`vacuum analyze`);
    const [count] = rows<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from credit_transactions t
        join users u on u.company_id = t.company_id and u.email = ${LARGE_ORG.admin}`),
    );
    await handle.close();
    console.log(
      `\nThe Large Org's ledger: ${count!.n.toLocaleString('en')} credit transactions, seeded in ${seedSeconds.toFixed(1)} s (seedLargeLedger, ${LARGE_LEDGER.batch.toLocaleString('en')} rows a statement)`,
    );
    results.seed = { transactions: count!.n, seconds: round(seedSeconds) };

    const server = await startServer(port, dataDir);
    try {
      const { base } = server;
      const token = await signIn(base, LARGE_ORG.admin);
      const lastPage = Math.ceil(count!.n / LIMIT);
      const first = await api<{ agentId?: string; type: string }[]>(
        base,
        token,
        'GET',
        `/subscriptions/credits/transactions?page=1&limit=${LIMIT}`,
      );
      const counts = new Map<string, number>();
      for (const row of first) if (row.agentId) counts.set(row.agentId, (counts.get(row.agentId) ?? 0) + 1);
      const busiest = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]![0];
      const cases: [string, string, number | null][] = [
        ['page 1 (target p95 ≤ 15 ms)', `page=1&limit=${LIMIT}`, LIMIT],
        ['page 5,000 (target p95 ≤ 50 ms)', `page=5000&limit=${LIMIT}`, LIMIT],
        [`page ${lastPage.toLocaleString('en')} (the oldest rows)`, `page=${lastPage}&limit=${LIMIT}`, null],
        ['type=purchase, page 1', `type=purchase&page=1&limit=${LIMIT}`, null],
        ['agentId (busiest agent), page 1', `agentId=${busiest}&page=1&limit=${LIMIT}`, LIMIT],
        ['agentId (busiest agent), page 50', `agentId=${busiest}&page=50&limit=${LIMIT}`, LIMIT],
      ];
      const pages: Row[] = [];
      for (const [label, query, expected] of cases) {
        const got = await ledgerPage(base, token, query);
        if (expected !== null && got !== expected) throw new Error(`${label}: ${got} rows, expected ${expected}`);
        pages.push(summary(label, await timed(() => ledgerPage(base, token, query)), { rows: got }));
      }
      console.log(
        `GET /api/subscriptions/credits/transactions, limit ${LIMIT}, over HTTP (${REQUESTS} sequential each after ${WARMUP} warm-up)`,
      );
      console.table(pages);
      results.pages = pages;

      // 2. An agent's metered writes at 100/s while the ledger is read.
      const call = <T>(method: string, path: string, body?: unknown, as = token) =>
        api<T>(base, as, method, path, body);
      const work = await agentAtWork(call);
      const loop = openLoop({
        url: `${base}/api${work.commentsPath}`,
        rate: 100,
        seconds: 20,
        warmupSeconds: 10,
        method: 'POST',
        headers: { authorization: `Bearer ${work.agentToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ text: 'Asked the supplier for the new price list.' }),
      });
      let done = false;
      const report = loop.finally(() => (done = true));
      const reads: number[] = [];
      for (let n = 0; !done; n++) {
        const started = performance.now();
        await ledgerPage(base, token, `page=${n % 2 ? 5000 : 1}&limit=${LIMIT}`);
        reads.push(performance.now() - started);
      }
      const writes = await report;
      const [consumed] = (
        await api<{ agentId?: string }[]>(
          base,
          token,
          'GET',
          `/subscriptions/credits/transactions?agentId=${work.agentId}&limit=1`,
        )
      ).map(() => 1);
      if (!consumed) throw new Error('the agent’s writes were not charged');
      const underLoad = [
        {
          case: 'agent comment writes, 100/s open loop (20 s after 10 s warm-up)',
          requests: writes.requests!,
          p50Ms: writes.p50Ms!,
          p90Ms: writes.p90Ms!,
          p99Ms: writes.p99Ms!,
          maxMs: writes.maxMs!,
          failures: writes.failures!,
        },
        {
          ...summary('ledger reads meanwhile (page 1 and 5,000 in turn, back to back)', reads),
          p90Ms: round(percentile(reads, 90)),
          p99Ms: round(percentile(reads, 99)),
        },
      ];
      console.log('Consumption while the ledger is read (bench/open-loop.ts reports p50/p90/p99)');
      console.table(underLoad);
      results.underLoad = underLoad;
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

// ---------------------------------------------------------------- 3: the metered write's cost
export async function meteringFigures() {
  const { handle, ctx, close } = await inProcessContext('credits', { creditPrices: { reply: 5, write: 1 } });
  try {
    const app = createApp(ctx);
    const request = async (method: string, path: string, token: string | null, body?: unknown) => {
      const response = await app.request(`/api${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
      return JSON.parse(text) as unknown;
    };
    const { token } = (await request('POST', '/auth/signup', null, {
      name: 'Bench Admin',
      email: 'bench-admin@example.com',
      password: 'bench-password-1',
      companyName: 'Metering bench',
    })) as { token: string };
    const call = async <T>(method: string, path: string, body?: unknown) =>
      (await request(method, path, token, body)) as T;
    const work = await agentAtWork(call);
    // Plenty of credits: the company never comes near exhaustion.
    await call('POST', '/subscriptions/credits/adjustments', {
      type: 'grant',
      amount: 1_000_000,
      note: 'Bench credits',
    });
    const comment = () => request('POST', work.commentsPath, work.agentToken, { text: 'Checked the delivery date.' });
    const prices = ctx.config as { creditPrices?: { reply: number; write: number } };
    const times: Record<'free' | 'charged', number[]> = { free: [], charged: [] };
    for (let i = 0; i < 100; i++) await comment(); // warm-up
    for (let block = 0; block < 24; block++) {
      const kind = block % 2 ? 'charged' : 'free';
      prices.creditPrices = { reply: 5, write: kind === 'charged' ? 1 : 0 };
      for (let i = 0; i < 50; i++) {
        const started = performance.now();
        await comment();
        times[kind].push(performance.now() - started);
      }
    }
    const [charged] = rows<{ n: number }>(
      await handle.db.execute(sql`select count(*)::int as n from credit_transactions where agent_id = ${work.agentId}`),
    );
    const free = summary('agent comment, write price 0 (not charged)', times.free);
    const paid = summary('agent comment, write price 1 (charged)', times.charged);
    const addedP50 = round(percentile(times.charged, 50) - percentile(times.free, 50));
    console.log(
      `\nThe metered write, in process (app.request, in-memory database): ${times.free.length} of each in alternating blocks of 50 (${charged!.n} consumption rows written)`,
    );
    console.table([free, paid]);
    console.log(`  a metered agent write adds ${addedP50} ms at p50 (target ≤ 3 ms)`);
    return { free, charged: paid, addedP50Ms: addedP50 };
  } finally {
    await close();
  }
}

// ---------------------------------------------------------------- 4: the billing route's chunks
type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };
const BILLING_ROUTE = 'src/routes/_app/_company/settings/billing.tsx';

export function billingChunks() {
  if (!currentWebBuild([BILLING_ROUTE])) {
    console.log('\nThe billing route: no web build with it (the route is not there yet)');
    return null;
  }
  const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const routeChunk = (file: string) =>
    [`${file}?tsr-split=component`, `${file}?tsr-split=component---loader`, file].find((key) => manifest[key]);
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key) || !manifest[key]) continue;
      seen.add(key);
      closure(manifest[key].imports ?? [], seen);
    }
    return seen;
  };
  const gzipKB = (keys: Iterable<string>) => {
    const files = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
    const bytes = files.reduce((sum, file) => sum + gzipSync(readFileSync(join(root, 'dist', file))).length, 0);
    return { files: files.length, kB: round(bytes / 1024) };
  };
  const layouts = ['src/routes/_app.tsx', 'src/routes/_app/_company.tsx', 'src/routes/_app/_company/settings.tsx']
    .map(routeChunk)
    .filter((key): key is string => Boolean(key));
  const base = closure(['index.html', ...layouts]);
  const billing = routeChunk(BILLING_ROUTE);
  if (!billing) throw new Error(`bench: no chunk for ${BILLING_ROUTE} in the manifest`);
  const open = [...closure([billing])].filter((key) => !base.has(key));
  // What its chunks load later (the chart: uPlot), beyond what is already there.
  const later = [...closure(open.flatMap((key) => manifest[key]!.dynamicImports ?? []))].filter(
    (key) => !base.has(key) && !open.includes(key),
  );
  const opening = gzipKB(open);
  const chart = gzipKB(later);
  const total = round(opening.kB + chart.kB);
  // Of those, the chunks no other chunk imports (the billing route's own code and the chart's):
  // the rest are shared with other routes (a visitor who saw them has them cached).
  const mine = new Set([...open, ...later]);
  const ownOnly = [...mine].filter((key) =>
    Object.entries(manifest).every(([other, chunk]) => mine.has(other) || !(chunk.imports ?? []).includes(key)),
  );
  const own = gzipKB(ownOnly);
  const table = [
    { part: 'billing route: its chunks beyond the shell and the settings layout', ...opening },
    { part: 'loaded after by them (the chart: uPlot and its wrapper)', ...chart },
    { part: 'together, on a first visit (target ≤ 40 kB)', files: opening.files + chart.files, kB: total },
    { part: 'of which only billing loads (its route chunk and the chart)', ...own },
  ];
  console.log('\nThe billing route (production build, gzip)');
  console.table(table);
  const uplot = Object.keys(manifest).filter((key) => key.includes('uplot'));
  return {
    opening,
    chart,
    totalKB: total,
    billingOnly: own,
    uplotChunks: uplot.length,
    built: existsSync(join(root, 'dist/index.html')),
  };
}

export async function creditsBench() {
  console.log('\nCredits');
  const metering = await meteringFigures();
  const ledger = await ledgerFigures();
  const bundle = billingChunks();
  return { ...ledger, metering, bundle };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await creditsBench();
}
