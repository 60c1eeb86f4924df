/** How the wiki's rows are presented: pages, summaries, revisions, authors, comments. */
import { type wikiComments, wikiPages, wikiRevisions } from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import type { Comment } from '../comments/index.ts';
import type { WikiAuthor, WikiPage, WikiPageSummary, WikiRevisionSummary } from './schemas.ts';

type PageRow = typeof wikiPages.$inferSelect;
type SummaryRow = Omit<PageRow, 'markdown' | 'searchKey' | 'createdByName' | 'createdByUserId' | 'createdByAgentId'>;
type RevisionRow = typeof wikiRevisions.$inferSelect;
export type CommentRow = typeof wikiComments.$inferSelect;

/** The columns a page summary needs: everything but the Markdown. */
export const summaryColumns = {
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
export const pageColumns = { ...summaryColumns, markdown: wikiPages.markdown };

export const revisionSummaryColumns = {
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

export function author(name: string, userId: string | null, agentId: string | null): WikiAuthor {
  return { name, ...(userId ? { userId } : {}), ...(agentId ? { agentId } : {}) };
}

/** Who the caller is, as a page's author: the person (API keys act as their owner). */
export function authorOf(actor: Actor) {
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

export function presentRevisionSummary(row: Omit<RevisionRow, 'markdown'>): WikiRevisionSummary {
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
