import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from './app.ts';
import { createContext } from './bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo.ts';
import { loadEnv } from './env.ts';
import { createLogger } from './lib/logger.ts';

const startedAt = performance.now();
const env = loadEnv(process.env);
const logger = createLogger(env.LOG_LEVEL);

const handle = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
await handle.migrate();
if (env.SEED !== 'none') {
  const seeded = await handle.exclusive(() => seedDemo(handle.db, { large: env.SEED === 'large' }));
  if (seeded.length > 0) {
    logger.info(`seeded ${seeded.join(' and ')}`);
    // Fresh statistics, so the planner uses the search indexes on the new rows, and the
    // visibility map set on every page (index-only scans; and the embedded database's first
    // maintenance vacuum would otherwise do it, holding its thread for most of a second).
    await handle.db.execute(sql`vacuum analyze`);
  }
}

const ctx = await createContext({
  handle,
  logger,
  jwtSecret: env.JWT_SECRET,
  config: {
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    rateLimits: {
      userPerMinute: env.RATE_LIMIT_USER_PER_MINUTE,
      publicGetPerMinute: env.RATE_LIMIT_PUBLIC_GET_PER_MINUTE,
      sensitivePostPer15Minutes: env.RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES,
      authFailuresPerMinute: env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE,
      signInFailuresPer15Minutes: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES,
      signInFailuresPerAccountPer15Minutes: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_15_MINUTES,
    },
    trustProxy: env.TRUST_PROXY,
    staticDir: env.STATIC_DIR,
    connectSources: env.CSP_CONNECT_SRC?.split(' '),
    sseHeartbeatMs: 10_000,
  },
});

const app = createApp(ctx);
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST }, (info) => {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const database = handle.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(
    [
      '',
      `  Workspace is running at http://${host}:${info.port}/  (ready in ${seconds} s, ${database})`,
      '',
      `  Sign in as an admin:  ${DEMO_ACCOUNTS.admin}  /  ${DEMO_PASSWORD}`,
      `  or as a member:       ${DEMO_ACCOUNTS.member}  /  ${DEMO_PASSWORD}`,
      '',
    ].join('\n'),
  );
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`received ${signal}, shutting down`);
  server.close();
  ctx.hub.close();
  await ctx.bus.close();
  // Closing the embedded database cleanly keeps its files consistent for the next start.
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
