/**
 * What a comment in a thread causes, for card and wiki threads alike, in the comment's own
 * transaction (so it exists exactly when the comment does):
 *
 * - `mention`: each person the text mentions (`@[Name](person:<id>)`), never the author. Dedupe key
 *   `mention:<commentId>`: an edit that adds a mention notifies the newly mentioned person once;
 *   editing again, or removing and re-adding them, never notifies twice; removing a mention leaves
 *   the notification as it was (it said what was written then).
 * - `reply`: a new reply notifies the thread root's author and everyone who replied before (people
 *   only), not the replier; someone also mentioned in the reply gets the mention only. Dedupe key
 *   `reply:<replyId>`. Edits never notify as replies.
 * - `agent.mentioned` (on the agent's stream) for each agent the text mentions
 *   (`@[Name](agent:<id>)`) that is active and was not mentioned before (a new comment: all of
 *   them; an edit: those not in the old text), never the writing agent itself. A paused or
 *   completed agent is still a valid mention, but is handed nothing.
 *
 * Every member of the company sees every card and wiki page, so everyone mentioned may be told.
 * The mentions must have been checked (`checkMentions`, 400 on `text`) before the comment was
 * written.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agents } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { type Mention, notify, type NotificationDraft } from '../notifications/index.ts';
import type { Comment } from './schemas.ts';

/** What the thread belongs to, as notifications and `agent.mentioned` name it. */
export type CommentSubject =
  | { kind: 'card'; companyId: string; projectId: string; cardId: string; title: string }
  | {
      kind: 'wiki_page';
      companyId: string;
      projectId: string;
      pageId: string;
      title: string;
      /** The thread root's anchor (a comment-mark id or `block:<key>`), null for the whole page. */
      anchor: string | null;
    };

export type CommentAnnouncement = {
  subject: CommentSubject;
  /** The comment as it now is. */
  comment: Comment;
  /** The (checked) mentions of its text now. */
  mentions: Mention[];
  /** On an edit: the mentions of the text before it. Absent for a new comment. */
  before?: Mention[];
  /**
   * On a new reply: the people of its thread before it, root's author first, then the earlier
   * repliers. Absent (or empty) for a root and for edits.
   */
  participants?: string[];
};

export async function announceComment(tx: Executor, actor: Actor, input: CommentAnnouncement): Promise<void> {
  const { subject, comment, mentions } = input;
  const threadId = comment.parentId ?? comment.id;
  const thing =
    subject.kind === 'card'
      ? { kind: 'card' as const, id: subject.cardId, title: subject.title }
      : { kind: 'wiki_page' as const, id: subject.pageId, title: subject.title };
  const link: NotificationDraft['link'] =
    subject.kind === 'card'
      ? { projectId: subject.projectId, cardId: subject.cardId, commentId: comment.id, threadId }
      : {
          projectId: subject.projectId,
          pageId: subject.pageId,
          commentId: comment.id,
          threadId,
          ...(subject.anchor ? { anchor: subject.anchor } : {}),
        };

  // Mentions first: `notify` keeps the first draft per person, so a mentioned replier-to gets the mention.
  const drafts: NotificationDraft[] = mentions
    .filter((mention) => mention.kind === 'person')
    .map((mention) => ({
      type: 'mention',
      userId: mention.id,
      thing,
      snippet: comment.text,
      link,
      dedupeKey: `mention:${comment.id}`,
    }));
  if (input.before === undefined && comment.parentId !== null) {
    for (const userId of new Set(input.participants ?? [])) {
      drafts.push({ type: 'reply', userId, thing, snippet: comment.text, link, dedupeKey: `reply:${comment.id}` });
    }
  }
  await notify(tx, actor, drafts);

  const known = new Set((input.before ?? []).filter((m) => m.kind === 'agent').map((m) => m.id));
  const newAgents = mentions
    .filter((mention) => mention.kind === 'agent' && !known.has(mention.id))
    .map((mention) => mention.id)
    .filter((id) => id !== actor.principal.agent?.id);
  if (newAgents.length === 0) return;
  const active = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.companyId, subject.companyId), inArray(agents.id, newAgents), eq(agents.status, 'active')));
  const activeIds = new Set(active.map((row) => row.id));
  for (const agentId of newAgents) {
    if (!activeIds.has(agentId)) continue;
    await recordEvent(
      tx,
      actor,
      'agent.mentioned',
      {
        agentId,
        projectId: subject.projectId,
        ...(subject.kind === 'card' ? { cardId: subject.cardId } : { pageId: subject.pageId }),
        comment,
        threadId,
      },
      { agentId },
    );
  }
}

/** The route descriptions' note on mentions in comments (cards and wiki pages alike). */
export const COMMENT_MENTIONS_NOTE =
  'Mentions are written in `text`: `@[Name](person:<userId>)` for a person, `@[Name](agent:<agentId>)` for an agent (at most 20 distinct); an id that is not a person (or agent) of the company — unknown, of another company — is 400 `VALIDATION_ERROR` on `text`, and nothing is written. Each mentioned person except the author gets a `mention` notification; a reply notifies the thread root’s author and everyone who replied before (people, not the replier; someone also mentioned gets the mention only) with `reply`. Each mentioned agent that is active is handed the comment on its stream (`agent.mentioned`); a paused or completed agent is a valid mention but is handed nothing.';

/** The update routes' note: what an edit's mentions do. */
export const COMMENT_EDIT_MENTIONS_NOTE =
  'Mentions in a new `text` are checked as on creation (400 on `text`, nothing written). A person the edit newly mentions gets a `mention` notification once: editing again, or removing and re-adding them, never notifies twice; removing a mention leaves the notification already sent in place. Agents newly mentioned (not in the old text) are handed the comment (`agent.mentioned`): an edit that mentions an agent again after an earlier edit removed it hands the comment over again (asking again, on purpose).';
