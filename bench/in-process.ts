/** A server context in this process, on an in-memory database, for benches that call services or `app.request`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { createApp } from '../server/app.ts';
import { createContext } from '../server/bootstrap.ts';
import { openDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/lib/logger.ts';
import { DEFAULT_FILES_CONFIG } from '../server/modules/files/index.ts';
import { LocalDiskStorage } from '../server/modules/files/storage/index.ts';
import type { AppConfig } from '../server/types.ts';
import { percentile, round, UNLIMITED_RATE_LIMITS } from './shared.ts';

/**
 * A migrated in-memory database and a context over it (no rate limits, files on a temporary disk
 * directory); `close` ends both and removes the directory.
 */
export async function inProcessContext(name: string, config: Partial<AppConfig> = {}) {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await handle.migrate();
  const storageRoot = mkdtempSync(join(tmpdir(), `bench-${name}-files-`));
  const ctx = await createContext({
    handle,
    logger: createLogger('silent'),
    storage: (secrets) => new LocalDiskStorage({ root: storageRoot, secret: secrets.storage }),
    config: {
      sessionTtlSeconds: 3600,
      rateLimits: UNLIMITED_RATE_LIMITS,
      trustProxy: false,
      sseHeartbeatMs: 10_000,
      files: DEFAULT_FILES_CONFIG,
      ...config,
    },
  });
  const close = async () => {
    ctx.hub.close();
    await ctx.bus.close();
    await handle.close();
    rmSync(storageRoot, { recursive: true, force: true });
  };
  return { handle, ctx, close };
}

export type LatencyRow = Record<string, string | number>;

/** A table row of request times: count, p50, p95 and max in ms. */
export const latencyRow = (label: string, times: number[]): LatencyRow => ({
  case: label,
  requests: times.length,
  p50Ms: round(percentile(times, 50)),
  p95Ms: round(percentile(times, 95)),
  maxMs: round(Math.max(...times)),
});

/** Runs `work` `warmup` times unmeasured, then `count` times, and gives each run's ms. */
export async function timedRuns(work: () => Promise<unknown>, count: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await work();
  const times: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await work();
    times.push(performance.now() - started);
  }
  return times;
}

/** A JSON call to the in-process app (`/api` + path) with an optional bearer token; throws on a non-2xx. */
export const inProcessRequester =
  (app: ReturnType<typeof createApp>) =>
  async <T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> => {
    const response = await app.request(`/api${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text.slice(0, 200)}`);
    return (text ? JSON.parse(text) : undefined) as T;
  };
