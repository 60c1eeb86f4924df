/**
 * `Idempotency-Key` on creating requests (every authenticated POST): a client that sends a
 * request again after a lost answer (a retry, a double submit from another tab) gets the first
 * request's answer instead of a second record. Per caller and key, for 24 hours:
 *
 * - the first request runs; a 2xx JSON answer is kept (any other outcome is not: the request may
 *   be sent again with the same key and runs again);
 * - the same request again (same method, path and body) gets the kept answer, marked
 *   `Idempotent-Replayed: true`, and nothing runs;
 * - while the first is still running, 409 `CONFLICT`; the key with another request, 422
 *   `IDEMPOTENCY_KEY_REUSED`. A key left running for a minute (a crash) is taken as abandoned.
 *
 * Without the header nothing changes. Keys are 1–255 visible ASCII characters (a UUID is usual).
 */
import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { z } from '@hono/zod-openapi';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { MiddlewareHandler } from 'hono';
import { idempotencyKeys } from '../db/schema.ts';
import type { AppContext, AppEnv, Principal } from '../types.ts';
import { ApiError, ErrorCode, invalidField } from './errors.ts';

/** How long an answer is kept for a retry. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A key still running after this long is taken as abandoned (its request crashed). */
const ABANDONED_MS = 60_000;

/** The request header, as the contract documents it. */
export const idempotencyHeader = z
  .string()
  .optional()
  .openapi({
    param: { name: 'Idempotency-Key', in: 'header' },
    description:
      'Optional; 1–255 visible ASCII characters (a UUID). The same request sent again with the same key within 24 hours gets the first answer (`Idempotent-Replayed: true`) and creates nothing; the key with another request is 422 `IDEMPOTENCY_KEY_REUSED`; while the first is running, 409.',
  });

export const idempotencyErrors = {
  409: { description: 'Conflict; or a request with this `Idempotency-Key` is still running (`CONFLICT`)' },
  422: { description: 'The `Idempotency-Key` was used for another request (`IDEMPOTENCY_KEY_REUSED`)' },
} as const;

const ownerOf = (principal: Principal) =>
  principal.agent
    ? `agent:${principal.agent.id}`
    : principal.credential.kind === 'api_key'
      ? `key:${principal.credential.keyId}`
      : `user:${principal.user.id}`;

export function idempotency(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (key === undefined) return next();
    if (!/^[\x21-\x7e]{1,255}$/.test(key))
      throw invalidField('Idempotency-Key', 'must be 1 to 255 visible ASCII characters', 'header');
    const { db } = c.get('ctx');
    const owner = ownerOf(c.get('principal'));
    const body = await c.req.raw.clone().text();
    const fingerprint = createHash('sha256')
      .update(`${c.req.method} ${new URL(c.req.url).pathname}\n${body}`)
      .digest('hex');
    const now = Date.now();
    const where = and(eq(idempotencyKeys.owner, owner), eq(idempotencyKeys.key, key));
    const claim = () =>
      db
        .insert(idempotencyKeys)
        .values({ owner, key, fingerprint })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
    let [claimed] = await claim();
    if (!claimed) {
      // An expired answer, or a request that never finished, no longer holds the key.
      const gone = await db
        .delete(idempotencyKeys)
        .where(
          and(
            where,
            or(
              lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_TTL_MS)),
              and(isNull(idempotencyKeys.status), lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_MS))),
            ),
          ),
        )
        .returning({ key: idempotencyKeys.key });
      if (gone.length > 0) [claimed] = await claim();
    }
    if (!claimed) {
      const [kept] = await db.select().from(idempotencyKeys).where(where);
      if (!kept) return next();
      if (kept.fingerprint !== fingerprint)
        throw new ApiError(422, 'This Idempotency-Key was used for another request', ErrorCode.idempotencyKeyReused);
      if (kept.status === null || kept.body === null)
        throw new ApiError(
          409,
          'A request with this Idempotency-Key is still running; try again in a moment',
          ErrorCode.conflict,
        );
      const headers: Record<string, string> = { 'content-type': 'application/json', 'idempotent-replayed': 'true' };
      if (!kept.encoding) return new Response(kept.body, { status: kept.status, headers });
      const bytes = Buffer.from(kept.body, 'base64');
      // Sent as it was kept to a client that takes that encoding, decoded for one that does not.
      if (kept.encoding === 'gzip' && !/\bgzip\b/.test(c.req.header('accept-encoding') ?? ''))
        return new Response(gunzipSync(bytes), { status: kept.status, headers });
      return new Response(bytes, { status: kept.status, headers: { ...headers, 'content-encoding': kept.encoding } });
    }
    let kept = false;
    try {
      await next();
      const response = c.res;
      if (
        response.status >= 200 &&
        response.status < 300 &&
        response.headers.get('content-type')?.startsWith('application/json')
      ) {
        // An answer already encoded (gzip) is kept as its bytes.
        const encoding = response.headers.get('content-encoding');
        const body = encoding
          ? Buffer.from(await response.clone().arrayBuffer()).toString('base64')
          : await response.clone().text();
        await db.update(idempotencyKeys).set({ status: response.status, body, encoding }).where(where);
        kept = true;
      }
    } finally {
      if (!kept) await db.delete(idempotencyKeys).where(where);
    }
  };
}

/** Removes answers past their 24 hours (the server's hourly housekeeping). */
export async function sweepIdempotencyKeys(ctx: Pick<AppContext, 'db'>, now = new Date()): Promise<number> {
  const gone = await ctx.db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - IDEMPOTENCY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return gone.length;
}
