/** A company's drive (server/modules/files): folders and files, and what agents may read of them. */
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
import { createdAt, id, searchIndex, searchKey, updatedAt } from './columns.ts';
import { agents, companies, users } from './organization.ts';

export const fileNodeType = pgEnum('file_node_type', ['folder', 'file']);
export const fileNodeStatus = pgEnum('file_node_status', ['pending', 'ready']);
export const fileUploadSource = pgEnum('file_upload_source', ['client', 'agent']);

/**
 * A folder or file of a company's drive (server/modules/files). A file is `pending` from step 1 of
 * the upload until its bytes are stored and checked (step 4); pending files are seen only by their
 * uploader. Deleting moves a node and its descendants to the trash together: each gets the same
 * `trashedAt` and `trashRootId` (the node the person deleted), so restoring brings back exactly
 * what went with it. Names are unique among a folder's live children, ignoring case.
 */
export const fileNodes = pgTable(
  'file_nodes',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => fileNodes.id, { onDelete: 'cascade' }),
    type: fileNodeType().notNull(),
    name: text().notNull(),
    status: fileNodeStatus().notNull(),
    /** The storage key of a file's bytes (`<companyId>/<nodeId>/<uploadId>`); null for folders. */
    storagePath: text(),
    mimeType: text(),
    /** Declared at step 1 and checked against what was stored at step 4. */
    fileSize: bigint({ mode: 'number' }),
    /** The multipart upload id of an S3 upload in progress. */
    uploadId: text(),
    /** For an upload started with `onConflict: 'replace'`: the file whose content it replaces on completion. */
    replacesId: uuid(),
    uploadSource: fileUploadSource().notNull().default('client'),
    /** The agent an upload came from (`uploadSource: agent`). */
    agentTag: uuid().references(() => agents.id, { onDelete: 'set null' }),
    authorName: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorAgentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    trashedAt: timestamp({ withTimezone: true }),
    trashRootId: uuid(),
    trashedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    searchKey: searchKey((): AnyPgColumn => fileNodes.name),
  },
  (t) => [
    // A folder's children by name (the listing, its default sort, and name uniqueness).
    uniqueIndex('file_nodes_sibling_name_index')
      .on(
        t.companyId,
        sql`coalesce(${t.parentId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
        sql`lower(${t.name})`,
      )
      .where(sql`${t.trashedAt} is null and ${t.replacesId} is null`),
    index('file_nodes_children_index').on(t.companyId, t.parentId, t.type, sql`lower(${t.name})`, t.id),
    // The listing's other sorts (server/modules/files/listing.ts, listChildren).
    index('file_nodes_children_updated_index')
      .on(t.companyId, t.parentId, t.type, t.updatedAt, t.id)
      .where(sql`${t.trashedAt} is null and ${t.status} = 'ready'`),
    index('file_nodes_children_size_index')
      .on(t.companyId, t.parentId, t.type, sql`coalesce(${t.fileSize}, -1)`, t.id)
      .where(sql`${t.trashedAt} is null and ${t.status} = 'ready'`),
    index('file_nodes_trash_index')
      .on(t.companyId, t.trashRootId)
      .where(sql`${t.trashedAt} is not null`),
    index('file_nodes_pending_index')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
    searchIndex('file_nodes_search_index', t.searchKey),
  ],
);

/** A file or folder an agent may read (a folder: everything in it). */
export const fileGrants = pgTable(
  'file_grants',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    nodeId: uuid()
      .notNull()
      .references(() => fileNodes.id, { onDelete: 'cascade' }),
    grantedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex().on(t.agentId, t.nodeId), index().on(t.nodeId)],
);
