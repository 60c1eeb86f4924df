/**
 * Integrations (issue 16): connected tools (the company's, and people's own) and the grants that
 * let an agent use them.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  index,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, searchIndex, searchKey, updatedAt, fieldVersions, version } from './columns.ts';
import { agents, companies, users } from './organization.ts';

export const connectionStatus = pgEnum('connection_status', ['active', 'error', 'expired', 'revoked']);

/**
 * A connected tool (GitHub, Slack, …): the company's (`ownerUserId` null, admins manage it) or one
 * person's own (`ownerUserId` set). Its credentials are sealed (lib/sealed.ts) and never returned;
 * an agent with a live grant may redeem them. Revoking erases them.
 */
export const integrationConnections = pgTable(
  'integration_connections',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    ownerUserId: uuid().references(() => users.id, { onDelete: 'cascade' }),
    providerKey: text().notNull(),
    displayName: text().notNull(),
    status: connectionStatus().notNull().default('active'),
    statusMessage: text(),
    credentialsSealed: text(),
    /** The names of the stored credential fields (never their values), for the settings page. */
    credentialFields: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    expiresAt: timestamp({ withTimezone: true }),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    revokedAt: timestamp({ withTimezone: true }),
    searchKey: searchKey((): AnyPgColumn => integrationConnections.displayName),
  },
  (t) => [index().on(t.companyId), searchIndex('integration_connections_search_index', t.searchKey)],
);

export const grantScope = pgEnum('grant_scope', ['read', 'write', 'read_write']);

/** What an agent may do with a connection: one grant per agent and connection. */
export const integrationGrants = pgTable(
  'integration_grants',
  {
    id: id(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    connectionId: uuid()
      .notNull()
      .references(() => integrationConnections.id, { onDelete: 'cascade' }),
    scope: grantScope().notNull(),
    allowedTools: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    constraints: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    grantedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.agentId, t.connectionId), index().on(t.connectionId)],
);
