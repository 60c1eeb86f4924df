/**
 * Wiki pages: listing, creating, reading, saving (a new revision, refused when its base is stale),
 * moving in the tree, archiving and restoring. Revisions: revisions.ts; page comments: page-comments.ts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { wikiPages, wikiRevisions } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField } from '../../http/errors.ts';
import type { WikiPage } from './schemas.ts';
import { authorOf, pageColumns, presentPage, presentSummary, summaryColumns } from './present.ts';
import {
  assertLive,
  checkMarkdown,
  countLiveSiblings,
  findPage,
  findPageSummary,
  listOrder,
  livePages,
  liveSiblings,
  lockPage,
  requireParent,
  visibleProject,
} from './lookups.ts';
import { autoSummary, writeRevision } from './revisions.ts';

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
