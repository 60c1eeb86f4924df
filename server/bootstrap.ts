import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppConfig, AppContext, Secrets } from './context.ts';
import type { Database, DatabaseHandle } from './db/client.ts';
import { serverSecrets } from './db/schema.ts';
import { createEventBus } from './events/bus.ts';
import { EventHub } from './events/hub.ts';
import { createRateLimiters } from './http/rate-limit.ts';
import type { Logger } from './lib/logger.ts';
import { generateSigningSecret } from './lib/secrets.ts';
import { parseSealingKey, sealingKey } from './lib/sealed.ts';
import { Authenticator } from './modules/auth/authenticator.ts';
import type { FileStorage } from './modules/files/storage/types.ts';

const SESSION_SECRET = 'session-signing-key';

/**
 * The signing secrets: `JWT_SECRET` when configured, otherwise one generated on first start and
 * kept in the database so all instances agree and sessions survive restarts.
 */
export async function loadSecrets(
  db: Database,
  configured?: string,
  credentialKeys: { current?: string; previous?: string } = {},
): Promise<Secrets> {
  let session = configured;
  if (!session) {
    await db
      .insert(serverSecrets)
      .values({ name: SESSION_SECRET, value: generateSigningSecret() })
      .onConflictDoNothing();
    const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, SESSION_SECRET));
    if (!row) throw new Error('could not load the session signing key');
    session = row.value;
  }
  // A separate key for support-widget tokens, so one can never stand in for the other.
  const support = createHmac('sha256', session).update('support-widget-identity').digest('base64url');
  const storage = createHmac('sha256', session).update('file-storage-urls').digest('base64url');
  const invitations = createHmac('sha256', session).update('invitation-tokens').digest('base64url');
  // Sealing key: configured, or derived from the session secret (which then guards both).
  // Once CREDENTIALS_KEY is set, the derived key stays in the ring as a previous one: what it
  // sealed is still read, and re-sealed under the configured key at start.
  const derived = sealingKey(createHmac('sha256', session).update('credentials-sealing').digest());
  const current = credentialKeys.current ? parseSealingKey(credentialKeys.current) : derived;
  const previous = [
    ...(credentialKeys.previous ?? '')
      .split(',')
      .filter((text) => text.trim() !== '')
      .map(parseSealingKey),
    derived,
  ].filter((key, index, all) => key.id !== current.id && all.findIndex((other) => other.id === key.id) === index);
  return { session, support, storage, invitations, credentials: [current, ...previous] };
}

export type ContextOptions = {
  handle: DatabaseHandle;
  config: AppConfig;
  logger: Logger;
  jwtSecret?: string;
  /** `CREDENTIALS_KEY` and `CREDENTIALS_KEY_PREVIOUS` (lib/sealed.ts). */
  credentialKeys?: { current?: string; previous?: string };
  /** The clock of the rate limiters and the credential cache; tests control it. */
  clock?: () => number;
  /** Builds where file bytes are kept, once the secrets (which sign its URLs) are loaded. */
  storage: (secrets: Secrets) => FileStorage | Promise<FileStorage>;
};

/** Builds everything request handlers share: database, secrets, bus, authenticator, limiters. */
export async function createContext({
  handle,
  config,
  logger,
  jwtSecret,
  credentialKeys,
  clock,
  storage,
}: ContextOptions): Promise<AppContext> {
  const secrets = await loadSecrets(handle.db, jwtSecret, credentialKeys);
  const bus = await createEventBus(handle, logger);
  return {
    db: handle.db,
    config,
    secrets,
    bus,
    logger,
    auth: new Authenticator(handle.db, secrets, bus, clock),
    // On Postgres every instance counts in the database, so the limits hold across instances.
    limiters: createRateLimiters(config.rateLimits, {
      now: clock,
      shared: handle.kind === 'postgres' ? handle.db : undefined,
      onError: (error) => logger.warn(`rate-limit clean-up failed: ${(error as Error).message}`),
    }),
    hub: new EventHub(handle.db, bus, logger),
    storage: await storage(secrets),
  };
}
