/**
 * Comment threads on wiki pages, anchored to a passage or a block, or on the whole page: the rules of
 * card comments (comments module), plus anchors, quotes and the detached state.
 */
import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { wikiComments, wikiPages } from '../../db/schema.ts';
import { react } from '../../events/reactions.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { assertCan } from '../../policies/index.ts';
import { commentChanges, type Comment } from '../comments/index.ts';
import { chargeAgentWork } from '../credits/index.ts';
import { checkMentions, parseMentions } from '../notifications/index.ts';
import { blockText, cut, parseAnchor, passageText, scanMarkdown } from './markdown.ts';
import { WIKI_LIMITS } from './schemas.ts';
import { type CommentRow, presentWikiComment } from './present.ts';
import { findPageSummary, visibleProject } from './lookups.ts';

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
