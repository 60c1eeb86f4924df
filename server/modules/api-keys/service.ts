import { and, count, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { apiKeys, users } from '../../db/schema.ts';
import { conflict, notFound } from '../../http/errors.ts';
import { generateApiKeySecret, hashSecret, secretPrefix } from '../../lib/secrets.ts';
import { requirePermission } from '../../policies/index.ts';
import { MAX_ACTIVE_KEYS } from './routes.ts';

type KeyRow = typeof apiKeys.$inferSelect;
const DAY_MS = 86_400_000;

function present(row: KeyRow, now = Date.now()) {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now,
  };
}

const live = (userId: string) => and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt));

export async function listKeys(ctx: AppContext, userId: string) {
  const rows = await ctx.db.select().from(apiKeys).where(live(userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map((row) => present(row));
}

export type NewKey = { name: string; scope: 'read' | 'write'; expiresInDays: number | null };

/** Creates a key for a company admin; returns it with its secret, which is not stored. */
export async function createKey(ctx: AppContext, principal: Principal, input: NewKey) {
  requirePermission(principal, 'manageApiKeys');
  const secret = generateApiKeySecret();
  const row = await ctx.db.transaction(async (tx) => {
    // The user's row lock makes the count and the insert one step: parallel creations queue up.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, principal.user.id)).for('update');
    const [active] = await tx
      .select({ n: count() })
      .from(apiKeys)
      .where(and(live(principal.user.id), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, new Date()))));
    if ((active?.n ?? 0) >= MAX_ACTIVE_KEYS) {
      throw conflict(`You already have ${MAX_ACTIVE_KEYS} unexpired API keys; revoke one first`);
    }
    const [inserted] = await tx
      .insert(apiKeys)
      .values({
        userId: principal.user.id,
        name: input.name,
        scope: input.scope,
        secretHash: hashSecret(secret),
        prefix: secretPrefix(secret),
        expiresAt: input.expiresInDays === null ? null : new Date(Date.now() + input.expiresInDays * DAY_MS),
      })
      .returning();
    return inserted;
  });
  if (!row) throw new Error('api key insert returned no row');
  return { ...present(row), secret };
}

/** Revokes one of the caller's live keys; anything else is 404. */
export async function revokeKey(ctx: AppContext, userId: string, keyId: string): Promise<void> {
  const revoked = await ctx.db
    .update(apiKeys)
    .set({ revokedAt: new Date() })
    .where(and(eq(apiKeys.id, keyId), live(userId)))
    .returning({ id: apiKeys.id });
  if (revoked.length === 0) throw notFound('API key not found');
  await ctx.auth.invalidate({ keyId });
}
