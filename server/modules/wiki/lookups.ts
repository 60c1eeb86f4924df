/** How the wiki's services find a page for a caller, and the checks they share. */
import { and, asc, count, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { projects, wikiPages } from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import { ApiError, conflict, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { findProject } from '../../policies/records.ts';
import { type MarkdownScan, scanMarkdown } from './markdown.ts';
import { WIKI_LIMITS } from './schemas.ts';
import { pageColumns, presentSummary, summaryColumns } from './present.ts';

/** The project, when the caller's company may see it (404 otherwise). `lock`: tree changes hold it. */
export function visibleProject(db: Executor, actor: Actor, projectId: string, lock = false) {
  return findProject(db, requireCompany(actor.principal).id, projectId, { lock });
}

export async function findPage(db: Executor, projectId: string, pageId: string) {
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
export async function lockPage(db: Executor, actor: Actor, projectId: string, pageId: string) {
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
export type LockedPage = Awaited<ReturnType<typeof lockPage>>;

export async function findPageSummary(db: Executor, projectId: string, pageId: string) {
  const [page] = await db
    .select(summaryColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.id, pageId), eq(wikiPages.projectId, projectId)))
    .limit(1);
  if (!page) throw notFound('Page not found');
  return page;
}

/** The live pages with this parent (null: the top level). */
export const liveSiblings = (projectId: string, parentId: string | null) =>
  and(
    eq(wikiPages.projectId, projectId),
    parentId === null ? isNull(wikiPages.parentId) : eq(wikiPages.parentId, parentId),
    isNull(wikiPages.archivedAt),
  );

export async function countLiveSiblings(db: Executor, projectId: string, parentId: string | null, except?: string) {
  const [row] = await db
    .select({ n: count() })
    .from(wikiPages)
    .where(and(liveSiblings(projectId, parentId), except ? ne(wikiPages.id, except) : undefined));
  return row?.n ?? 0;
}

/** A live page of the project that may be a parent, or a 400 on `parentId`. */
export async function requireParent(db: Executor, projectId: string, parentId: string) {
  const [parent] = await db
    .select({ id: wikiPages.id, archivedAt: wikiPages.archivedAt })
    .from(wikiPages)
    .where(and(eq(wikiPages.id, parentId), eq(wikiPages.projectId, projectId)))
    .limit(1);
  if (!parent) throw invalidField('parentId', 'is not a page of this project');
  if (parent.archivedAt) throw invalidField('parentId', 'is an archived page');
}

export function assertLive(page: { archivedAt: Date | null }) {
  if (page.archivedAt) throw conflict('The page is archived: restore it first');
}

/** 413 beyond 2 MiB of UTF-8; 400 on `markdown` when its comment marks are malformed. */
export function checkMarkdown(markdown: string): MarkdownScan {
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

export const listOrder = [sql`${wikiPages.parentId} asc nulls first`, asc(wikiPages.position), asc(wikiPages.id)];

export async function livePages(db: Executor, projectId: string) {
  const list = await db
    .select(summaryColumns)
    .from(wikiPages)
    .where(and(eq(wikiPages.projectId, projectId), isNull(wikiPages.archivedAt)))
    .orderBy(...listOrder);
  return list.map(presentSummary);
}
