/** A server context in this process, on an in-memory database, for benches that call services or `app.request`. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '../server/bootstrap.ts';
import { openDatabase } from '../server/db/client.ts';
import { createLogger } from '../server/lib/logger.ts';
import { DEFAULT_FILES_CONFIG } from '../server/modules/files/index.ts';
import { LocalDiskStorage } from '../server/modules/files/storage/index.ts';
import type { AppConfig } from '../server/types.ts';
import { UNLIMITED_RATE_LIMITS } from './shared.ts';

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
