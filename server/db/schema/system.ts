/** What the server keeps for itself: its generated secrets and the shared rate-limit counters. */
import { bigint, boolean, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/** Server-wide secrets generated on first start (the session signing key), shared by instances. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

/**
 * Rate-limit counters shared by every instance on one Postgres (server/http/rate-limit-postgres.ts):
 * per limiter and key, the number of requests counted in the key's current fixed window and in the
 * one before it, from which a sliding window is estimated. One `INSERT … ON CONFLICT DO UPDATE` per
 * counted request. The table is UNLOGGED (migration 0010 says so by hand; drizzle-kit cannot):
 * counters need no crash safety, and skipping the write-ahead log makes each update cheap. Only
 * the primary key is indexed, so updates stay HOT. The embedded database counts in process and
 * leaves this table empty.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The limiter's name (`user`, `public-get`, …). */
    limiter: text().notNull(),
    /** What is limited: a user id, a client address, a normalised email. */
    key: text().notNull(),
    /** Start of the key's current window, in milliseconds since the epoch (anchored at its first request). */
    windowStart: bigint({ mode: 'number' }).notNull(),
    /** Requests counted in the window before the current one. */
    previous: integer().notNull(),
    /** Requests counted in the current window. */
    current: integer().notNull(),
    /** Whether the last `hit` was allowed (and counted): what its statement returns. */
    allowed: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.limiter, t.key] })],
);

/**
 * Answers of creating requests sent with an `Idempotency-Key` (server/http/idempotency.ts): per
 * caller and key, a fingerprint of the request and, once it succeeded, its status and JSON body,
 * replayed to a retry with the same key for 24 hours. `status` null: the request is running.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    /** Who sent it: `user:<id>`, `key:<id>` (an API key) or `agent:<id>`. */
    owner: text().notNull(),
    key: text().notNull(),
    /** SHA-256 of the method, path and body: a key sent again with another request is refused. */
    fingerprint: text().notNull(),
    status: integer(),
    /** The answer's body: its text, or base64 of its bytes when it was sent encoded (`encoding`). */
    body: text(),
    /** The answer's `Content-Encoding` (gzip: the organization chart sends its cached bytes), or null. */
    encoding: text(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.owner, t.key] })],
);
