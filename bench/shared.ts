/** Pieces the benchmarks share. */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AppConfig } from '../server/types.ts';

/** The p-th percentile (0–100) of `values`, nearest rank. */
export const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

/** One decimal, for printing milliseconds. */
export const round = (value: number) => Math.round(value * 10) / 10;

/** A session token for a demo account on the server at `base`. */
export async function signIn(base: string, email: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'workspace-demo' }),
  });
  return ((await response.json()) as { token: string }).token;
}

/** A Chromium trace event, as far as the browser benchmarks read it. */
export type TraceEvent = {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { message?: string; type?: string } };
};
export type Trace = { traceEvents: TraceEvent[] };

/** The real server (`server/main.ts`) started for a benchmark, and how to stop it. */
export type BenchServer = { base: string; pid: number; stop: () => Promise<void> };

/**
 * Starts `server/main.ts` on `port` over `dataDir` (rate limits out of the way, and no demo agent
 * runner unless `env` asks for one), waits until it answers `/api/health`, and returns its address
 * and the id of the process listening (tsx runs the server as a child: that one's memory is the
 * server's). `stop` ends its whole process group.
 */
export async function startServer(
  port: number,
  dataDir: string,
  env: Record<string, string> = {},
): Promise<BenchServer> {
  const root = fileURLToPath(new URL('../', import.meta.url));
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(join(root, 'node_modules/.bin/tsx'), ['server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_USER_PER_MINUTE: '1000000000',
      DEMO_AGENTS: 'off',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const stop = async () => {
    if (child.exitCode === null) process.kill(-child.pid!, 'SIGTERM');
    await exited;
  };
  const deadline = Date.now() + 120_000;
  const healthy = () =>
    fetch(`${base}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
  while (!(await healthy())) {
    if (Date.now() > deadline || child.exitCode !== null) {
      await stop();
      throw new Error('server did not become healthy');
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  // The process listening on the port (tsx → node).
  const found = spawnSync('sh', [
    '-c',
    `ss -ltnp 2>/dev/null | grep ':${port} ' | grep -o 'pid=[0-9]*' | head -1 | cut -d= -f2`,
  ]);
  const pid = Number(found.stdout.toString().trim());
  return { base, pid: pid > 0 ? pid : child.pid!, stop };
}

/** The newest modification under `path` (to tell whether the web build is current). */
function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((entry) => newest(join(path, entry))));
}

/**
 * Whether dist/ holds a build of the current sources that has every one of `required` (source
 * paths, e.g. a route file): false when one is missing; builds first when dist/ is stale.
 */
export function currentWebBuild(required: string[]): boolean {
  const root = fileURLToPath(new URL('../', import.meta.url));
  if (!required.every((path) => existsSync(join(root, path)))) return false;
  const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package-lock.json'];
  if (newest(join(root, 'dist/index.html')) < Math.max(...inputs.map((input) => newest(join(root, input))))) {
    const build = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'error'],
      { cwd: root, stdio: 'inherit' },
    );
    if (build.status !== 0) return false;
  }
  return true;
}

/** Rate limits out of the way, for a server context a benchmark builds in process. */
export const UNLIMITED_RATE_LIMITS: AppConfig['rateLimits'] = {
  userPerMinute: 1e9,
  publicGetPerMinute: 1e9,
  sensitivePostPer15Minutes: 1e9,
  authFailuresPerMinute: 1e9,
  signInFailuresPer15Minutes: 1e9,
  signInFailuresPerAccountPer15Minutes: 1e9,
  webhookDeliveriesPerMinute: 1e9,
};

/** A JSON request to the API at `base`; throws on an error answer. */
export async function api<T>(base: string, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
  return JSON.parse(text) as T;
}
