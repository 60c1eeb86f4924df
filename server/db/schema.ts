import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

// Column names are written in camelCase here and stored in snake_case (`casing: 'snake_case'`
// in both the runtime client and drizzle-kit).

const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

export const companyRole = pgEnum('company_role', ['admin', 'member']);
export const memberKind = pgEnum('member_kind', ['human', 'agent']);
export const agentStatus = pgEnum('agent_status', ['active', 'paused', 'completed']);
export const apiKeyScope = pgEnum('api_key_scope', ['read', 'write']);

/** Server-wide secrets generated on first start (the session signing key), shared by instances. */
export const serverSecrets = pgTable('server_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});

export const companies = pgTable('companies', {
  id: id(),
  name: text().notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const teams = pgTable(
  'teams',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    parentId: uuid().references((): AnyPgColumn => teams.id, { onDelete: 'set null' }),
    /** The designated lead: a human or an agent of the company, or none. */
    leadKind: memberKind(),
    leadId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId)],
);

export const users = pgTable(
  'users',
  {
    id: id(),
    /** Stored lower-cased; unique across the whole service. */
    email: text().notNull(),
    name: text().notNull(),
    title: text().notNull().default(''),
    /** `scrypt$N$r$p$salt$hash`, see server/lib/password.ts. */
    passwordHash: text().notNull(),
    companyId: uuid().references(() => companies.id, { onDelete: 'set null' }),
    /** Role in the company; null when the user belongs to no company. */
    role: companyRole(),
    /** When the user joined the company: the oldest admin by this date is the chart's root. */
    joinedCompanyAt: timestamp({ withTimezone: true }),
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    managerUserId: uuid().references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex().on(t.email), index().on(t.companyId)],
);

export const agents = pgTable(
  'agents',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    role: text().notNull().default(''),
    status: agentStatus().notNull().default('active'),
    teamId: uuid().references(() => teams.id, { onDelete: 'set null' }),
    /** Who is responsible for the agent: normally a human, possibly another agent. */
    managerKind: memberKind(),
    managerId: uuid(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.companyId)],
);

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
