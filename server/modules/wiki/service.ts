import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { projects, wikiComments, wikiPages, wikiRevisions } from '../../db/schema.ts';
import { react } from '../../events/reactions.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { assertCan, requireCompany } from '../../policies/index.ts';
import { commentChanges, type Comment } from '../comments/index.ts';
import { chargeAgentWork } from '../credits/index.ts';
import { checkMentions, parseMentions } from '../notifications/index.ts';
import { findProject } from '../../policies/records.ts';
import { blockText, cut, type MarkdownScan, parseAnchor, passageText, scanMarkdown } from './markdown.ts';
import {
  WIKI_LIMITS,
  type WikiAuthor,
  type WikiPage,
  type WikiPageSummary,
  type WikiRevision,
  type WikiRevisionSummary,
} from './schemas.ts';

type PageRow = typeof wikiPages.$inferSelect;
type SummaryRow = Omit<PageRow, 'markdown' | 'searchKey' | 'createdByName' | 'createdByUserId' | 'createdByAgentId'>;
type RevisionRow = typeof wikiRevisions.$inferSelect;
type CommentRow = typeof wikiComments.$inferSelect;

/** The columns a page summary needs: everything but the Markdown. */
const summaryColumns = {
  id: wikiPages.id,
  projectId: wikiPages.projectId,
  parentId: wikiPages.parentId,
  position: wikiPages.position,
  title: wikiPages.title,
  revisionId: wikiPages.revisionId,
  createdAt: wikiPages.createdAt,
  updatedAt: wikiPages.updatedAt,
  updatedByName: wikiPages.updatedByName,
  updatedByUserId: wikiPages.updatedByUserId,
  updatedByAgentId: wikiPages.updatedByAgentId,
  archivedAt: wikiPages.archivedAt,
};
const pageColumns = { ...summaryColumns, markdown: wikiPages.markdown };

const revisionSummaryColumns = {
  id: wikiRevisions.id,
  pageId: wikiRevisions.pageId,
  number: wikiRevisions.number,
  title: wikiRevisions.title,
  summary: wikiRevisions.summary,
  authorName: wikiRevisions.authorName,
  authorUserId: wikiRevisions.authorUserId,
  authorAgentId: wikiRevisions.authorAgentId,
  createdAt: wikiRevisions.createdAt,
  restoredFrom: wikiRevisions.restoredFrom,
};

function author(name: string, userId: string | null, agentId: string | null): WikiAuthor {
  return { name, ...(userId ? { userId } : {}), ...(agentId ? { agentId } : {}) };
}

/** Who the caller is, as a page's author: the person (API keys act as their owner). */
function authorOf(actor: Actor) {
  const { user } = actor.principal;
  return { name: user.name, userId: user.id, agentId: null };
}

export function presentSummary(row: SummaryRow): WikiPageSummary {
  return {
    id: row.id,
    projectId: row.projectId,
    parentId: row.parentId,
    position: row.position,
    title: row.title,
    revisionId: row.revisionId,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    updatedBy: author(row.updatedByName, row.updatedByUserId, row.updatedByAgentId),
    archivedAt: row.archivedAt?.toISOString() ?? null,
  };
}

export function presentPage(row: SummaryRow & { markdown: string }): WikiPage {
  return { ...presentSummary(row), markdown: row.markdown };
}

function presentRevisionSummary(row: Omit<RevisionRow, 'markdown'>): WikiRevisionSummary {
  return {
    id: row.id,
    pageId: row.pageId,
    number: row.number,
    title: row.title,
    summary: row.summary,
    author: author(row.authorName, row.authorUserId, row.authorAgentId),
    at: row.createdAt.toISOString(),
    ...(row.restoredFrom ? { restoredFrom: row.restoredFrom } : {}),
  };
}

export function presentWikiComment(row: CommentRow): Comment {
  return {
    id: row.id,
    author: row.authorName,
    ...(row.authorUserId ? { authorUserId: row.authorUserId } : {}),
    ...(row.authorAgentId ? { authorAgentId: row.authorAgentId } : {}),
    at: row.createdAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    text: row.text,
    parentId: row.parentId,
    ...(row.parentId === null
      ? {
          anchor: row.anchor,
          quote: row.quote,
          resolvedAt: row.resolvedAt?.toISOString() ?? null,
          detachedAt: row.detachedAt?.toISOString() ?? null,
        }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Access and lookups

/** The project, when the caller's company may see it (404 otherwise). `lock`: tree changes hold it. */
function visibleProject(db: Executor, actor: Actor, projectId: string, lock = false) {
  return findProject(db, requireCompany(actor.principal).id, projectId, { lock });
}

async function findPage(db: Executor, projectId: string, pageId: string) {
  const [page] = await db
    .select(pageColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.id, pageId), eq(wikiPages.projectId, projectId)))
    .limit(1);
  if (!page) throw notFound('Page not found');
  return page;
}

/**
 * The page, row-locked (saves of one page run one at a time), when its project belongs to the
 * caller's company: one query for both (404 otherwise, whichever is missing).
 */
async function lockPage(db: Executor, actor: Actor, projectId: string, pageId: string) {
  const company = requireCompany(actor.principal);
  const [page] = await db
    .select(pageColumns)
    .from(wikiPages)
    .innerJoin(projects, eq(projects.id, wikiPages.projectId))
    .where(and(eq(wikiPages.id, pageId), eq(wikiPages.projectId, projectId), eq(projects.companyId, company.id)))
    .limit(1)
    .for('update', { of: wikiPages });
  if (!page) throw notFound('Page not found');
  return page;
}
type LockedPage = Awaited<ReturnType<typeof lockPage>>;

async function findPageSummary(db: Executor, projectId: string, pageId: string) {
  const [page] = await db
    .select(summaryColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.id, pageId), eq(wikiPages.projectId, projectId)))
    .limit(1);
  if (!page) throw notFound('Page not found');
  return page;
}

/** The live pages with this parent (null: the top level). */
const liveSiblings = (projectId: string, parentId: string | null) =>
  and(
    eq(wikiPages.projectId, projectId),
    parentId === null ? isNull(wikiPages.parentId) : eq(wikiPages.parentId, parentId),
    isNull(wikiPages.archivedAt),
  );

async function countLiveSiblings(db: Executor, projectId: string, parentId: string | null, except?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(wikiPages)
    .where(and(liveSiblings(projectId, parentId), except ? ne(wikiPages.id, except) : undefined));
  return row?.n ?? 0;
}

/** A live page of the project that may be a parent, or a 400 on `parentId`. */
async function requireParent(db: Executor, projectId: string, parentId: string) {
  const [parent] = await db
    .select({ id: wikiPages.id, archivedAt: wikiPages.archivedAt })
    .from(wikiPages)
    .where(and(eq(wikiPages.id, parentId), eq(wikiPages.projectId, projectId)))
    .limit(1);
  if (!parent) throw invalidField('parentId', 'is not a page of this project');
  if (parent.archivedAt) throw invalidField('parentId', 'is an archived page');
}

function assertLive(page: { archivedAt: Date | null }) {
  if (page.archivedAt) throw conflict('The page is archived: restore it first');
}

/** 413 beyond 2 MiB of UTF-8; 400 on `markdown` when its comment marks are malformed. */
function checkMarkdown(markdown: string): MarkdownScan {
  // Each UTF-16 unit is at most 3 bytes: only long texts need counting.
  if (markdown.length * 3 > WIKI_LIMITS.markdownBytes && Buffer.byteLength(markdown) > WIKI_LIMITS.markdownBytes) {
    throw new ApiError(
      413,
      `The page's Markdown is over 2 MiB (${WIKI_LIMITS.markdownBytes} bytes of UTF-8)`,
      ErrorCode.payloadTooLarge,
    );
  }
  const scan = scanMarkdown(markdown);
  if (scan.error) throw invalidField('markdown', scan.error);
  return scan;
}

const listOrder = [sql`${wikiPages.parentId} asc nulls first`, asc(wikiPages.position), asc(wikiPages.id)];

async function livePages(db: Executor, projectId: string) {
  const list = await db
    .select(summaryColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.projectId, projectId), isNull(wikiPages.archivedAt)))
    .orderBy(...listOrder);
  return list.map(presentSummary);
}

// ---------------------------------------------------------------------------------------------
// Pages

/** The live pages of the project (the tree, flat), or only the archived ones. */
export async function listPages(ctx: AppContext, actor: Actor, projectId: string, options: { archived: boolean }) {
  await visibleProject(ctx.db, actor, projectId);
  if (!options.archived) return livePages(ctx.db, projectId);
  const list = await ctx.db
    .select(summaryColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.projectId, projectId), isNotNull(wikiPages.archivedAt)))
    .orderBy(...listOrder);
  return list.map(presentSummary);
}

/** Creates a page and its revision 1, at `position` among its siblings (last by default). */
export async function createPage(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  input: { title: string; parentId?: string | null; markdown?: string; position?: number },
): Promise<WikiPage> {
  const markdown = input.markdown ?? '';
  checkMarkdown(markdown);
  const parentId = input.parentId ?? null;
  return ctx.db.transaction(async (tx) => {
    await visibleProject(tx, actor, projectId, true);
    if (parentId) await requireParent(tx, projectId, parentId);
    const siblings = await countLiveSiblings(tx, projectId, parentId);
    const position = Math.min(input.position ?? siblings, siblings);
    if (position < siblings) {
      await tx
        .update(wikiPages)
        .set({ position: sql`${wikiPages.position} + 1` })
        .where(and(liveSiblings(projectId, parentId), sql`${wikiPages.position} >= ${position}`));
    }
    const by = authorOf(actor);
    const now = new Date();
    const id = randomUUID();
    const revisionId = randomUUID();
    const [row] = await tx
      .insert(wikiPages)
      .values({
        id,
        projectId,
        parentId,
        position,
        title: input.title,
        revisionId,
        markdown,
        createdAt: now,
        createdByName: by.name,
        createdByUserId: by.userId,
        updatedAt: now,
        updatedByName: by.name,
        updatedByUserId: by.userId,
      })
      .returning(pageColumns);
    await tx.insert(wikiRevisions).values({
      id: revisionId,
      pageId: id,
      number: 1,
      title: input.title,
      markdown,
      summary: 'Created',
      authorName: by.name,
      authorUserId: by.userId,
      createdAt: now,
    });
    await recordEvent(tx, actor, 'wiki.page.created', { projectId, page: presentSummary(row!) });
    return presentPage(row!);
  });
}

/** A page with its Markdown (archived pages too). */
export async function getPage(ctx: AppContext, actor: Actor, projectId: string, pageId: string) {
  await visibleProject(ctx.db, actor, projectId);
  return presentPage(await findPage(ctx.db, projectId, pageId));
}

/** Counts of each word, for the summary of an edit. */
function wordCounts(text: string) {
  const counts = new Map<string, number>();
  for (const word of text.split(/\s+/)) if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

const isSpace = (text: string, index: number) => /\s/.test(text[index] ?? ' ');

/**
 * "Edited: +12 −3 words": the words the new text has more of, and fewer of, than the old one
 * (counted as bags of words, so a moved paragraph counts as nothing). Only the part between the
 * common beginning and end is counted, cut at whitespace: an edit costs what it changed.
 */
export function editSummary(before: string, after: string): string {
  const shorter = Math.min(before.length, after.length);
  let start = 0;
  while (start < shorter && before.charCodeAt(start) === after.charCodeAt(start)) start++;
  let end = 0;
  while (
    end < shorter - start &&
    before.charCodeAt(before.length - 1 - end) === after.charCodeAt(after.length - 1 - end)
  )
    end++;
  // Back to whitespace on both sides, so no word is cut in two.
  while (start > 0 && !isSpace(before, start - 1)) start--;
  while (end > 0 && !isSpace(before, before.length - end)) end--;
  const old = wordCounts(before.slice(start, before.length - end));
  let added = 0;
  for (const [word, n] of wordCounts(after.slice(start, after.length - end))) {
    const had = old.get(word) ?? 0;
    if (n > had) added += n - had;
    old.set(word, had - n);
  }
  let removed = 0;
  for (const n of old.values()) if (n > 0) removed += n;
  return `Edited: +${added} −${removed} words`;
}

function autoSummary(page: { title: string; markdown: string }, title: string, markdown: string) {
  const parts: string[] = [];
  if (title !== page.title) parts.push(`Renamed to “${title}”`);
  if (markdown !== page.markdown) parts.push(editSummary(page.markdown, markdown));
  const text = parts.join('; ');
  return cut(parts.length > 1 ? text.replace('; Edited', '; edited') : text, WIKI_LIMITS.summary);
}

type AnchoredThread = { id: string; anchor: string; detached: boolean };
type WrittenRow = {
  id: string;
  project_id: string;
  parent_id: string | null;
  position: number;
  title: string;
  revision_id: string;
  created_at: Date | string;
  updated_at: Date | string;
  updated_by_name: string;
  updated_by_user_id: string | null;
  updated_by_agent_id: string | null;
  archived_at: Date | string | null;
  anchored: AnchoredThread[] | string;
};

/**
 * Writes a new revision of a locked page and makes it current, in one statement that also reads
 * the page's anchored threads (the Markdown is sent once); then re-checks those anchors when the
 * Markdown changed. A save is a few round trips: lock, this, the event.
 */
async function writeRevision(
  tx: Executor,
  actor: Actor,
  page: LockedPage,
  change: { title: string; markdown: string; summary: string; restoredFrom?: string; scan?: MarkdownScan },
) {
  const by = authorOf(actor);
  const now = new Date();
  const at = now.toISOString();
  const revisionId = randomUUID();
  const markdownChanged = change.markdown !== page.markdown;
  const result = await tx.execute(sql`
    with revision as (
      insert into ${wikiRevisions} (id, page_id, number, title, markdown, summary, author_name, author_user_id,
        author_agent_id, created_at, restored_from)
      select ${revisionId}::uuid, ${page.id}::uuid, coalesce(max(number), 0) + 1, ${change.title}, ${change.markdown},
        ${change.summary}, ${by.name}, ${by.userId}::uuid, null, ${at}::timestamptz, ${change.restoredFrom ?? null}::uuid
      from ${wikiRevisions} where page_id = ${page.id}
      returning markdown
    ), saved as (
      update ${wikiPages} set title = ${change.title},
        ${markdownChanged ? sql`markdown = (select markdown from revision),` : sql``}
        revision_id = ${revisionId}::uuid, updated_at = ${at}::timestamptz, updated_by_name = ${by.name},
        updated_by_user_id = ${by.userId}::uuid, updated_by_agent_id = null
      where id = ${page.id}
      returning id, project_id, parent_id, position, title, revision_id, created_at, updated_at, updated_by_name,
        updated_by_user_id, updated_by_agent_id, archived_at
    )
    select saved.*, (
      select coalesce(json_agg(json_build_object('id', c.id, 'anchor', c.anchor, 'detached', c.detached_at is not null)), '[]')
      from ${wikiComments} c where c.page_id = ${page.id} and c.parent_id is null and c.anchor is not null
    ) as anchored
    from saved`);
  const [row] = rows<WrittenRow>(result);
  if (!row) throw new Error('wiki: the page to save is gone');
  if (markdownChanged) {
    const anchored = typeof row.anchored === 'string' ? (JSON.parse(row.anchored) as AnchoredThread[]) : row.anchored;
    await refreshDetached(tx, anchored, change.scan ?? scanMarkdown(change.markdown), now);
  }
  await recordEvent(tx, actor, 'wiki.page.saved', {
    projectId: page.projectId,
    pageId: page.id,
    revisionId,
    title: change.title,
    author: author(by.name, by.userId, by.agentId),
  });
  const date = (value: Date | string) => new Date(value);
  return presentPage({
    id: row.id,
    projectId: row.project_id,
    parentId: row.parent_id,
    position: row.position,
    title: row.title,
    revisionId: row.revision_id,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
    updatedByName: row.updated_by_name,
    updatedByUserId: row.updated_by_user_id,
    updatedByAgentId: row.updated_by_agent_id,
    archivedAt: row.archived_at === null ? null : date(row.archived_at),
    markdown: change.markdown,
  });
}

/** Whether the page's Markdown holds an anchor (a comment-mark id, or `block:<key>`). */
function hasAnchor(scan: MarkdownScan, anchor: string) {
  const parsed = parseAnchor(anchor);
  if (!parsed) return false;
  return 'id' in parsed ? scan.ids.has(parsed.id) : scan.blockKeys.has(parsed.blockKey);
}

/**
 * Marks the page's anchored threads whose anchor left the Markdown as detached (since `now`), and
 * clears it on those whose anchor is back. Writes only when something changed.
 */
async function refreshDetached(tx: Executor, anchored: AnchoredThread[], scan: MarkdownScan, now: Date) {
  const detach: string[] = [];
  const attach: string[] = [];
  for (const thread of anchored) {
    const present = hasAnchor(scan, thread.anchor);
    if (!present && !thread.detached) detach.push(thread.id);
    if (present && thread.detached) attach.push(thread.id);
  }
  if (detach.length > 0) await tx.update(wikiComments).set({ detachedAt: now }).where(inArray(wikiComments.id, detach));
  if (attach.length > 0)
    await tx.update(wikiComments).set({ detachedAt: null }).where(inArray(wikiComments.id, attach));
}

/**
 * Saves a page as a new revision, when `baseRevisionId` is its current revision (412 with the
 * current page otherwise, storing nothing). An identical save stores nothing and answers the page.
 */
export async function savePage(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  input: { baseRevisionId: string; title?: string; markdown?: string; summary?: string },
): Promise<WikiPage> {
  const scan = input.markdown === undefined ? undefined : checkMarkdown(input.markdown);
  return ctx.db.transaction(async (tx) => {
    const page = await lockPage(tx, actor, projectId, pageId);
    if (page.revisionId !== input.baseRevisionId) {
      throw new ApiError(
        412,
        'The page was saved by someone else since your base revision: nothing was stored',
        ErrorCode.revisionConflict,
        { currentRevisionId: page.revisionId, page: presentPage(page) },
      );
    }
    assertLive(page);
    const title = input.title ?? page.title;
    const markdown = input.markdown ?? page.markdown;
    if (title === page.title && markdown === page.markdown) return presentPage(page);
    const summary = input.summary || autoSummary(page, title, markdown);
    return writeRevision(tx, actor, page, { title, markdown, summary, scan });
  });
}

/** A page of the project's tree cannot be its own ancestor: 400 when `parentId` is under the page. */
async function assertNoCycle(db: Executor, pageId: string, parentId: string) {
  if (parentId === pageId) throw invalidField('parentId', 'is the page itself: that would make a cycle');
  const found = await db.execute(sql`
    with recursive up(id, parent_id) as (
      select id, parent_id from ${wikiPages} where id = ${parentId}
      union
      select p.id, p.parent_id from ${wikiPages} p join up on p.id = up.parent_id
    )
    select 1 as hit from up where id = ${pageId} limit 1`);
  if (rows(found).length > 0) throw invalidField('parentId', 'is a descendant of the page: that would make a cycle');
}

/**
 * Moves a page under `parentId` (null: top level) at `position` among its new live siblings (past
 * the end: last). Siblings are renumbered densely, with the project locked.
 */
export async function movePage(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  input: { parentId: string | null; position: number },
) {
  return ctx.db.transaction(async (tx) => {
    await visibleProject(tx, actor, projectId, true);
    const page = await findPageSummary(tx, projectId, pageId);
    assertLive(page);
    if (input.parentId !== null) {
      await assertNoCycle(tx, pageId, input.parentId);
      await requireParent(tx, projectId, input.parentId);
    }
    // Out of its old place: the siblings after it close the gap.
    await tx
      .update(wikiPages)
      .set({ position: sql`${wikiPages.position} - 1` })
      .where(
        and(
          liveSiblings(projectId, page.parentId),
          ne(wikiPages.id, pageId),
          sql`${wikiPages.position} > ${page.position}`,
        ),
      );
    const siblings = await countLiveSiblings(tx, projectId, input.parentId, pageId);
    const position = Math.min(input.position, siblings);
    await tx
      .update(wikiPages)
      .set({ position: sql`${wikiPages.position} + 1` })
      .where(
        and(
          liveSiblings(projectId, input.parentId),
          ne(wikiPages.id, pageId),
          sql`${wikiPages.position} >= ${position}`,
        ),
      );
    await tx.update(wikiPages).set({ parentId: input.parentId, position }).where(eq(wikiPages.id, pageId));
    await recordEvent(tx, actor, 'wiki.page.moved', { projectId, pageId, parentId: input.parentId, position });
    return livePages(tx, projectId);
  });
}

/** Archives a page and its live descendants with one timestamp; its siblings close the gap. */
export async function archivePage(ctx: AppContext, actor: Actor, projectId: string, pageId: string) {
  return ctx.db.transaction(async (tx) => {
    await visibleProject(tx, actor, projectId, true);
    const page = await findPageSummary(tx, projectId, pageId);
    if (page.archivedAt) return livePages(tx, projectId);
    const now = new Date();
    const archived = await tx.execute(sql`
      with recursive subtree(id) as (
        select id from ${wikiPages} where id = ${pageId}
        union all
        select c.id from ${wikiPages} c join subtree on c.parent_id = subtree.id
          where c.project_id = ${projectId} and c.archived_at is null
      )
      update ${wikiPages} set archived_at = ${now.toISOString()}::timestamptz
      where id in (select id from subtree) returning id`);
    await tx
      .update(wikiPages)
      .set({ position: sql`${wikiPages.position} - 1` })
      .where(and(liveSiblings(projectId, page.parentId), sql`${wikiPages.position} > ${page.position}`));
    const pageIds = rows<{ id: string }>(archived).map((row) => row.id);
    await recordEvent(tx, actor, 'wiki.page.archived', {
      projectId,
      pageIds: [pageId, ...pageIds.filter((id) => id !== pageId)],
    });
    return livePages(tx, projectId);
  });
}

/**
 * Restores an archived page and the descendants archived with it (same timestamp). The page goes
 * last among its parent's live children, or last at the top level when its parent is archived.
 */
export async function restorePage(ctx: AppContext, actor: Actor, projectId: string, pageId: string) {
  return ctx.db.transaction(async (tx) => {
    await visibleProject(tx, actor, projectId, true);
    const page = await findPageSummary(tx, projectId, pageId);
    if (!page.archivedAt) return livePages(tx, projectId);
    let parentId = page.parentId;
    if (parentId) {
      const [parent] = await tx
        .select({ archivedAt: wikiPages.archivedAt })
        .from(wikiPages)
        .where(eq(wikiPages.id, parentId))
        .limit(1);
      if (!parent || parent.archivedAt) parentId = null;
    }
    const position = await countLiveSiblings(tx, projectId, parentId);
    const restored = await tx.execute(sql`
      with recursive subtree(id) as (
        select id from ${wikiPages} where id = ${pageId}
        union all
        select c.id from ${wikiPages} c join subtree on c.parent_id = subtree.id
          where c.project_id = ${projectId} and c.archived_at = ${page.archivedAt.toISOString()}::timestamptz
      )
      update ${wikiPages} set archived_at = null where id in (select id from subtree) returning id`);
    const pageIds = rows<{ id: string }>(restored).map((row) => row.id);
    await tx.update(wikiPages).set({ parentId, position }).where(eq(wikiPages.id, pageId));
    // The descendants that came back with it: dense positions within each of their parents (whose
    // live children they all are).
    const descendants = pageIds.filter((id) => id !== pageId);
    if (descendants.length > 0) {
      await tx.execute(sql`
        update ${wikiPages} w set position = ranked.n - 1
        from (
          select id, row_number() over (partition by parent_id order by position, id) as n
          from ${wikiPages} where id in ${sql`(${sql.join(
            descendants.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`}
        ) ranked
        where w.id = ranked.id and w.position <> ranked.n - 1`);
    }
    await recordEvent(tx, actor, 'wiki.page.restored', { projectId, pageIds: [pageId, ...descendants] });
    return livePages(tx, projectId);
  });
}

// ---------------------------------------------------------------------------------------------
// Revisions

/** A page's revisions newest first, `limit` at a time, older than `before` when given. */
export async function listRevisions(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  query: { limit: number; before?: string },
) {
  await visibleProject(ctx.db, actor, projectId);
  await findPageSummary(ctx.db, projectId, pageId);
  let below: number | undefined;
  if (query.before) {
    const [before] = await ctx.db
      .select({ number: wikiRevisions.number })
      .from(wikiRevisions)
      .where(and(eq(wikiRevisions.id, query.before), eq(wikiRevisions.pageId, pageId)))
      .limit(1);
    if (!before) throw invalidField('before', 'is not a revision of this page', 'query');
    below = before.number;
  }
  const found = await ctx.db
    .select(revisionSummaryColumns)
    .from(wikiRevisions)
    .where(and(eq(wikiRevisions.pageId, pageId), below === undefined ? undefined : lt(wikiRevisions.number, below)))
    .orderBy(desc(wikiRevisions.number))
    .limit(query.limit + 1);
  const more = found.length > query.limit;
  const revisions = found.slice(0, query.limit).map(presentRevisionSummary);
  return { revisions, nextBefore: more ? revisions[revisions.length - 1]!.id : null };
}

async function findRevision(db: Executor, pageId: string, revisionId: string) {
  const [revision] = await db
    .select()
    .from(wikiRevisions)
    .where(and(eq(wikiRevisions.id, revisionId), eq(wikiRevisions.pageId, pageId)))
    .limit(1);
  if (!revision) throw notFound('Revision not found');
  return revision;
}

/** One revision with its Markdown. */
export async function getRevision(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  revisionId: string,
): Promise<WikiRevision> {
  await visibleProject(ctx.db, actor, projectId);
  await findPageSummary(ctx.db, projectId, pageId);
  const revision = await findRevision(ctx.db, pageId, revisionId);
  return { ...presentRevisionSummary(revision), markdown: revision.markdown };
}

/** Restores a revision: a new revision with its title and Markdown (no base needed). */
export async function restoreRevision(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  revisionId: string,
): Promise<WikiPage> {
  return ctx.db.transaction(async (tx) => {
    const page = await lockPage(tx, actor, projectId, pageId);
    const revision = await findRevision(tx, pageId, revisionId);
    assertLive(page);
    return writeRevision(tx, actor, page, {
      title: revision.title,
      markdown: revision.markdown,
      summary: `Restored revision ${revision.number}`,
      restoredFrom: revision.id,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Comments

async function visiblePage(db: Executor, actor: Actor, projectId: string, pageId: string) {
  const project = await visibleProject(db, actor, projectId);
  return { project, page: await findPageSummary(db, projectId, pageId) };
}

async function findComment(db: Executor, pageId: string, commentId: string) {
  const [row] = await db
    .select()
    .from(wikiComments)
    .where(and(eq(wikiComments.id, commentId), eq(wikiComments.pageId, pageId)))
    .limit(1);
  if (!row) throw notFound('Comment not found');
  return row;
}

/** Roots and replies, oldest first, a page at a time, with the total. */
export async function listWikiComments(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  page: { limit: number; offset: number },
) {
  await visiblePage(ctx.db, actor, projectId, pageId);
  const [total] = await ctx.db.select({ n: count() }).from(wikiComments).where(eq(wikiComments.pageId, pageId));
  const found = await ctx.db
    .select()
    .from(wikiComments)
    .where(eq(wikiComments.pageId, pageId))
    .orderBy(asc(wikiComments.createdAt), asc(wikiComments.id))
    .limit(page.limit)
    .offset(page.offset);
  return {
    comments: found.map(presentWikiComment),
    total: total?.n ?? 0,
    limit: page.limit,
    offset: page.offset,
  };
}

/**
 * The anchor of a new root, checked against the page's current Markdown (400 on `anchor` when it
 * is not there), and its quote: the one given, or the passage's text.
 */
async function anchorOf(db: Executor, pageId: string, anchor: string, quote: string | undefined) {
  const parsed = parseAnchor(anchor);
  if (!parsed) throw invalidField('anchor', 'must be a comment-mark id (a UUID) or block:<key>');
  const [row] = await db.select({ markdown: wikiPages.markdown }).from(wikiPages).where(eq(wikiPages.id, pageId));
  const markdown = row?.markdown ?? '';
  const scan = scanMarkdown(markdown);
  if ('id' in parsed) {
    if (!scan.ids.has(parsed.id)) throw invalidField('anchor', 'is not a comment mark of the page’s current Markdown');
    return { anchor: parsed.id, quote: quote ?? cut(passageText(markdown, scan, parsed.id) ?? '', WIKI_LIMITS.quote) };
  }
  if (!scan.blockKeys.has(parsed.blockKey))
    throw invalidField('anchor', 'is not a block key of the page’s current Markdown');
  return { anchor, quote: quote ?? cut(blockText(markdown, parsed.blockKey) ?? '', WIKI_LIMITS.quote) };
}

/**
 * Adds a root comment (anchored to a passage or block, or to the whole page) or a reply. Threads
 * have one level; a reply to a resolved thread reopens it. An agent token writes as the agent (and
 * is charged the `write` price first). Mentions are checked before anything is written (400 on
 * `text`); the mentioned, the thread's people (on a reply) and mentioned agents are told in the
 * comment's transaction (the `commentWritten` reaction).
 */
export async function addWikiComment(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  input: { text: string; parentId?: string | null; anchor?: string | null; quote?: string },
) {
  return ctx.db.transaction(async (tx) => {
    await chargeAgentWork(ctx, tx, actor, { operation: 'createWikiComment', kind: 'write' });
    const { project, page } = await visiblePage(tx, actor, projectId, pageId);
    const mentions = await checkMentions(tx, project.companyId, input.text);
    let reopened: Comment | undefined;
    let anchored: { anchor: string | null; quote: string | null } = { anchor: null, quote: input.quote ?? null };
    let threadAnchor: string | null = null;
    const participants: string[] = [];
    if (input.parentId) {
      if (input.anchor != null) throw invalidField('anchor', 'only a thread’s first comment can have an anchor');
      if (input.quote !== undefined) throw invalidField('quote', 'only a thread’s first comment can have a quote');
      const [parent] = await tx
        .select()
        .from(wikiComments)
        .where(and(eq(wikiComments.id, input.parentId), eq(wikiComments.pageId, pageId)))
        .limit(1);
      if (!parent) throw invalidField('parentId', 'is not a comment on this page');
      if (parent.parentId !== null)
        throw invalidField('parentId', 'is a reply; threads have one level, so reply to its root');
      threadAnchor = parent.anchor;
      participants.push(...(await threadPeople(tx, parent)));
      if (parent.resolvedAt) {
        const [row] = await tx
          .update(wikiComments)
          .set({ resolvedAt: null })
          .where(eq(wikiComments.id, parent.id))
          .returning();
        reopened = presentWikiComment(row!);
      }
    } else if (input.anchor != null) {
      anchored = await anchorOf(tx, pageId, input.anchor, input.quote);
      threadAnchor = anchored.anchor;
    }
    const [row] = await tx
      .insert(wikiComments)
      .values({
        pageId,
        parentId: input.parentId ?? null,
        authorName: actor.principal.user.name,
        // An agent token writes as the agent.
        authorUserId: actor.principal.agent ? null : actor.principal.user.id,
        authorAgentId: actor.principal.agent?.id ?? null,
        text: input.text,
        anchor: anchored.anchor,
        quote: anchored.quote,
      })
      .returning();
    const comment = presentWikiComment(row!);
    await recordEvent(tx, actor, 'wiki.comment.created', {
      projectId,
      pageId,
      comment,
      ...(reopened ? { reopened } : {}),
    });
    await react('commentWritten', tx, actor, {
      subject: {
        kind: 'wiki_page',
        companyId: project.companyId,
        projectId,
        pageId,
        title: page.title,
        anchor: threadAnchor,
      },
      comment,
      mentions,
      participants,
    });
    return comment;
  });
}

/** The people of a thread so far: its root's author, then those who replied (agents are not told). */
async function threadPeople(db: Executor, root: CommentRow): Promise<string[]> {
  const repliers = await db
    .selectDistinct({ id: wikiComments.authorUserId })
    .from(wikiComments)
    // The page's id first: (page_id, created_at) is indexed, parent_id is not.
    .where(
      and(
        eq(wikiComments.pageId, root.pageId),
        eq(wikiComments.parentId, root.id),
        isNotNull(wikiComments.authorUserId),
      ),
    );
  return [root.authorUserId, ...repliers.map((row) => row.id)].filter((id): id is string => id !== null);
}

/**
 * Edits your own comment's text, and/or resolves or reopens a thread (anyone may). A changed text's
 * mentions are checked (400 on `text`); people and agents it newly mentions are told.
 */
export async function updateWikiComment(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  commentId: string,
  changes: { text?: string; resolved?: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const { project, page } = await visiblePage(tx, actor, projectId, pageId);
    const current = await findComment(tx, pageId, commentId);
    const fields = commentChanges(actor.principal, project.companyId, current, changes);
    const mentions = fields.text === undefined ? null : await checkMentions(tx, project.companyId, fields.text);
    const [row] =
      Object.keys(fields).length > 0
        ? await tx.update(wikiComments).set(fields).where(eq(wikiComments.id, commentId)).returning()
        : [current];
    const comment = presentWikiComment(row!);
    const type =
      changes.resolved === undefined
        ? 'wiki.comment.updated'
        : changes.resolved
          ? 'wiki.comment.resolved'
          : 'wiki.comment.reopened';
    await recordEvent(tx, actor, type, { projectId, pageId, comment });
    if (mentions) {
      const root = current.parentId === null ? current : await findComment(tx, pageId, current.parentId);
      await react('commentWritten', tx, actor, {
        subject: {
          kind: 'wiki_page',
          companyId: project.companyId,
          projectId,
          pageId,
          title: page.title,
          anchor: root.anchor,
        },
        comment,
        mentions,
        before: parseMentions(current.text),
      });
    }
    return comment;
  });
}

/** Deletes your own comment; deleting a thread's root deletes its replies with it. */
export async function deleteWikiComment(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  pageId: string,
  commentId: string,
) {
  return ctx.db.transaction(async (tx) => {
    const { project } = await visiblePage(tx, actor, projectId, pageId);
    const current = await findComment(tx, pageId, commentId);
    assertCan(actor.principal, 'deleteComment', { companyId: project.companyId, authorUserId: current.authorUserId });
    await tx.delete(wikiComments).where(eq(wikiComments.id, commentId));
    await recordEvent(tx, actor, 'wiki.comment.deleted', {
      projectId,
      pageId,
      commentId,
      parentId: current.parentId,
    });
  });
}
