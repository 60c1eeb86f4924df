/** How people sign in and call the API: sign-in sessions and API keys. */
import { index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id } from './columns.ts';
import { users } from './organization.ts';

export const apiKeyScope = pgEnum('api_key_scope', ['read', 'write']);

/** A sign-in session; its id is the `jti` of the session token. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index().on(t.userId)],
);

export const apiKeys = pgTable(
  'api_keys',
  {
    id: id(),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    scope: apiKeyScope().notNull(),
    /** SHA-256 of the whole secret, hex. The secret itself is never stored. */
    secretHash: text().notNull(),
    /** The first characters of the secret, shown in lists so people can tell keys apart. */
    prefix: text().notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.secretHash), index().on(t.userId)],
);
