import { eq } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.ts';
import type { Database } from '../db/client.ts';
import { contentKeys } from '../db/schema.ts';
import { CONTENT_KEY_PATTERN, hashSecret } from '../lib/secrets.ts';
import { clientIp } from './client-ip.ts';
import { ApiError, ErrorCode, unauthorized } from './errors.ts';
import { enforceRateLimit } from './rate-limit.ts';

/** `lastUsedAt` of a content key is written at most this often, so a busy site costs no write per read. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Route middleware of the content API (`/content/*`): only a live content key (`cak_…`) opens it.
 * Anything else — no header, a session token, an API key (`aik_…`), an agent token (`agt_…`), an
 * unknown or revoked content key — answers 401 and counts against the address's failed
 * authentications, like every rejected credential. A live key is counted against its own limit
 * (`contentKey`, per key), its `lastUsedAt` written at most once a minute, and its id and company
 * set as `contentKey` for the handler.
 *
 * The key is read from the database on every request (one indexed lookup): a revoked key stops at
 * once on every instance, with no cache to invalidate, and its stored `lastUsedAt` says whether
 * to write it again.
 */
export const requireContentKey = (): MiddlewareHandler<AppEnv> => async (c, next) => {
  const ctx = c.get('ctx');
  let key: { id: string; companyId: string; lastUsedAt: Date | null };
  try {
    key = await resolveContentKey(ctx.db, c.req.header('authorization'));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      await enforceRateLimit(c, ctx.limiters.authFailures, clientIp(c, ctx.config.trustProxy));
    }
    throw error;
  }
  await enforceRateLimit(c, ctx.limiters.contentKey, key.id);
  const now = Date.now();
  if (now - (key.lastUsedAt?.getTime() ?? 0) >= TOUCH_INTERVAL_MS) {
    await ctx.db
      .update(contentKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(contentKeys.id, key.id));
  }
  c.set('contentKey', { id: key.id, companyId: key.companyId });
  await next();
};

const NEEDS_CONTENT_KEY = 'The content API needs a content key (cak_…): send Authorization: Bearer cak_…';

async function resolveContentKey(db: Database, header: string | undefined) {
  if (!header) throw unauthorized(`Missing bearer token. ${NEEDS_CONTENT_KEY}`);
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!match?.[1]) throw unauthorized(`Malformed Authorization header. ${NEEDS_CONTENT_KEY}`);
  const token = match[1];
  if (!token.startsWith('cak_')) {
    throw unauthorized(
      'This route needs a content key (cak_…); session tokens, API keys (aik_…) and agent tokens do not open /content/*',
    );
  }
  if (!CONTENT_KEY_PATTERN.test(token)) throw unauthorized('Invalid content key');
  const [row] = await db
    .select({
      id: contentKeys.id,
      companyId: contentKeys.companyId,
      lastUsedAt: contentKeys.lastUsedAt,
      revokedAt: contentKeys.revokedAt,
    })
    .from(contentKeys)
    .where(eq(contentKeys.secretHash, hashSecret(token)))
    .limit(1);
  if (!row) throw unauthorized('Invalid content key');
  if (row.revokedAt) throw unauthorized('This content key was revoked', ErrorCode.apiKeyRevoked);
  return row;
}
