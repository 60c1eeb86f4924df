/**
 * The organization chart at 5,000 members (issue 14; targets: `GET /organization/chart` p95 ≤ 50 ms,
 * a write's answer p95 ≤ 80 ms, the chart painted within 500 ms of its data, pan/zoom frame work
 * p95 ≤ 8 ms).
 *
 * On its own data directory: the demo company and "Large Org" (server/db/seed/organization.ts:
 * 4,200 people and 800 agents in 300 teams nested 8 deep), seeded through the app's database, then:
 *
 *  1. in process: reading the chart's rows (`loadChartInput`), building the chart from them
 *     (`buildChart`, pure), serializing it (`JSON.stringify`), and the three in a row (a chart
 *     computed without the cache), each 200 times after 20 warm-up;
 *  2. over loopback HTTP against the real server (`server/main.ts`) on the same data, as the large
 *     admin: `GET /api/organization/chart` (served from the server's chart cache), and `PATCH
 *     /api/organization/humans/{id}` moving one person between two managers and back (each answer
 *     is the recomputed chart), 200 sequential requests each after 20 warm-up, with
 *     `accept-encoding: gzip` (what browsers send) and without (`identity`);
 *  3. in Chromium, when the Organization page is built (bench/org-browser.ts).
 *
 *   orgChartBench()              bench/run.ts wires it in (`npm run bench -- org` runs it alone)
 *   npx tsx bench/org-chart.ts   the same, standalone
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { openDatabase } from '../server/db/client.ts';
import { users } from '../server/db/schema.ts';
import { DEMO_PASSWORD, seedDemo } from '../server/db/seed/demo.ts';
import { LARGE_ORG, seedLargeOrganization } from '../server/db/seed/organization.ts';
import { hashPassword } from '../server/lib/password.ts';
import { buildChart, type ChartNode, type OrgChart } from '../server/modules/organization/chart.ts';
import { loadChartInput } from '../server/modules/organization/service.ts';
import { orgBrowserBench } from './org-browser.ts';
import { currentWebBuild, percentile, round, signIn, startServer } from './shared.ts';

const REQUESTS = 200;
const WARMUP = 20;

type Row = Record<string, string | number>;

/** Percentiles of `times` (milliseconds) as a table row. */
const summary = (label: string, times: number[], extra: Row = {}): Row => ({
  case: label,
  ...extra,
  p50Ms: round(percentile(times, 50)),
  p95Ms: round(percentile(times, 95)),
  p99Ms: round(percentile(times, 99)),
  maxMs: round(Math.max(...times)),
});

/**
 * One request over a fresh connection-less fetch: checks for a 200 and reads the whole body (fetch
 * decodes gzip, as a browser does). Returns the bytes on the wire: the content-length header.
 */
async function request(url: string, init: RequestInit): Promise<number> {
  const response = await fetch(url, init);
  const body = await response.text();
  if (response.status !== 200)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status} ${body.slice(0, 200)}`);
  return Number(response.headers.get('content-length') ?? Buffer.byteLength(body));
}

/** Runs `work` WARMUP + REQUESTS times; the durations of the timed runs. */
async function repeat(work: () => unknown): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < WARMUP + REQUESTS; i++) {
    const started = performance.now();
    await work();
    if (i >= WARMUP) times.push(performance.now() - started);
  }
  return times;
}

/** The deepest chain of the chart's tree (its roots at 1), and its node count. */
function shape(chart: OrgChart) {
  let depth = 0;
  let nodes = 0;
  const stack = chart.tree.roots.map((node): [ChartNode, number] => [node, 1]);
  while (stack.length > 0) {
    const [node, level] = stack.pop()!;
    nodes++;
    depth = Math.max(depth, level);
    for (const child of node.children) stack.push([child, level + 1]);
  }
  return { depth, nodes };
}

export async function orgChartBench() {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-org-bench-'));
  const port = Number(process.env.BENCH_ORG_PORT ?? 4394);
  const results: Record<string, unknown> = {};
  try {
    // 1. In process, on the embedded database in the data directory.
    const handle = await openDatabase({ dataDir });
    await handle.migrate();
    await seedDemo(handle.db);
    const seedStarted = performance.now();
    await seedLargeOrganization(handle.db, () => hashPassword(DEMO_PASSWORD));
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    await handle.db.execute(sql`vacuum analyze`);
    const [admin] = await handle.db.select().from(users).where(eq(users.email, LARGE_ORG.admin));
    const companyId = admin!.companyId!;

    const reads = await repeat(() => loadChartInput(handle.db, companyId, true));
    const input = await loadChartInput(handle.db, companyId, true);
    const builds = await repeat(() => buildChart(input));
    const { chart } = buildChart(input);
    const serializations = await repeat(() => JSON.stringify(chart));
    const cold = await repeat(async () =>
      JSON.stringify(buildChart(await loadChartInput(handle.db, companyId, true)).chart),
    );
    const bytes = Buffer.byteLength(JSON.stringify(chart));
    const { depth, nodes } = shape(chart);
    // Someone at the bottom of the tree, for the browser's deep link and the writes below.
    const member = input.humans.find((human) => human.role === 'member' && human.teamId)!;
    const [memberEmail] = await handle.db.select({ email: users.email }).from(users).where(eq(users.id, member.id));
    await handle.close();

    console.log(
      `\nThe organization chart of Large Org: ${(input.humans.length + input.agents.length).toLocaleString('en')} members ` +
        `(${input.humans.length.toLocaleString('en')} people, ${input.agents.length} agents), ${input.teams.length} teams; ` +
        `${nodes.toLocaleString('en')} nodes, ${depth} deep, ${chart.issues.length} issues; ${round(bytes / 1024)} KB of JSON. ` +
        `Seeded in ${seedSeconds.toFixed(1)} s.\nIn process, ${REQUESTS} runs each after ${WARMUP} warm-up:`,
    );
    const inProcess = [
      summary('read the rows (loadChartInput)', reads),
      summary('build the chart (buildChart, pure)', builds),
      summary('serialize it (JSON.stringify)', serializations),
      summary('all three: a cold chart (no cache)', cold),
    ];
    console.table(inProcess);
    results.data = {
      seedSeconds: round(seedSeconds),
      nodes,
      depth,
      issues: chart.issues.length,
      kb: round(bytes / 1024),
    };
    results.inProcess = inProcess;

    // 2. Over HTTP, the real server on the same data (the web build made first if the browser part
    // will run: the server reads index.html once at start).
    const withBrowser = currentWebBuild(['src/routes/_app/_company/organization.tsx']);
    const server = await startServer(port, dataDir);
    try {
      const token = await signIn(server.base, LARGE_ORG.admin);
      // The person moves between their manager and that manager's own manager, and back.
      const managers = [member.managerUserId!, input.humans.find((h) => h.id === member.managerUserId)!.managerUserId!];
      let flips = 0;
      const http: Row[] = [];
      for (const encoding of ['gzip', 'identity'] as const) {
        const headers = { authorization: `Bearer ${token}`, 'accept-encoding': encoding };
        const wire = { get: 0, patch: 0 };
        const gets = await repeat(async () => {
          wire.get = await request(`${server.base}/api/organization/chart`, { headers });
        });
        const writes = await repeat(async () => {
          wire.patch = await request(`${server.base}/api/organization/humans/${member.id}`, {
            method: 'PATCH',
            headers: { ...headers, 'content-type': 'application/json' },
            body: JSON.stringify({ managerUserId: managers[++flips % 2] }),
          });
        });
        http.push(
          summary(`GET /api/organization/chart, ${encoding} (target p95 ≤ 50 ms)`, gets, {
            wireKB: round(wire.get / 1024),
          }),
          summary(`PATCH /api/organization/humans/{id}, ${encoding} (target p95 ≤ 80 ms)`, writes, {
            wireKB: round(wire.patch / 1024),
          }),
        );
      }
      console.log(
        `\nOver loopback HTTP (server/main.ts, as ${LARGE_ORG.admin}), ${REQUESTS} sequential requests each after ${WARMUP} warm-up. ` +
          'A GET is a cache hit (the chart of the current organization version, serialized and gzipped once); each PATCH ' +
          'changes a manager (a new version: rows read, chart built, serialized). Timed to the last byte, decoded as a browser would.',
      );
      console.table(http);
      results.http = http;

      // 3. In Chromium, when the Organization page exists.
      if (withBrowser) {
        const browser = await orgBrowserBench(server.base, memberEmail!.email);
        results.browser = browser;
      } else {
        console.log('\n(no Organization page in this build: the browser part is skipped)');
      }
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return results;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await orgChartBench();
