/**
 * The company and its members: companies, their teams, people (users) and agents, which point at
 * each other (a person's team and manager, a team's lead, an agent's team and responsible member),
 * and the invitations to join a company.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { createdAt, id, searchIndex, searchKey, updatedAt, fieldVersions, version } from './columns.ts';

export const companyRole = pgEnum('company_role', ['admin', 'member']);
export const memberKind = pgEnum('member_kind', ['human', 'agent']);
export const agentStatus = pgEnum('agent_status', ['active', 'paused', 'completed']);

export const companies = pgTable('companies', {
  id: id(),
  name: text().notNull(),
  /**
   * Bumped by triggers (migration 0014) whenever a person, agent or team of the company is added,
   * changed or removed: the organization chart cached for a version is current while it holds.
   */
  orgVersion: bigint({ mode: 'number' }).notNull().default(0),
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
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => teams.name),
  },
  (t) => [index().on(t.companyId), searchIndex('teams_search_index', t.searchKey)],
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
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => users.name),
  },
  (t) => [uniqueIndex().on(t.email), index().on(t.companyId), searchIndex('users_search_index', t.searchKey)],
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
    /** What the agent is for, in a few sentences (its profile page). */
    description: text().notNull().default(''),
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => agents.name),
  },
  (t) => [index().on(t.companyId), searchIndex('agents_search_index', t.searchKey)],
);

export const invitationStatus = pgEnum('invitation_status', ['pending', 'accepted', 'revoked']);

/**
 * An invitation to join a company. Its token is `HMAC(invitations secret, id)`: only the hash of
 * the token is stored (for looking it up), and the server can show the link again to an admin.
 * Expired is not a stored status: `expiresAt` in the past.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Lower-cased. */
    email: text().notNull(),
    role: companyRole().notNull(),
    tokenHash: text().notNull(),
    status: invitationStatus().notNull().default('pending'),
    invitedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    sentAt: timestamp({ withTimezone: true }),
    acceptedAt: timestamp({ withTimezone: true }),
    acceptedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex().on(t.tokenHash),
    index().on(t.companyId, t.createdAt),
    // One pending invitation per address and company: a new one replaces it.
    uniqueIndex('invitations_pending_email_index')
      .on(t.companyId, t.email)
      .where(sql`${t.status} = 'pending'`),
  ],
);
