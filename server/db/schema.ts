/**
 * The database schema (Drizzle), one file per domain in schema/, re-exported here: every import of
 * the schema, the database client and drizzle-kit (drizzle.config.ts) read this file. Migrations are
 * generated from it (`npm run db:generate`). Column names are written in camelCase and stored in
 * snake_case (`casing: 'snake_case'` in both the runtime client and drizzle-kit).
 */
export * from './schema/organization.ts';
export * from './schema/auth.ts';
export * from './schema/system.ts';
export * from './schema/boards.ts';
export * from './schema/wiki.ts';
export * from './schema/files.ts';
export * from './schema/events.ts';
export * from './schema/agents.ts';
export * from './schema/integrations.ts';
export * from './schema/automation.ts';
export * from './schema/billing.ts';
export * from './schema/notifications.ts';
export * from './schema/content.ts';
