/**
 * The column helpers the schema's tables share: a random UUID primary key, the creation and update
 * times, and the folded search key with its trigram index. Not re-exported by schema.ts.
 */
import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, jsonb, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { FieldVersions } from '../../lib/field-versions.ts';

export const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/**
 * The folded display name search matches on, kept by the database (`workspace_fold`, migration
 * 0003), with a trigram index so substring search does not scan. The index's pending list (new
 * entries not yet merged) is kept to 256 kB: the write that fills it pays for merging all of it,
 * and at the default 4 MB that was a stall of 50–80 ms on the embedded database every few thousand
 * card moves. (Writing through, `fastupdate` off, doubles the time to load the large seed.)
 */
export const searchKey = (column: () => AnyPgColumn) =>
  text().generatedAlwaysAs((): SQL => sql`workspace_fold(${column()})`);
export const searchIndex = (name: string, column: AnyPgColumn) =>
  index(name)
    .using('gin', sql`${column} gin_trgm_ops`)
    .with({ gin_pending_list_limit: 256 });
/** A versioned record's version, raised by every stored edit (server/lib/field-versions.ts). */
export const version = () => integer().notNull().default(1);
/** Per field, the version that last changed it and who did. */
export const fieldVersions = () => jsonb().$type<FieldVersions>().notNull().default({});
