/**
 * What mentions in comments do, as the route descriptions (cards and wiki pages alike) say it. What
 * a comment causes is the `commentWritten` reaction (server/reactions.ts): notifications'
 * `notifyCommentReaders` (mentions and replies) and the agents' `handCommentToAgents`.
 */
/** The route descriptions' note on mentions in comments (cards and wiki pages alike). */
export const COMMENT_MENTIONS_NOTE =
  'Mentions are written in `text`: `@[Name](person:<userId>)` for a person, `@[Name](agent:<agentId>)` for an agent (at most 20 distinct); an id that is not a person (or agent) of the company — unknown, of another company — is 400 `VALIDATION_ERROR` on `text`, and nothing is written. Each mentioned person except the author gets a `mention` notification; a reply notifies the thread root’s author and everyone who replied before (people, not the replier; someone also mentioned gets the mention only) with `reply`. Each mentioned agent that is active is handed the comment on its stream (`agent.mentioned`); a paused or completed agent is a valid mention but is handed nothing.';

/** The update routes' note: what an edit's mentions do. */
export const COMMENT_EDIT_MENTIONS_NOTE =
  'Mentions in a new `text` are checked as on creation (400 on `text`, nothing written). A person the edit newly mentions gets a `mention` notification once: editing again, or removing and re-adding them, never notifies twice; removing a mention leaves the notification already sent in place. Agents newly mentioned (not in the old text) are handed the comment (`agent.mentioned`): an edit that mentions an agent again after an earlier edit removed it hands the comment over again (asking again, on purpose).';
