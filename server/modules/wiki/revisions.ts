/**
 * A page's revisions: writing one (and re-checking its threads' anchors), its summary, and listing,
 * reading and restoring them.
 */
import { randomUUID } from 'node:crypto';
import { and, desc, eq, inArray, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { wikiComments, wikiPages, wikiRevisions } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { cut, type MarkdownScan, parseAnchor, scanMarkdown } from './markdown.ts';
import { WIKI_LIMITS, type WikiPage, type WikiRevision } from './schemas.ts';
import { author, authorOf, presentPage, presentRevisionSummary, revisionSummaryColumns } from './present.ts';
import { assertLive, findPageSummary, type LockedPage, lockPage, visibleProject } from './lookups.ts';

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

export function autoSummary(page: { title: string; markdown: string }, title: string, markdown: string) {
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
export async function writeRevision(
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
