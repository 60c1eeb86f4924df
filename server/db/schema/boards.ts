/** Projects and their boards: columns, cards and card comments. */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { FieldVersions } from '../../lib/field-versions.ts';
import { createdAt, id, searchIndex, searchKey, updatedAt, fieldVersions, version } from './columns.ts';
import { agents, companies, memberKind, users } from './organization.ts';

export const cardPriority = pgEnum('card_priority', ['none', 'low', 'medium', 'high', 'urgent']);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    description: text().notNull().default(''),
    archivedAt: timestamp({ withTimezone: true }),
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => projects.name),
  },
  (t) => [index().on(t.companyId), searchIndex('projects_search_index', t.searchKey)],
);

/** A board column. Deleted columns stay (soft delete) so archived cards keep their place. */
export const boardColumns = pgTable(
  'board_columns',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** Order of the columns on the board, 0-based and dense among live columns. */
    position: integer().notNull(),
    /** Work-in-progress limit: a warning on the board, never a refusal. */
    wipLimit: integer(),
    deletedAt: timestamp({ withTimezone: true }),
    /** Edit check (server/lib/field-versions.ts): raised by every stored edit. */
    version: version(),
    fieldVersions: fieldVersions(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.projectId)],
);

export type ChecklistItem = { text: string; done: boolean };

export const cards = pgTable(
  'cards',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    columnId: uuid()
      .notNull()
      .references(() => boardColumns.id),
    /**
     * Order within the column (ascending). Sparse: a move or an insert takes a value between its
     * neighbours and writes one row; the column is renumbered only when neighbours get too close.
     */
    rank: doublePrecision().notNull(),
    title: text().notNull(),
    description: text().notNull().default(''),
    assigneeKind: memberKind(),
    assigneeId: uuid(),
    priority: cardPriority().notNull().default('none'),
    labels: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    checklist: jsonb().$type<ChecklistItem[]>().notNull().default([]),
    due: timestamp({ withTimezone: true }),
    /** Why the card is blocked; null when it is not. */
    blocked: text(),
    archivedAt: timestamp({ withTimezone: true }),
    /** Raised by every stored edit of the card's fields (server/lib/field-versions.ts); moves leave it. */
    version: integer().notNull().default(1),
    /** Per field, the version that last changed it and who did. */
    fieldVersions: jsonb().$type<FieldVersions>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => cards.title),
  },
  (t) => [
    index().on(t.projectId),
    searchIndex('cards_search_index', t.searchKey),
    // Column orders read the live cards of a column by rank: an index-only scan of this.
    index('cards_live_order_index')
      .on(t.columnId, t.rank, t.id)
      .where(sql`${t.archivedAt} is null`),
    // Search (server/modules/search/provider.ts): exact and prefix matches by range, and the
    // most recent matches of a common word by walking cards newest first.
    index('cards_search_prefix_index')
      .on(sql`${t.searchKey} text_pattern_ops`)
      .where(sql`${t.archivedAt} is null`),
    // Ascending: Postgres walks it backwards for `updated_at desc`.
    index('cards_recent_index')
      .on(t.updatedAt)
      .where(sql`${t.archivedAt} is null`),
    // A person's cards (Home) without walking the company's: archived ones too, for their activity.
    index('cards_assignee_index')
      .on(t.assigneeId)
      .where(sql`${t.assigneeId} is not null`),
  ],
);

/** A comment on a card (wiki pages reuse the shape). Threads have one level: replies point at a root. */
export const cardComments = pgTable(
  'card_comments',
  {
    id: id(),
    cardId: uuid()
      .notNull()
      .references(() => cards.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => cardComments.id, { onDelete: 'cascade' }),
    /** Display name frozen when the comment was written. */
    authorName: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorAgentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: createdAt(),
    editedAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.cardId, t.createdAt),
    // The cards whose threads a person wrote in (Home's activity).
    index().on(t.authorUserId),
  ],
);
