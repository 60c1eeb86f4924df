import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { createApp } from './app.ts';
import { createContext } from './bootstrap.ts';
import { openDatabase } from './db/client.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './db/seed/demo.ts';
import { demoAgentTokens } from './demo-agents.ts';
import { seedDemoFiles, signedUrlWriter } from './db/seed/files.ts';
import { seedDemoAutomation } from './db/seed/automation.ts';
import { backendFromEnv, startDemoAgents } from '../runner/index.ts';
import { loadEnv } from './env.ts';
import { sweepFiles } from './modules/files/index.ts';
import { sweepIdempotencyKeys } from './http/idempotency.ts';
import { resealSecrets } from './modules/integrations/index.ts';
import { startScheduler } from './modules/automation/index.ts';
import { createStorage, describeStorage, storageOptions, storageOrigins } from './modules/files/storage/index.ts';
import { createLogger } from './lib/logger.ts';
import { startBanner } from './lib/start-banner.ts';

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

const storage = storageOptions(env);
const ctx = await createContext({
  handle,
  logger,
  jwtSecret: env.JWT_SECRET,
  credentialKeys: { current: env.CREDENTIALS_KEY, previous: env.CREDENTIALS_KEY_PREVIOUS },
  storage: (secrets) => createStorage(storage, secrets.storage),
  config: {
    sessionTtlSeconds: env.SESSION_TTL_HOURS * 3600,
    rateLimits: {
      userPerMinute: env.RATE_LIMIT_USER_PER_MINUTE,
      publicGetPerMinute: env.RATE_LIMIT_PUBLIC_GET_PER_MINUTE,
      sensitivePostPer15Minutes: env.RATE_LIMIT_SENSITIVE_POST_PER_15_MINUTES,
      authFailuresPerMinute: env.RATE_LIMIT_AUTH_FAILURES_PER_MINUTE,
      signInFailuresPer15Minutes: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_15_MINUTES,
      signInFailuresPerAccountPer15Minutes: env.RATE_LIMIT_SIGN_IN_FAILURES_PER_ACCOUNT_PER_15_MINUTES,
      webhookDeliveriesPerMinute: env.WEBHOOK_DELIVERIES_PER_MINUTE,
      contentKeyPerMinute: env.CONTENT_KEY_RATE_LIMIT_PER_MINUTE,
    },
    schedulerIntervalMs: env.SCHEDULER_INTERVAL_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY,
    staticDir: env.STATIC_DIR,
    connectSources: env.CSP_CONNECT_SRC?.split(' '),
    storageSources: storageOrigins(storage),
    sseHeartbeatMs: 10_000,
    files: {
      quotaBytes: env.FILES_QUOTA_MB * 1024 * 1024,
      maxFileBytes: env.FILES_MAX_FILE_MB * 1024 * 1024,
      uploadUrlSeconds: env.FILES_URL_TTL_SECONDS,
      downloadUrlSeconds: env.FILES_URL_TTL_SECONDS,
      pendingHours: env.FILES_PENDING_HOURS,
      trashDays: env.FILES_TRASH_DAYS,
    },
    publicUrl: env.PUBLIC_URL?.replace(/\/$/, ''),
    allowedHosts: env.ALLOWED_HOSTS,
    mail: env.SMTP_URL ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined,
    creditPrices: { reply: env.CREDITS_PER_AGENT_REPLY, write: env.CREDITS_PER_AGENT_WRITE },
    notificationEmailDelayMs: env.NOTIFICATION_EMAIL_DELAY_SECONDS * 1000,
    payments:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? {
            stripeSecretKey: env.STRIPE_SECRET_KEY,
            stripeWebhookSecret: env.STRIPE_WEBHOOK_SECRET,
            stripeApiUrl: env.STRIPE_API_URL,
          }
        : undefined,
  },
});

const app = createApp(ctx);
if (env.SEED !== 'none') {
  if (await handle.exclusive(() => handle.db.transaction((tx) => seedDemoAutomation(tx, ctx.secrets.credentials)))) {
    logger.info('seeded the demo integrations and automation');
  }
}
// Key rotation: secrets sealed under a previous CREDENTIALS_KEY are re-sealed under the current one.
if (ctx.secrets.credentials.length > 1) {
  const { resealed, unreadable } = await handle.exclusive(() => resealSecrets(handle.db, ctx.secrets.credentials));
  logger.info(`credentials: re-sealed ${resealed} secrets under the current CREDENTIALS_KEY`);
  if (unreadable > 0) logger.warn(`credentials: ${unreadable} secrets were sealed under a key that is not configured`);
  else
    logger.info('credentials: every secret is sealed under CREDENTIALS_KEY; CREDENTIALS_KEY_PREVIOUS may be removed');
}
// The demo drive's bytes go through the storage's signed upload URLs, so it needs the app.
if (env.SEED !== 'none') {
  const write = signedUrlWriter(ctx.storage, app);
  if (await handle.exclusive(() => seedDemoFiles(handle.db, write, DEMO_ACCOUNTS.admin))) {
    logger.info('seeded the demo drive');
  }
}

// The drive's housekeeping: abandoned uploads and old trash go, with their bytes (at start, then hourly).
const sweep = () =>
  sweepFiles(ctx)
    .then(({ pending, purged }) => {
      if (pending + purged > 0)
        logger.info(`files: removed ${pending} abandoned uploads and ${purged} nodes from the trash`);
    })
    .catch((error: Error) => logger.warn(`files: housekeeping failed: ${error.message}`));
void sweep();
// Kept answers of requests sent with an Idempotency-Key, past their 24 hours (server/http/idempotency.ts).
const sweepKeys = () =>
  sweepIdempotencyKeys(ctx).catch((error: Error) =>
    logger.warn(`idempotency keys: housekeeping failed: ${error.message}`),
  );
const keysTimer = setInterval(() => void sweepKeys(), 3600_000);
keysTimer.unref();
const sweepTimer = setInterval(() => void sweep(), 3600_000);
sweepTimer.unref();
// Agents' schedules: due cron jobs fire on time, once per run across instances (modules/automation).
const scheduler = startScheduler(ctx);
// Node ends any request still running after 5 minutes (`requestTimeout`): a large upload to the
// local-disk storage takes longer on a slow link. Instead, a connection idle for 2 minutes is
// closed (event streams send a heartbeat every few seconds; headers must still come in 60 s).
const serverOptions = { requestTimeout: 0 };
let markListening!: () => void;
const listening = new Promise<void>((resolve) => (markListening = resolve));
const server = serve({ fetch: app.fetch, port: env.PORT, hostname: env.HOST, serverOptions }, (info) => {
  markListening();
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  const seconds = ((performance.now() - startedAt) / 1000).toFixed(1);
  const database = handle.kind === 'postgres' ? 'Postgres (DATABASE_URL)' : `embedded PGlite in ${env.DATA_DIR}`;
  console.log(
    startBanner({
      url: `http://${host}:${info.port}/`,
      seconds,
      database,
      storage: describeStorage(storage),
      demo: env.SEED === 'none' ? undefined : { password: DEMO_PASSWORD, ...DEMO_ACCOUNTS },
    }),
  );
});

server.setTimeout(120_000);

// The demo company's agents, run in process by the reference runner through the public API (as any
// runner elsewhere would, with tokens of their own), so a new user sees them answer and work.
let demoAgents: { stop(): Promise<void> } | null = null;
if (env.SEED !== 'none' && env.DEMO_AGENTS === 'on') {
  const tokens = await handle.exclusive(() => demoAgentTokens(handle.db));
  if (tokens.length > 0) {
    await listening;
    const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
    demoAgents = await startDemoAgents({
      url: `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT}`,
      tokens: tokens.map((token) => token.secret),
      logger,
      backend: backendFromEnv(process.env),
    });
    logger.info(`running the demo agents: ${tokens.map((token) => token.name).join(', ')}`);
  }
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info(`received ${signal}, shutting down`);
  await demoAgents?.stop().catch(() => undefined);
  server.close();
  clearInterval(sweepTimer);
  clearInterval(keysTimer);
  scheduler.stop();
  ctx.hub.close();
  await ctx.bus.close();
  // Closing the embedded database cleanly keeps its files consistent for the next start.
  await handle.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
