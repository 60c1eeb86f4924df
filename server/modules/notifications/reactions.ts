/**
 * Notifications as reactions to the work of other modules (server/events/reactions.ts; listed in
 * server/reactions.ts), each in its cause's transaction, so a notification exists exactly when its
 * cause does.
 */
import type { Reaction } from '../../events/reactions.ts';
import { notify, type NotificationDraft } from './notify.ts';

/**
 * A card given to a person tells them (`card_assigned`): on creation with a person assignee, or
 * when the assignee becomes another person. Not when they assigned it to themselves (`notify`
 * skips the actor), not for an agent (delegation opens a session instead). No dedupe: assigned
 * again later, told again.
 */
export const notifyCardAssignee: Reaction<'cardAssigneeChanged'> = async (tx, actor, { card, after }) => {
  if (after?.kind !== 'human') return;
  await notify(tx, actor, [
    {
      type: 'card_assigned',
      userId: after.id,
      thing: { kind: 'card', id: card.id, title: card.title },
      // The start of what the card asks for; empty when it has no description.
      snippet: card.description,
      link: { projectId: card.projectId, cardId: card.id },
    },
  ]);
};

/**
 * What a comment in a card or wiki thread tells people (every member of the company sees every
 * card and wiki page, so everyone mentioned may be told):
 *
 * - `mention`: each person the text mentions (`@[Name](person:<id>)`), never the author. Dedupe key
 *   `mention:<commentId>`: an edit that adds a mention notifies the newly mentioned person once;
 *   editing again, or removing and re-adding them, never notifies twice; removing a mention leaves
 *   the notification as it was (it said what was written then).
 * - `reply`: a new reply notifies the thread root's author and everyone who replied before (people
 *   only), not the replier; someone also mentioned in the reply gets the mention only. Dedupe key
 *   `reply:<replyId>`. Edits never notify as replies.
 */
export const notifyCommentReaders: Reaction<'commentWritten'> = async (tx, actor, input) => {
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
};
