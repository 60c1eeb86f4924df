/**
 * Automation (issue 16): agents' cron jobs and their runs, webhook endpoints and their deliveries.
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
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

/** An agent's schedule: at each time of `expression` in `timeZone` the agent receives `instruction`. */
export const cronJobs = pgTable(
  'cron_jobs',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    expression: text().notNull(),
    timeZone: text().notNull().default('UTC'),
    instruction: text().notNull(),
    enabled: boolean().notNull().default(true),
    /** The next time it fires; null when disabled. The scheduler claims the jobs whose time has come. */
    nextRunAt: timestamp({ withTimezone: true }),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => cronJobs.name),
  },
  (t) => [
    index().on(t.agentId),
    index('cron_jobs_due_index')
      .on(t.nextRunAt)
      .where(sql`${t.enabled} and ${t.nextRunAt} is not null`),
    searchIndex('cron_jobs_search_index', t.searchKey),
  ],
);

export const cronRunStatus = pgEnum('cron_run_status', ['delivered', 'skipped', 'succeeded', 'failed']);

/** One firing of a cron job: at most one per job and scheduled time, whatever the number of instances. */
export const cronRuns = pgTable(
  'cron_runs',
  {
    id: id(),
    cronJobId: uuid()
      .notNull()
      .references(() => cronJobs.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    scheduledFor: timestamp({ withTimezone: true }).notNull(),
    firedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    status: cronRunStatus().notNull(),
    outcome: text(),
    reportedAt: timestamp({ withTimezone: true }),
    manual: boolean().notNull().default(false),
  },
  (t) => [uniqueIndex().on(t.cronJobId, t.scheduledFor), index().on(t.agentId, t.firedAt)],
);

export const webhookEndpointStatus = pgEnum('webhook_endpoint_status', ['active', 'revoked']);

/** A public URL an outside system posts signed JSON to, handing the agent work. */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** The signing secret, sealed (lib/sealed.ts): verifying an HMAC needs the secret itself. */
    secretSealed: text().notNull(),
    secretPrefix: text().notNull(),
    status: webhookEndpointStatus().notNull().default('active'),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    rotatedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
    lastDeliveryAt: timestamp({ withTimezone: true }),
    searchKey: searchKey((): AnyPgColumn => webhookEndpoints.name),
  },
  (t) => [index().on(t.agentId), searchIndex('webhook_endpoints_search_index', t.searchKey)],
);

export const webhookDeliveryStatus = pgEnum('webhook_delivery_status', ['delivered', 'redelivered']);

/** One accepted request to a webhook endpoint; a replay of the same signed request is found by its signature. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    endpointId: uuid()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    payload: jsonb().notNull(),
    sizeBytes: integer().notNull(),
    /** SHA-256 of the signature header, hex: the same signed request twice is one delivery. */
    signatureHash: text().notNull(),
    status: webhookDeliveryStatus().notNull().default('delivered'),
    attempts: integer().notNull().default(1),
    lastDeliveredAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    sourceIp: text(),
    /** What the agent reported of its work on the delivery: `succeeded` or `failed`, with its words. */
    outcomeStatus: cronRunStatus(),
    outcome: text(),
    reportedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.endpointId, t.signatureHash), index().on(t.endpointId, t.receivedAt)],
);
