import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

// Column names are written in camelCase here and stored in snake_case (`casing: 'snake_case'`
// in both the runtime client and drizzle-kit).

const id = () =>
  uuid()
    .primaryKey()
    .default(sql`gen_random_uuid()`);
const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
/**
 * The folded display name search matches on, kept by the database (`workspace_fold`, migration
 * 0003), with a trigram index so substring search does not scan. The index's pending list (new
 * entries not yet merged) is kept to 256 kB: the write that fills it pays for merging all of it,
 * and at the default 4 MB that was a stall of 50–80 ms on the embedded database every few thousand
 * card moves. (Writing through, `fastupdate` off, doubles the time to load the large seed.)
 */
const searchKey = (column: () => AnyPgColumn) => text().generatedAlwaysAs((): SQL => sql`workspace_fold(${column()})`);
const searchIndex = (name: string, column: AnyPgColumn) =>
  index(name)
    .using('gin', sql`${column} gin_trgm_ops`)
    .with({ gin_pending_list_limit: 256 });

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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    searchKey: searchKey((): AnyPgColumn => agents.name),
  },
  (t) => [index().on(t.companyId), searchIndex('agents_search_index', t.searchKey)],
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

/**
 * Every change published to live streams, kept for two weeks (server/events/hub.ts): a
 * reconnecting client replays what it missed (`Last-Event-ID`), and Home shows a person the recent
 * activity on their cards. The id is the SSE event id.
 */
export const events = pgTable(
  'events',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    type: text().notNull(),
    /**
     * The event's JSON, kept as text: it is sent on as it is, and read into only for the few rows
     * a page of activity shows (server/modules/activity).
     */
    payload: text().notNull(),
    /**
     * What the change is about and who made it, copied from the payload when it is recorded
     * (`recordEvent`, and the card move's function), so a person's activity (Home) finds the events
     * of their cards without reading payloads. Null when the event is not about a project or card.
     */
    projectId: uuid(),
    cardId: uuid(),
    actorUserId: uuid(),
    /** The agent that made the change, when an agent token did (then `actorUserId` is null). */
    actorAgentId: uuid(),
    /**
     * Who the event is for, when not the whole company: one person (their private chat sessions)
     * or one agent (its event stream). Both null: every member's stream of the company.
     */
    audienceUserId: uuid(),
    audienceAgentId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.companyId, t.id),
    // A card's events newest first: the activity of a person's cards walks this once per card.
    index('events_card_index')
      .on(t.companyId, t.cardId, t.id)
      .where(sql`${t.cardId} is not null`),
    // What an agent did, newest first (its page's activity).
    index('events_actor_agent_index')
      .on(t.actorAgentId, t.id)
      .where(sql`${t.actorAgentId} is not null`),
  ],
);

/**
 * Rate-limit counters shared by every instance on one Postgres (server/http/rate-limit-postgres.ts):
 * per limiter and key, the number of requests counted in the key's current fixed window and in the
 * one before it, from which a sliding window is estimated. One `INSERT … ON CONFLICT DO UPDATE` per
 * counted request. The table is UNLOGGED (migration 0010 says so by hand; drizzle-kit cannot):
 * counters need no crash safety, and skipping the write-ahead log makes each update cheap. Only
 * the primary key is indexed, so updates stay HOT. The embedded database counts in process and
 * leaves this table empty.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The limiter's name (`user`, `public-get`, …). */
    limiter: text().notNull(),
    /** What is limited: a user id, a client address, a normalised email. */
    key: text().notNull(),
    /** Start of the key's current window, in milliseconds since the epoch (anchored at its first request). */
    windowStart: bigint({ mode: 'number' }).notNull(),
    /** Requests counted in the window before the current one. */
    previous: integer().notNull(),
    /** Requests counted in the current window. */
    current: integer().notNull(),
    /** Whether the last `hit` was allowed (and counted): what its statement returns. */
    allowed: boolean().notNull(),
  },
  (t) => [primaryKey({ columns: [t.limiter, t.key] })],
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

/** A token an agent acts with (`agt_…`); only its hash is kept. */
export const agentTokens = pgTable(
  'agent_tokens',
  {
    id: id(),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text().notNull(),
    prefix: text().notNull(),
    createdByUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp({ withTimezone: true }),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.secretHash), index().on(t.agentId)],
);

export const agentSessionStatus = pgEnum('agent_session_status', ['open', 'working', 'stopped', 'completed', 'failed']);

/**
 * A conversation between a person and an agent, or the agent's work on a card delegated to it
 * (`cardId` set; `userId` is then the accountable person who delegated it).
 */
export const agentSessions = pgTable(
  'agent_sessions',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text().notNull(),
    status: agentSessionStatus().notNull().default('working'),
    projectId: uuid().references(() => projects.id, { onDelete: 'set null' }),
    cardId: uuid().references(() => cards.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    lastMessageAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    searchKey: searchKey((): AnyPgColumn => agentSessions.title),
  },
  (t) => [
    index().on(t.userId, t.lastMessageAt),
    index().on(t.agentId, t.lastMessageAt),
    index('agent_sessions_card_index')
      .on(t.cardId, t.createdAt)
      .where(sql`${t.cardId} is not null`),
    searchIndex('agent_sessions_search_index', t.searchKey),
  ],
);

export const agentMessageRole = pgEnum('agent_message_role', ['user', 'agent', 'system']);
export const agentMessageStatus = pgEnum('agent_message_status', ['streaming', 'complete', 'stopped', 'error']);

/** One activity item of an agent reply: a thought, an action (a tool and its arguments) or an error. */
export type AgentActivityItem = {
  id: string;
  type: 'thought' | 'action' | 'error';
  text: string;
  tool?: string;
  arguments?: Record<string, unknown>;
  at: string;
};

export const agentMessages = pgTable(
  'agent_messages',
  {
    id: id(),
    sessionId: uuid()
      .notNull()
      .references(() => agentSessions.id, { onDelete: 'cascade' }),
    role: agentMessageRole().notNull(),
    /** The person who wrote a `user` message. */
    authorUserId: uuid().references(() => users.id, { onDelete: 'set null' }),
    text: text().notNull().default(''),
    status: agentMessageStatus().notNull().default('complete'),
    activity: jsonb().$type<AgentActivityItem[]>().notNull().default([]),
    /** Orders messages within a session (ids are random, timestamps may tie). */
    seq: bigserial({ mode: 'number' }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index().on(t.sessionId, t.seq)],
);

export const agentFeedbackRating = pgEnum('agent_feedback_rating', ['up', 'down']);

/** A person's thumbs up or down on an agent reply: one per person per reply. */
export const agentMessageFeedback = pgTable(
  'agent_message_feedback',
  {
    messageId: uuid()
      .notNull()
      .references(() => agentMessages.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    agentId: uuid()
      .notNull()
      .references(() => agents.id, { onDelete: 'cascade' }),
    rating: agentFeedbackRating().notNull(),
    comment: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index().on(t.agentId, t.updatedAt)],
);

// ---------------------------------------------------------------------------------------------
// Integrations and automation (issue 16): connections, grants, cron jobs, webhook endpoints.

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

// ——— Credits and subscriptions (issue 17) ———

export const creditTransactionType = pgEnum('credit_transaction_type', [
  'grant',
  'consumption',
  'purchase',
  'adjustment',
  'subscription_grant',
  'trial_grant',
]);

/**
 * A company's two credit balances as they stand, and the number of its last ledger row. Every
 * credit movement locks this row (an UPDATE), so movements of one company are serialised and
 * `lastSeq` grows by exactly one per transaction: ledger pages are ranges of `seq`, not OFFSETs.
 */
export const creditAccounts = pgTable('credit_accounts', {
  companyId: uuid()
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  /** Included credits: set by the plan each period, consumed first. */
  included: integer().notNull().default(0),
  /** Purchased (and granted) credits: kept until used. */
  purchased: integer().notNull().default(0),
  lastSeq: bigint({ mode: 'number' }).notNull().default(0),
  /** Below this many available credits the balance is low (from the plan: modules/credits/plans.ts). */
  lowThreshold: integer().notNull().default(100),
  updatedAt: updatedAt(),
});

/**
 * The credit ledger: one immutable row per movement. `seq` numbers a company's rows 1, 2, 3, …
 * without gaps (assigned under the account's row lock, in the movement's transaction).
 * `includedChange + purchasedChange = amount`, and the balances after are the previous row's plus
 * these changes (replaying the ledger from row 1 gives every stored balance). The ids it names
 * (agent, session, card, admin) are kept as they were, without foreign keys: the ledger is a record.
 */
export const creditTransactions = pgTable(
  'credit_transactions',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    seq: bigint({ mode: 'number' }).notNull(),
    type: creditTransactionType().notNull(),
    amount: integer().notNull(),
    includedChange: integer().notNull(),
    purchasedChange: integer().notNull(),
    balanceAfterIncluded: integer().notNull(),
    balanceAfterPurchased: integer().notNull(),
    agentId: uuid(),
    /** Consumption: the agent session the work was part of, the card it was on, the operation. */
    agentSessionId: uuid(),
    cardId: uuid(),
    operation: text(),
    paymentInvoiceId: text(),
    paymentCheckoutSessionId: text(),
    adminUserId: uuid(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex().on(t.companyId, t.seq),
    index().on(t.companyId, t.type, t.seq),
    index().on(t.agentId, t.seq),
    index()
      .on(t.agentSessionId)
      .where(sql`${t.agentSessionId} is not null`),
    index()
      .on(t.cardId)
      .where(sql`${t.cardId} is not null`),
    index().on(t.companyId, t.createdAt),
    /** A checkout session pays for one purchase, however often its webhook arrives. */
    uniqueIndex('credit_transactions_checkout_purchase_key')
      .on(t.paymentCheckoutSessionId)
      .where(sql`${t.type} = 'purchase' and ${t.paymentCheckoutSessionId} is not null`),
  ],
);

export const subscriptionStatus = pgEnum('subscription_status', ['trialing', 'active', 'canceled']);

/** A company's subscription: its plan (modules/credits/plans.ts) and current period. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    companyId: uuid()
      .primaryKey()
      .references(() => companies.id, { onDelete: 'cascade' }),
    planId: text().notNull(),
    status: subscriptionStatus().notNull(),
    currentPeriodStart: timestamp({ withTimezone: true }).notNull(),
    currentPeriodEnd: timestamp({ withTimezone: true }).notNull(),
    /** Set by cancel: the subscription ends at the period's end instead of renewing. */
    cancelAtPeriodEnd: boolean().notNull().default(false),
    /** A downgrade waits for the period's end: the plan the next period starts on. */
    pendingPlanId: text(),
    canceledAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  /** The scheduler's renewal looks for the periods that have ended. */
  (t) => [
    index()
      .on(t.currentPeriodEnd)
      .where(sql`${t.status} <> 'canceled'`),
  ],
);

export const checkoutStatus = pgEnum('checkout_status', ['open', 'completed', 'expired']);

/** A credit-pack checkout created at the payment provider (Stripe Checkout). */
export const creditCheckouts = pgTable(
  'credit_checkouts',
  {
    /** The provider's checkout session id (`cs_…`). */
    id: text().primaryKey(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    packId: text().notNull(),
    credits: integer().notNull(),
    amountCents: integer().notNull(),
    currency: text().notNull(),
    status: checkoutStatus().notNull().default('open'),
    createdByUserId: uuid(),
    createdAt: createdAt(),
    completedAt: timestamp({ withTimezone: true }),
    transactionId: uuid(),
  },
  (t) => [index().on(t.companyId, t.createdAt)],
);

/** Payment-provider webhook events already handled: a redelivered event id changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  id: text().primaryKey(),
  type: text().notNull(),
  receivedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export const notificationType = pgEnum('notification_type', [
  'mention',
  'reply',
  'card_assigned',
  'agent_work_completed',
  'agent_work_failed',
  'file_granted',
  'credits_low',
  'credits_exhausted',
]);

/** What a notification is about, as the inbox groups it and as a person mutes it. */
export const notificationThing = pgEnum('notification_thing', [
  'card',
  'wiki_page',
  'agent_session',
  'file',
  'credits',
]);

/**
 * A person's notification (server/modules/notifications): created in the transaction of the change
 * that caused it, seen by its recipient only. `thingKind`/`thingId` is what it is about (the inbox
 * groups by it, a mute names it; `thingId` is the company's id for credits), and the link columns
 * say exactly where to open it. Ids are kept without foreign keys beyond the recipient and company:
 * a notification outlives a deleted comment and opens "no longer there".
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    actorUserId: uuid(),
    actorAgentId: uuid(),
    /** The actor's display name when it happened; empty for the server's own (credits). */
    actorName: text().notNull().default(''),
    thingKind: notificationThing().notNull(),
    thingId: uuid().notNull(),
    /** The thing's title when it happened (card title, page title, session title, file name). */
    title: text().notNull(),
    /** What happened, in a few words of the cause's own text (at most 280 characters). */
    snippet: text().notNull().default(''),
    projectId: uuid(),
    cardId: uuid(),
    pageId: uuid(),
    commentId: uuid(),
    /** The comment's thread root (the comment itself when it is a root). */
    threadId: uuid(),
    sessionId: uuid(),
    messageId: uuid(),
    agentId: uuid(),
    fileId: uuid(),
    /** A wiki comment's anchor (the passage), for the deep link. */
    anchor: text(),
    /** Makes a cause notify a person once (`mention:comment:<id>`): a re-edit adds nothing. */
    dedupeKey: text(),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
    snoozedUntil: timestamp({ withTimezone: true }),
    /** Whether the recipient wanted this type by email when it was created (preferences). */
    emailWanted: boolean().notNull().default(false),
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_recent_index').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_index')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('notifications_snoozed_index')
      .on(t.snoozedUntil)
      .where(sql`${t.snoozedUntil} is not null`),
    index('notifications_email_index')
      .on(t.createdAt)
      .where(sql`${t.emailWanted} and ${t.emailedAt} is null and ${t.readAt} is null`),
  ],
);

/** A thing a person muted: no new notifications about it, except mentions of them. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    thingKind: notificationThing().notNull(),
    thingId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.thingKind, t.thingId] })],
);

/** A person's choice for a notification type (in-app always; `email` when set). Absent: the type's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    email: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);

/** What a content item is on the company's public site (issue 18). */
export const contentKind = pgEnum('content_kind', ['article', 'changelog', 'help']);
export const contentStatus = pgEnum('content_status', ['draft', 'published']);

/**
 * An item of the company's public site: an article, a changelog entry or a help page. Written by
 * admins in the app; read by the site through `/content/*` with a content key once published.
 */
export const contentItems = pgTable(
  'content_items',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    kind: contentKind().notNull(),
    title: text().notNull(),
    /** Unique in the company; the site's URL of the item. Lowercase letters, digits and dashes. */
    slug: text().notNull(),
    /** Markdown. */
    body: text().notNull().default(''),
    excerpt: text().notNull().default(''),
    tags: text()
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: contentStatus().notNull().default('draft'),
    /** Set when first published; kept when unpublished and published again (the date readers saw). */
    publishedAt: timestamp({ withTimezone: true }),
    /** The person who created it; null once they left. */
    authorId: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('content_items_company_slug').on(t.companyId, t.slug),
    index('content_items_published_index')
      .on(t.companyId, t.publishedAt, t.id)
      .where(sql`${t.status} = 'published'`),
    index('content_items_company_updated_index').on(t.companyId, t.updatedAt),
  ],
);

/** A key a company's public site reads published content with (`cak_…`); only its hash is kept. */
export const contentKeys = pgTable(
  'content_keys',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text().notNull(),
    /** SHA-256 of the whole secret, hex. */
    secretHash: text().notNull(),
    prefix: text().notNull(),
    createdBy: uuid().references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex().on(t.secretHash), index().on(t.companyId)],
);

export const newsletterStatus = pgEnum('newsletter_status', ['pending', 'confirmed', 'unsubscribed']);

/** A newsletter signup of the company's public site, confirmed by a link in an email (double opt-in). */
export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    /** Normalised (trimmed, lowercase). */
    email: text().notNull(),
    status: newsletterStatus().notNull().default('pending'),
    /**
     * SHA-256 of the latest confirmation token: kept once confirmed (opening the link again answers
     * the same), cleared on unsubscribe.
     */
    confirmTokenHash: text(),
    confirmExpiresAt: timestamp({ withTimezone: true }),
    /** When the last confirmation email was asked for (resending is throttled per address). */
    requestedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    confirmedAt: timestamp({ withTimezone: true }),
    unsubscribedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('newsletter_subscribers_company_email').on(t.companyId, t.email),
    uniqueIndex('newsletter_subscribers_confirm_token').on(t.confirmTokenHash),
    index('newsletter_subscribers_company_created_index').on(t.companyId, t.createdAt),
  ],
);
