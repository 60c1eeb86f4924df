/**
 * `npm run bench`: prints figures, never passes or fails on them.
 *
 *  1. First-load JavaScript (gzip) per route, from the production build's manifest.
 *  2. Server start-up: first start (migrations and seed) and a cold `npm start` on existing data.
 *  3. `GET /api/users/me` with an API key under load from a second process (autocannon) on
 *     loopback, with authentication and rate limiting on (the per-user limit raised so the load
 *     measures the server, not the limiter), plus the server's memory.
 *  4. The card move endpoint at a steady 200 requests/s on the 2,000-card board (`SEED=large`),
 *     open loop (bench/open-loop.ts), then at 50/s, then in autocannon's bursts.
 *  5. In Chromium, on that board: data arrival to painted board, frame times during a scripted
 *     drag, and drop to painted new order.
 *  6. Search: server latency over a mix of queries with about 50,000 searchable names, and the
 *     palette's keystroke to painted results in Chromium.
 *  7. Home on the large seed, for Ada (about 100 cards assigned, most on the large board, and a
 *     colleague's moves and comments on them): server time of its endpoints, and in Chromium,
 *     navigation start and data arrival to the first frame showing its lists.
 *
 *  8. The wiki: Markdown parse and serialize of a 50,000-word page (Node), page save latency on
 *     the server (10,000 and 50,000 words), and in Chromium on the large seed's 50,000-word page:
 *     data arrival to an editable page, and keystroke to paint while typing in it.
 *  9. The file drive: listing a folder of 10,000 nodes, in process and over HTTP (first and middle
 *     pages, each sort), and in Chromium, wheel-scrolling its virtualized list (bench/files-list.ts,
 *     on its own data directory and server). Then upload and download of a 1 GiB file through the
 *     signed URLs of the local-disk storage beside a `cp` of it, with the server's memory
 *     (bench/files-transfer.ts, likewise on its own server).
 *
 * 10. The organization chart of a 5,000-member company (bench/org-chart.ts, on its own data
 *     directory and server): the chart's rows read, built and serialized in process; `GET
 *     /organization/chart` and a write's answer over HTTP; in Chromium (bench/org-browser.ts),
 *     data to painted chart and frame work during a scripted pan and zoom.
 * 11. Agents at work (bench/agents.ts, on its own data directory and server, no demo runner): a
 *     streaming agent reply in Chromium (bench/agents-browser.ts), each piece from the agent's send
 *     to the frame showing it and the server's answer to it; then 1,000 open event streams (500
 *     notification, 500 agent) held by one server, its RSS before, idle and after closing.
 * 12. Integrations and automation (bench/automation.ts, on its own data directory and server):
 *     signed webhook deliveries one at a time and 20 in flight, the agent page's grants, schedules
 *     and webhooks reads, and the scheduler firing 1,000 due jobs in process.
 * 13. Credits (bench/credits.ts, on its own data directory and server): ledger pages 1 and 5,000 at
 *     `limit` 100 on the Large Org's 1,000,000 credit transactions, an agent's metered writes at
 *     100/s while the ledger is read, a metered write's added latency in process, and the billing
 *     route's chunks (chart included).
 * 14. Notifications (bench/notifications.ts, in process): a card comment's write with 0, 1 and 5
 *     mentions, a reply notifying 20 people, and the inbox of a person with 10,000 notifications
 *     (first and deep pages, unread first, the unread count, mark read).
 * 15. The MCP endpoint (bench/mcp.ts, in process): `tools/list` (default toolsets and all), and
 *     `tools/call getProject` and `moveCard` beside the REST calls they make; then through the SDK's
 *     Client.
 * 16. The content API (bench/content.ts, in process): `GET /content/items` pages and filters over
 *     1,000 published items, one item by slug, and a 304 revalidation.
 * 17. The board's writes (bench/board.ts, in process): card move and card update (PATCH) on a
 *     600-card board, by a person and by an agent (charged).
 *
 * Results are also written to bench/results/latest.json. `npm run bench -- home` runs only the
 * server start and section 7, `npm run bench -- wiki` the bundle sizes, the server start and
 * section 8, `npm run bench -- files` only section 9, `npm run bench -- org` only section 10,
 * `npm run bench -- agents` only section 11, `npm run bench -- automation` only section 12,
 * `npm run bench -- credits` only section 13, `npm run bench -- notifications` only section 14,
 * `npm run bench -- mcp` only section 15, `npm run bench -- content` only section 16,
 * `npm run bench -- board` only section 17,
 * `npm run bench -- bundles` only the bundle sizes;
 * none of them writes the results file.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { agentsBench } from './agents.ts';
import { automationBench } from './automation.ts';
import { boardWritesBench } from './board.ts';
import { idempotencyBench } from './idempotency.ts';
import { boardBench, paletteBench, searchLatency } from './browser.ts';
import { creditsBench } from './credits.ts';
import { notificationsBench } from './notifications.ts';
import { mcpBench } from './mcp.ts';
import { contentBench } from './content.ts';
import { filesListBench } from './files-list.ts';
import { filesTransferBench } from './files-transfer.ts';
import { homeBench, homeEndpointTimes, seedHomeActivity } from './home.ts';
import { orgChartBench } from './org-chart.ts';
import { signIn } from './shared.ts';
import { wikiBrowserBench } from './wiki.ts';
import { wikiMarkdownBench } from './wiki-markdown.ts';
import { wikiSaveLatency } from './wiki-server.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
const homeOnly = process.argv.slice(2).includes('home');
const wikiOnly = process.argv.slice(2).includes('wiki');
const filesOnly = process.argv.slice(2).includes('files');
const bundlesOnly = process.argv.slice(2).includes('bundles');
const orgOnly = process.argv.slice(2).includes('org');
const agentsOnly = process.argv.slice(2).includes('agents');
const automationOnly = process.argv.slice(2).includes('automation');
const creditsOnly = process.argv.slice(2).includes('credits');
const notificationsOnly = process.argv.slice(2).includes('notifications');
const mcpOnly = process.argv.slice(2).includes('mcp');
const contentOnly = process.argv.slice(2).includes('content');
const boardOnly = process.argv.slice(2).includes('board');
const partial =
  homeOnly ||
  wikiOnly ||
  filesOnly ||
  bundlesOnly ||
  orgOnly ||
  agentsOnly ||
  automationOnly ||
  creditsOnly ||
  notificationsOnly ||
  mcpOnly ||
  contentOnly ||
  boardOnly;
/** Only the sections of the bench named on the command line after the first ones (`credits`, `notifications`). */
const ownSectionOnly = creditsOnly || notificationsOnly || mcpOnly || contentOnly || boardOnly;
const results: Record<string, unknown> = { measuredAt: new Date().toISOString() };

// ---------------------------------------------------------------- 1. bundle sizes
type ManifestChunk = { file: string; imports?: string[]; isEntry?: boolean };

function bundleSizes() {
  const build = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (build.status !== 0) throw new Error('vite build failed');
  const manifest = JSON.parse(readFileSync(join(root, 'dist/.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const gz = new Map<string, number>();
  const gzipOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(join(root, 'dist', file))).length);
    return gz.get(file)!;
  };
  /** A chunk and everything it statically imports. */
  const closure = (keys: string[], seen = new Set<string>()) => {
    for (const key of keys) {
      if (seen.has(key)) continue;
      seen.add(key);
      closure(manifest[key]?.imports ?? [], seen);
    }
    return seen;
  };
  // Routes that split their loader with their component (the wiki's) have their own key.
  const routeChunk = (file: string) =>
    [`src/routes/${file}?tsr-split=component`, `src/routes/${file}?tsr-split=component---loader`].find(
      (key) => manifest[key],
    ) ?? `src/routes/${file}?tsr-split=component`;
  const company = ['_app.tsx', '_app/_company.tsx'];
  const project = [...company, '_app/_company/projects/$projectId.tsx'];
  const routes: [string, string[]][] = [
    ['/signin', ['signin.tsx']],
    ['/ (signed-in shell + home)', ['_app.tsx', '_app/index.tsx']],
    ['/account', ['_app.tsx', '_app/account.tsx']],
    ['/settings/api-keys', [...company, '_app/_company/settings.tsx', '_app/_company/settings/api-keys.tsx']],
    ['/projects', [...company, '_app/_company/projects/index.tsx']],
    ['/projects/$projectId (board)', [...project, '_app/_company/projects/$projectId/index.tsx']],
    [
      '/projects/$projectId/wiki/$pageId',
      [...project, '_app/_company/projects/$projectId/wiki.tsx', '_app/_company/projects/$projectId/wiki/$pageId.tsx'],
    ],
    ['/people', [...company, '_app/_company/people.tsx']],
    ['/files/$folderId', [...company, '_app/_company/files.tsx', '_app/_company/files/$folderId.tsx']],
  ];
  const organization = '_app/_company/organization.tsx';
  if (existsSync(join(root, 'src/routes', organization))) routes.push(['/organization', [...company, organization]]);
  routes.push(['/inbox', [...company, '_app/_company/inbox.tsx']]);
  const missing = routes.flatMap(([, files]) => files.map(routeChunk)).filter((key) => !manifest[key]);
  if (missing.length > 0) throw new Error(`bench: no chunk for ${missing.join(', ')} (routes moved?)`);
  const rows = routes.map(([route, files]) => {
    const keys = closure(['index.html', ...files.map(routeChunk)]);
    const js = [...keys].map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    const total = js.reduce((sum, file) => sum + gzipOf(file), 0);
    const own = files.at(-1) ? gzipOf(manifest[routeChunk(files.at(-1)!)]!.file) : 0;
    return { route, firstLoadJsGzipKB: +(total / 1024).toFixed(1), routeChunkGzipKB: +(own / 1024).toFixed(1) };
  });
  const palette = Object.entries(manifest).find(([key]) => key.endsWith('features/palette/components/palette.tsx'));
  if (palette) {
    const own = gzipOf(palette[1].file);
    rows.push({
      route: 'palette (loads on first Ctrl+K, not on first load)',
      firstLoadJsGzipKB: 0,
      routeChunkGzipKB: +(own / 1024).toFixed(1),
    });
  }
  // The wiki editor (Tiptap and the Markdown layer): its own chunk, loaded by wiki pages only.
  const editor = Object.entries(manifest).find(([key]) => key.endsWith('features/wiki/components/page-view.tsx'));
  if (editor) {
    const keys = [...closure([editor[0]])].filter((key) => !closure(['index.html']).has(key));
    const js = keys.map((key) => manifest[key]!.file).filter((file) => file.endsWith('.js'));
    rows.push({
      route: 'wiki editor (Tiptap + Markdown; loads with a wiki page)',
      firstLoadJsGzipKB: 0,
      routeChunkGzipKB: +(js.reduce((sum, file) => sum + gzipOf(file), 0) / 1024).toFixed(1),
    });
  }
  // The drive: every chunk of the Files routes and the files feature beyond the shell, the
  // uploader (loaded on the first upload), previews and the grant dialog included.
  const shell = closure(['index.html']);
  const driveKeys = Object.keys(manifest).filter(
    (key) => key.includes('src/routes/_app/_company/files') || key.includes('src/features/files/'),
  );
  const drive = [...closure(driveKeys)].filter(
    (key) => !shell.has(key) && !closure([...company].map(routeChunk)).has(key),
  );
  const driveJs = [...new Set(drive.map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
  rows.push({
    route: 'files feature, all of it beyond the shell (lazy uploader, previews, grants included)',
    firstLoadJsGzipKB: 0,
    routeChunkGzipKB: +(driveJs.reduce((sum, file) => sum + gzipOf(file), 0) / 1024).toFixed(1),
  });
  // The organization chart against its 45 kB gzip target: every chunk its route loads beyond the
  // shell and the company layout (d3-hierarchy, d3-zoom, the renderer, the admin dialogs, small UI
  // chunks other routes share), and apart, what it loads later (the PNG/SVG export).
  if (existsSync(join(root, 'src/routes', organization))) {
    const base = closure([...company].map(routeChunk));
    const gzipKB = (keys: Iterable<string>) => {
      const js = [...new Set([...keys].map((key) => manifest[key]!.file))].filter((file) => file.endsWith('.js'));
      return +(js.reduce((sum, file) => sum + gzipOf(file), 0) / 1024).toFixed(1);
    };
    const open = [...closure([routeChunk(organization)])].filter((key) => !shell.has(key) && !base.has(key));
    const lazy = [
      ...closure(
        Object.keys(manifest).filter(
          (key) => key.includes(`src/routes/${organization}`) || key.includes('src/features/organization/'),
        ),
      ),
    ].filter((key) => !shell.has(key) && !base.has(key) && !open.includes(key));
    rows.push({
      route: 'organization: all its route loads beyond the shell (target ≤ 45 kB)',
      firstLoadJsGzipKB: 0,
      routeChunkGzipKB: gzipKB(open),
    });
    rows.push({ route: 'organization: loaded later (export)', firstLoadJsGzipKB: 0, routeChunkGzipKB: gzipKB(lazy) });
  }
  console.log('\nFirst-load JavaScript (gzip), production build');
  console.table(rows);
  results.bundles = rows;
}

// ---------------------------------------------------------------- helpers
/**
 * fetch without connection reuse: after a long load run the server has closed idle keep-alive
 * sockets, and undici would otherwise pick a dead one.
 */
const request = (url: string, init: RequestInit = {}) =>
  fetch(url, { ...init, headers: { ...(init.headers as Record<string, string>), connection: 'close' } });

async function waitForHealth(base: string, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`server at ${base} did not become healthy`);
}

function rssMiB(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return +(kb / 1024).toFixed(0);
}

/** The node process actually serving (npm → tsx → node), for memory readings. */
function serverPid(child: ChildProcess, port: number): number {
  const found = spawnSync('sh', [
    '-c',
    `ss -ltnp 2>/dev/null | grep ':${port} ' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`,
  ]);
  const pid = Number(found.stdout.toString().trim());
  return pid > 0 ? pid : child.pid!;
}

function startServer(command: string[], port: number, dataDir: string, extraEnv: Record<string, string> = {}) {
  return spawn(command[0]!, command.slice(1), {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_USER_PER_MINUTE: '1000000000',
      ...extraEnv,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid!, 'SIGTERM');
  await exited;
}

// ---------------------------------------------------------------- 2 and 3. server
async function server() {
  const dataDir = mkdtempSync(join(tmpdir(), 'workspace-bench-'));
  const port = Number(process.env.BENCH_PORT ?? 4390);
  const base = `http://127.0.0.1:${port}`;
  const tsx = join(root, 'node_modules/.bin/tsx');

  let started = performance.now();
  let child = startServer([tsx, 'server/main.ts'], port, dataDir, { SEED: 'large' });
  await waitForHealth(base, 120_000);
  const firstStart = (performance.now() - started) / 1000;
  await stop(child);

  started = performance.now();
  child = startServer(['npm', 'start'], port, dataDir);
  await waitForHealth(base, 120_000);
  const coldStart = (performance.now() - started) / 1000;
  const pid = serverPid(child, port);
  const idleRss = rssMiB(pid);
  console.log(
    `\nServer start: first start with migrations and seed (SEED=large: 2,000-card board, search corpus, wiki, the 5,000-member Large Org) ${firstStart.toFixed(1)} s; cold \`npm start\` (built, existing data) ${coldStart.toFixed(1)} s; idle RSS ${idleRss} MiB`,
  );

  try {
    if (homeOnly) {
      results.home = await home(base);
      return;
    }
    if (wikiOnly) {
      results.wiki = await wiki(base);
      return;
    }
    const login = await request(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'ada@acme.example', password: 'workspace-demo' }),
    });
    const { token } = (await login.json()) as { token: string };
    const created = await request(`${base}/api/users/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: 'bench', scope: 'read', expiresInDays: 30 }),
    });
    const { secret } = (await created.json()) as { secret: string };

    const load = await autocannon(`${base}/api/users/me`, secret, { connections: 32, seconds: 15 });
    const loadedRss = rssMiB(pid);
    const row = { ...load, rssAfterLoadMiB: loadedRss };
    console.log('\nGET /api/users/me with a read key (autocannon, 32 connections, 15 s, loopback)');
    console.table([row]);

    // The move endpoint on the 2,000-card board: one card moved to the top of a 200-card column,
    // again and again, at a fixed 200 requests per second.
    const headers = { authorization: `Bearer ${token}` };
    const projects = (await (await request(`${base}/api/projects`, { headers })).json()) as {
      projects: { id: string; name: string }[];
    };
    const large = projects.projects.find((project) => project.name.startsWith('Large board'))!;
    const board = (await (await request(`${base}/api/projects/${large.id}`, { headers })).json()) as {
      columns: { id: string; cards: { id: string }[] }[];
    };
    const [first, second] = board.columns as [(typeof board.columns)[0], (typeof board.columns)[0]];
    const moveUrl = `${base}/api/projects/${large.id}/cards/${first.cards[0]!.id}/move`;
    const moveBody = JSON.stringify({ columnId: second.id, position: 0 });
    // At a constant 200 requests/s (the target's load), and at 50/s.
    const moveLoad = openLoop(moveUrl, token, { rate: 200, seconds: 15, method: 'PATCH', body: moveBody });
    const moveLight = openLoop(moveUrl, token, { rate: 50, seconds: 15, method: 'PATCH', body: moveBody });
    // And autocannon at -R 200 with 8 connections, which sends each connection's share of a second
    // back to back: bursts of 8 concurrent moves, a harsher load than a steady 200/s.
    const moveBursts = await autocannon(moveUrl, token, {
      connections: 8,
      seconds: 15,
      rate: 200,
      method: 'PATCH',
      body: moveBody,
    });
    console.log('\nPATCH …/cards/{cardId}/move on the 2,000-card board (15 s each)');
    console.table([
      { load: 'steady 200 req/s (open loop)', ...moveLoad },
      { load: 'steady 50 req/s (open loop)', ...moveLight },
      { load: 'autocannon -c 8 -R 200 (bursts)', ...moveBursts },
    ]);

    const browser = await boardBench(base, large.id);
    console.log('\nThe 2,000-card board in Chromium (headless)');
    console.table([browser]);

    const searchRow = await searchLatency(base);
    const paletteRow = await paletteBench(base);
    console.log(
      '\nGET /api/search with ~50,000 searchable names (sequential, mixed queries), and the palette in Chromium',
    );
    console.table([{ ...searchRow, ...paletteRow }]);
    results.search = { ...searchRow, ...paletteRow };
    results.home = await home(base);
    results.wiki = await wiki(base);

    results.server = {
      firstStartSeconds: +firstStart.toFixed(2),
      coldNpmStartSeconds: +coldStart.toFixed(2),
      idleRssMiB: idleRss,
      usersMe: row,
      move: moveLoad,
      moveAt50: moveLight,
      moveBursts,
    };
    results.board = browser;
  } finally {
    await stop(child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------- 7. home
async function home(base: string) {
  const assigned = await seedHomeActivity(base, 'ada@acme.example', 'max@acme.example');
  const endpoints = await homeEndpointTimes(base, 'ada@acme.example');
  console.log(
    `\nHome endpoints for ada@acme.example (${assigned} cards assigned; sequential, median of 40 after 5 warm-up)`,
  );
  console.table(endpoints);
  const browser = await homeBench(base, 'ada@acme.example');
  console.log('\nHome in Chromium (headless): navigation start and Home data to the first frame showing its lists');
  console.table([browser]);
  return { assigned, endpoints, browser };
}

// ---------------------------------------------------------------- 8. wiki
async function wiki(base: string) {
  console.log('\nWiki Markdown in Node (happy-dom), median of 7 after a warm-up');
  const markdown = await wikiMarkdownBench();
  const saves = await wikiSaveLatency(base, 'ada@acme.example');
  const token = await signIn(base, 'ada@acme.example');
  const headers = { authorization: `Bearer ${token}` };
  const projects = (await (await request(`${base}/api/projects`, { headers })).json()) as {
    projects: { id: string; name: string }[];
  };
  const large = projects.projects.find((candidate) => candidate.name.startsWith('Large board'))!;
  const pages = (await (await request(`${base}/api/projects/${large.id}/wiki`, { headers })).json()) as {
    pages: { id: string; title: string }[];
  };
  const long = pages.pages.find((candidate) => candidate.title.includes('50,000 words'))!;
  const browser = await wikiBrowserBench(base, large.id, long.id);
  console.log('\nThe 50,000-word wiki page in Chromium (headless)');
  console.table([browser]);
  return { markdown, saves, browser };
}

type LoadResult = { requestsPerSecond: number; p50Ms: number; p99Ms: number; non2xx: number; errors: number };

/** Runs bench/open-loop.ts in its own process: requests at a constant rate, latency from when each was due. */
function openLoop(
  url: string,
  token: string,
  options: { rate: number; seconds: number; method: string; body: string },
): Record<string, number> {
  const config = {
    url,
    rate: options.rate,
    seconds: options.seconds,
    // Long enough for the JIT to compile the embedded database's hot paths (the first seconds
    // of moves after a start run slower; the warm-up's own p99 is reported beside).
    warmupSeconds: 10,
    method: options.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: options.body,
  };
  const run = spawnSync(
    join(root, 'node_modules/.bin/tsx'),
    [join(root, 'bench/open-loop.ts'), JSON.stringify(config)],
    {
      maxBuffer: 16 * 1024 * 1024,
    },
  );
  if (run.status !== 0) throw new Error(`open-loop load failed: ${run.stderr.toString()}`);
  return JSON.parse(run.stdout.toString()) as Record<string, number>;
}

/** Runs autocannon in its own process so the load generator does not share the server's thread. */
async function autocannon(
  url: string,
  key: string,
  options: { connections: number; seconds: number; rate?: number; method?: string; body?: string },
): Promise<LoadResult> {
  const cli = join(root, 'node_modules/autocannon/autocannon.js');
  const args = ['-c', String(options.connections), '-H', `authorization=Bearer ${key}`, '--json'];
  if (options.rate) args.push('-R', String(options.rate));
  if (options.method) args.push('-m', options.method);
  if (options.body) args.push('-H', 'content-type=application/json', '-b', options.body);
  // A short warm-up first (JIT, caches), not counted.
  spawnSync(process.execPath, [cli, ...args, '-d', '3', url], { stdio: 'ignore' });
  const run = spawnSync(process.execPath, [cli, ...args, '-d', String(options.seconds), url], {
    maxBuffer: 64 * 1024 * 1024,
  });
  const report = JSON.parse(run.stdout.toString()) as {
    requests: { average: number };
    latency: { p50: number; p99: number };
    non2xx: number;
    errors: number;
  };
  return {
    requestsPerSecond: Math.round(report.requests.average),
    p50Ms: report.latency.p50,
    p99Ms: report.latency.p99,
    non2xx: report.non2xx,
    errors: report.errors,
  };
}

if (!homeOnly && !filesOnly && !orgOnly && !agentsOnly && !automationOnly && !ownSectionOnly) bundleSizes();
if (!filesOnly && !bundlesOnly && !orgOnly && !agentsOnly && !automationOnly && !ownSectionOnly) await server();
if (!homeOnly && !wikiOnly && !bundlesOnly && !orgOnly && !agentsOnly && !automationOnly && !ownSectionOnly) {
  results.files = await filesListBench();
  results.filesTransfer = await filesTransferBench();
}
if (!partial || orgOnly) results.organization = await orgChartBench();
if (!partial || agentsOnly) results.agents = await agentsBench();
if (!partial || automationOnly) results.automation = await automationBench();
if (!partial || creditsOnly) results.credits = await creditsBench();
if (!partial || notificationsOnly) results.notifications = await notificationsBench();
if (!partial || mcpOnly) results.mcp = await mcpBench();
if (!partial || boardOnly) results.boardWrites = await boardWritesBench();
if (!partial || boardOnly) results.idempotency = await idempotencyBench();
if (!partial || contentOnly) results.content = await contentBench();
if (!partial) {
  mkdirSync(join(root, 'bench/results'), { recursive: true });
  writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
  console.log('\nWritten to bench/results/latest.json');
}
