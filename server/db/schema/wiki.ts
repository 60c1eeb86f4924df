/** A project's wiki: pages, their revisions and their comment threads. */
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, searchIndex, searchKey, updatedAt } from './columns.ts';
import { agents, users } from './organization.ts';
import { projects } from './boards.ts';

/**
 * A project's wiki page. Pages form a tree (`parentId`), ordered among live siblings by a dense,
 * 0-based `position`. The page holds a copy of its current revision's title and Markdown, so
 * reading a page reads one row; every save also writes a `wiki_revisions` row.
 */
export const wikiPages = pgTable(
  'wiki_pages',
  {
    id: id(),
    projectId: uuid()
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => wikiPages.id, { onDelete: 'set null' }),
    /** Place among its live siblings, 0-based and dense; archived pages keep their last one. */
    position: integer().notNull(),
    title: text().notNull(),
    /** The current revision (written with it, in the same transaction). */
    revisionId: uuid().notNull(),
    /** The current revision's Markdown. */
    markdown: text().notNull().default(''),
    createdAt: createdAt(),
    createdByName: text().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdByAgentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    /** When and by whom the current revision was saved. */
    updatedAt: updatedAt(),
    updatedByName: text().notNull(),
    updatedByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    updatedByAgentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    /** Set on the page and its descendants together, with one timestamp. */
    archivedAt: timestamp({ withTimezone: true }),
    searchKey: searchKey((): AnyPgColumn => wikiPages.title),
  },
  (t) => [
    // The tree of a project: its pages by parent and position.
    index('wiki_pages_tree_index').on(t.projectId, t.parentId, t.position),
    // Search (server/modules/search/provider.ts), as for cards: substring by trigrams, exact and
    // prefix by range, the most recent matches of a common word by walking live pages newest first.
    searchIndex('wiki_pages_search_index', t.searchKey),
    index('wiki_pages_search_prefix_index')
      .on(sql`${t.searchKey} text_pattern_ops`)
      .where(sql`${t.archivedAt} is null`),
    index('wiki_pages_recent_index')
      .on(t.updatedAt)
      .where(sql`${t.archivedAt} is null`),
  ],
);

/** One saved state of a page: every save writes one, numbered 1, 2, 3… per page. */
export const wikiRevisions = pgTable(
  'wiki_revisions',
  {
    id: id(),
    pageId: uuid()
      .notNull()
      .references(() => wikiPages.id, { onDelete: 'cascade' }),
    number: integer().notNull(),
    title: text().notNull(),
    markdown: text().notNull(),
    summary: text().notNull(),
    authorName: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorAgentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The revision this one restored, when it did. */
    restoredFrom: uuid().references((): AnyPgColumn => wikiRevisions.id, { onDelete: 'set null' }),
  },
  // A page's revisions newest first (the history, paged by number), and their numbering.
  (t) => [uniqueIndex('wiki_revisions_page_number_index').on(t.pageId, t.number)],
);

/**
 * A comment on a wiki page: a card comment's shape, plus the anchor of a root (a comment-mark id
 * in the page's Markdown, or `block:<key>`), the quoted passage frozen when it was written, and
 * since when the anchor is missing from the page (`detachedAt`).
 */
export const wikiComments = pgTable(
  'wiki_comments',
  {
    id: id(),
    pageId: uuid()
      .notNull()
      .references(() => wikiPages.id, { onDelete: 'cascade' }),
    parentId: uuid().references((): AnyPgColumn => wikiComments.id, { onDelete: 'cascade' }),
    authorName: text().notNull(),
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    authorAgentId: uuid().references(() => agents.id, { onDelete: 'set null' }),
    text: text().notNull(),
    createdAt: createdAt(),
    editedAt: timestamp({ withTimezone: true }),
    resolvedAt: timestamp({ withTimezone: true }),
    anchor: text(),
    quote: text(),
    detachedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index().on(t.pageId, t.createdAt),
    // A page's anchored threads, re-checked on every save.
    index('wiki_comments_anchored_index')
      .on(t.pageId)
      .where(sql`${t.anchor} is not null and ${t.parentId} is null`),
    index().on(t.authorUserId),
  ],
);
