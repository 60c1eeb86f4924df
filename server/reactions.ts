/**
 * What happens when: each fact a module raises with `react(…)` (server/events/reactions.ts), and
 * the reactions of other modules to it, in the order they run, in the cause's transaction. A
 * reaction that throws refuses the cause. Imported by server/app.ts; docs/architecture.md lists
 * the same table.
 */
import { registerReactions } from './events/reactions.ts';
import { delegateCard, handCommentToAgents } from './modules/agents/index.ts';
import { notifyCardAssignee, notifyCommentReaders } from './modules/notifications/index.ts';

registerReactions({
  // cards: createCard with an assignee, updateCard changing it.
  cardAssigneeChanged: [
    // Given to an agent: a session opens for the card (409 AGENT_UNAVAILABLE if the agent is not
    // active); taken from one: its session ends.
    delegateCard,
    // Given to a person: `card_assigned`.
    notifyCardAssignee,
  ],
  // comments (card threads) and wiki (page threads): a comment written, or its text edited.
  commentWritten: [
    // `mention` for the people it newly mentions, `reply` for the thread's people.
    notifyCommentReaders,
    // `agent.mentioned` for the active agents it newly mentions.
    handCommentToAgents,
  ],
});
