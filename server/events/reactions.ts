/**
 * Reactions: what other modules do when something happens in one, in the same transaction.
 *
 * A module that makes a change other modules react to names the fact, inside its transaction:
 *
 *     await react('cardAssigneeChanged', tx, actor, { card, before, after });
 *
 * and knows nothing of who reacts. The reactions are functions of the modules that react (the
 * agents module delegates the card, notifications tells the new assignee), listed per fact, in
 * the order they run, in one table: server/reactions.ts, which server/app.ts imports, so every app
 * has them (in tests and in the server process alike). "What happens when a card's assignee
 * changes" is that table's entry.
 *
 * `react` awaits each reaction in turn with the cause's own transaction: what a reaction writes
 * (a session, a notification, their events) commits with the change or not at all, and a reaction
 * that throws (delegating to a paused agent: 409 `AGENT_UNAVAILABLE`) rolls the whole change back.
 * Nothing is queued and nothing runs after the commit.
 *
 * The payloads are declared here, without importing any module: the facts are part of the cause's
 * contract with whoever reacts, like the events of catalog.ts (whose types they borrow where they
 * carry a resource). A new fact: its payload in `ReactionPayloads`, its entry in server/reactions.ts
 * (TypeScript requires one, an empty list if nothing reacts yet), a `react` call in the cause.
 */
import type { Executor } from '../db/client.ts';
import type { EventPayload } from './catalog.ts';
import type { Actor } from './record.ts';

/** Who a card is assigned to: a person of the company or one of its agents. */
export type CardAssignee = { kind: 'human' | 'agent'; id: string };

/** A mention written in a text (`@[Name](person:<id>)`, `@[Name](agent:<id>)`), already checked. */
export type TextMention = { kind: 'person' | 'agent'; id: string };

/** What a comment thread belongs to, as notifications and `agent.mentioned` name it. */
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

/** A card or wiki comment as the API presents it. */
export type ThreadComment = EventPayload<'agent.mentioned'>['comment'];

/** Each fact's payload: what the cause tells those who react. */
export type ReactionPayloads = {
  /**
   * A card's assignee changed: a card created with an assignee (`before` null), or an edit that
   * gave it to someone else or took it away (never an edit that keeps the same assignee). Raised
   * by cards (`createCard`, `updateCard`) after the card's own event.
   */
  cardAssigneeChanged: {
    card: { id: string; projectId: string; title: string; description: string };
    before: CardAssignee | null;
    after: CardAssignee | null;
  };
  /**
   * A comment was written in a card's or a wiki page's thread, or its text was edited. Raised by
   * comments and by the wiki after the comment's own event; its mentions were checked first.
   */
  commentWritten: {
    subject: CommentSubject;
    /** The comment as it now is. */
    comment: ThreadComment;
    /** The mentions of its text now. */
    mentions: TextMention[];
    /** On an edit: the mentions of the text before it. Absent for a new comment. */
    before?: TextMention[];
    /**
     * On a new reply: the people of its thread before it, the root's author first, then the
     * earlier repliers. Absent (or empty) for a root and for edits.
     */
    participants?: string[];
  };
};

export type ReactionName = keyof ReactionPayloads;

/** One module's reaction to a fact, run in the cause's transaction. */
export type Reaction<N extends ReactionName> = (
  tx: Executor,
  actor: Actor,
  payload: ReactionPayloads[N],
) => Promise<void>;

/** Every fact with its reactions, in the order they run. */
export type ReactionTable = { readonly [N in ReactionName]: readonly Reaction<N>[] };

let registered: ReactionTable | null = null;

/** Sets the reactions of every fact (server/reactions.ts, once, when server/app.ts is loaded). */
export function registerReactions(table: ReactionTable): void {
  registered = table;
}

/**
 * Runs the reactions to a fact, one after the other, in the cause's transaction `tx`. A reaction
 * that throws stops the others and, through the transaction, undoes the cause.
 */
export async function react<N extends ReactionName>(
  name: N,
  tx: Executor,
  actor: Actor,
  payload: ReactionPayloads[N],
): Promise<void> {
  if (!registered) {
    throw new Error('reactions: none registered (server/reactions.ts, imported by server/app.ts)');
  }
  const reactions: readonly Reaction<N>[] = registered[name];
  for (const reaction of reactions) await reaction(tx, actor, payload);
}
