import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { AppContext } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { cardComments } from '../../db/schema.ts';
import { react } from '../../events/reactions.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { assertCan, requireCompany } from '../../policies/index.ts';
import { findCard, findProject } from '../../policies/records.ts';
import { chargeCardWork } from '../credits/index.ts';
import { checkMentions, parseMentions } from '../notifications/index.ts';
import { commentChanges } from './changes.ts';
import type { Comment } from './schemas.ts';

type CommentRow = typeof cardComments.$inferSelect;

export function presentComment(row: CommentRow): Comment {
  const isRoot = row.parentId === null;
  return {
    id: row.id,
    author: row.authorName,
    ...(row.authorUserId ? { authorUserId: row.authorUserId } : {}),
    ...(row.authorAgentId ? { authorAgentId: row.authorAgentId } : {}),
    at: row.createdAt.toISOString(),
    ...(row.editedAt ? { editedAt: row.editedAt.toISOString() } : {}),
    text: row.text,
    parentId: row.parentId,
    ...(isRoot ? { anchor: null, quote: null, resolvedAt: row.resolvedAt?.toISOString() ?? null } : {}),
  };
}

/** The project and the card, after checking the caller's company may see them (404 otherwise). */
async function visibleCard(db: Executor, actor: Actor, projectId: string, cardId: string) {
  const company = requireCompany(actor.principal);
  const project = await findProject(db, company.id, projectId);
  return { project, card: await findCard(db, projectId, cardId) };
}

async function findComment(db: Executor, cardId: string, commentId: string) {
  const [row] = await db
    .select()
    .from(cardComments)
    .where(and(eq(cardComments.id, commentId), eq(cardComments.cardId, cardId)))
    .limit(1);
  if (!row) throw notFound('Comment not found');
  return row;
}

/** Roots and replies, oldest first, a page at a time, with the total. */
export async function listComments(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  page: { limit: number; offset: number },
) {
  await visibleCard(ctx.db, actor, projectId, cardId);
  const [total] = await ctx.db.select({ n: count() }).from(cardComments).where(eq(cardComments.cardId, cardId));
  const rows = await ctx.db
    .select()
    .from(cardComments)
    .where(eq(cardComments.cardId, cardId))
    .orderBy(asc(cardComments.createdAt), asc(cardComments.id))
    .limit(page.limit)
    .offset(page.offset);
  return { comments: rows.map(presentComment), total: total?.n ?? 0, limit: page.limit, offset: page.offset };
}

/**
 * Adds a root comment or a reply. Threads have one level: a reply to a reply is refused. A reply
 * to a resolved thread reopens it. Its mentions are checked first (400 on `text`); the mentioned,
 * the thread's people (on a reply) and mentioned agents are told in its transaction
 * (the `commentWritten` reaction).
 */
export async function addComment(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  input: { text: string; parentId?: string | null },
) {
  return ctx.db.transaction(async (tx) => {
    await chargeCardWork(ctx, tx, actor, 'createCardComment', cardId);
    const { project, card } = await visibleCard(tx, actor, projectId, cardId);
    const mentions = await checkMentions(tx, project.companyId, input.text);
    let reopened: Comment | undefined;
    const participants: string[] = [];
    if (input.parentId) {
      const [parent] = await tx
        .select()
        .from(cardComments)
        .where(and(eq(cardComments.id, input.parentId), eq(cardComments.cardId, cardId)))
        .limit(1);
      if (!parent) throw invalidField('parentId', 'is not a comment on this card');
      if (parent.parentId !== null)
        throw invalidField('parentId', 'is a reply; threads have one level, so reply to its root');
      participants.push(...(await threadPeople(tx, parent)));
      if (parent.resolvedAt) {
        const [row] = await tx
          .update(cardComments)
          .set({ resolvedAt: null })
          .where(eq(cardComments.id, parent.id))
          .returning();
        reopened = presentComment(row!);
      }
    }
    const [row] = await tx
      .insert(cardComments)
      .values({
        cardId,
        parentId: input.parentId ?? null,
        authorName: actor.principal.user.name,
        // An agent token writes as the agent.
        authorUserId: actor.principal.agent ? null : actor.principal.user.id,
        authorAgentId: actor.principal.agent?.id ?? null,
        text: input.text,
      })
      .returning();
    const comment = presentComment(row!);
    await recordEvent(tx, actor, 'comment.created', {
      projectId,
      cardId,
      comment,
      ...(reopened ? { reopened } : {}),
    });
    await react('commentWritten', tx, actor, {
      subject: { kind: 'card', companyId: project.companyId, projectId, cardId, title: card.title },
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
    .selectDistinct({ id: cardComments.authorUserId })
    .from(cardComments)
    // The card's id first: (card_id, created_at) is indexed, parent_id is not.
    .where(
      and(
        eq(cardComments.cardId, root.cardId),
        eq(cardComments.parentId, root.id),
        isNotNull(cardComments.authorUserId),
      ),
    );
  return [root.authorUserId, ...repliers.map((row) => row.id)].filter((id): id is string => id !== null);
}

/**
 * Edits your own comment's text, and/or resolves or reopens a thread (anyone may). A changed text's
 * mentions are checked (400 on `text`); people and agents it newly mentions are told.
 */
export async function updateComment(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  commentId: string,
  changes: { text?: string; resolved?: boolean },
) {
  return ctx.db.transaction(async (tx) => {
    const { project, card } = await visibleCard(tx, actor, projectId, cardId);
    const current = await findComment(tx, cardId, commentId);
    const fields = commentChanges(actor.principal, project.companyId, current, changes);
    const mentions = fields.text === undefined ? null : await checkMentions(tx, project.companyId, fields.text);
    const [row] =
      Object.keys(fields).length > 0
        ? await tx.update(cardComments).set(fields).where(eq(cardComments.id, commentId)).returning()
        : [current];
    const comment = presentComment(row!);
    const type =
      changes.resolved === undefined ? 'comment.updated' : changes.resolved ? 'comment.resolved' : 'comment.reopened';
    await recordEvent(tx, actor, type, { projectId, cardId, comment });
    if (mentions) {
      await react('commentWritten', tx, actor, {
        subject: { kind: 'card', companyId: project.companyId, projectId, cardId, title: card.title },
        comment,
        mentions,
        before: parseMentions(current.text),
      });
    }
    return comment;
  });
}

/** Deletes your own comment; deleting a thread's root deletes its replies with it. */
export async function deleteComment(
  ctx: AppContext,
  actor: Actor,
  projectId: string,
  cardId: string,
  commentId: string,
) {
  return ctx.db.transaction(async (tx) => {
    const { project } = await visibleCard(tx, actor, projectId, cardId);
    const current = await findComment(tx, cardId, commentId);
    assertCan(actor.principal, 'deleteComment', { companyId: project.companyId, authorUserId: current.authorUserId });
    await tx.delete(cardComments).where(eq(cardComments.id, commentId));
    await recordEvent(tx, actor, 'comment.deleted', { projectId, cardId, commentId, parentId: current.parentId });
  });
}
