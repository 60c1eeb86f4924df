import type { WorkspaceTools } from '../tools.ts';
import type { ActivityInput, Agent, AgentSession, Board, Card } from '../types.ts';

/** Where a backend writes its reply as it goes: pieces of text and activity items. */
export type ReplySink = {
  /** Queues a piece of the reply; resolves once it reached the server, rejects when the reply is over. */
  text(piece: string): Promise<void>;
  /** Records an activity item (a thought, an action, an error) on the reply. */
  activity(item: ActivityInput): Promise<void>;
};

/** One turn of the conversation, oldest first, as a backend sees it. */
export type ChatTurn = { role: 'user' | 'assistant' | 'system'; text: string; author?: string };

/**
 * Work a schedule or a webhook handed the agent: no conversation, nobody reading along; what the
 * backend writes to the sink becomes the outcome the runner reports.
 */
export type TaskBrief =
  | { kind: 'schedule'; name: string; instruction: string }
  | { kind: 'webhook'; name: string; instruction: string; payload: unknown };

/**
 * A comment mentioned the agent: the history is its thread (the mentioning comment last, after a
 * system turn describing the card or page), and the answer becomes the agent's reply in the thread.
 */
export type MentionBrief = {
  where: 'card' | 'wiki';
  projectId: string;
  /** The card's or the page's id. */
  id: string;
  /** The card's or the page's title. */
  title: string;
  /** Who wrote the mentioning comment (their display name). */
  by: string;
};

export type WorkContext = {
  agent: Agent;
  /** The session worked on; null for a task (`task`) or a mention (`mention`). */
  session: AgentSession | null;
  /** Set when the work is a schedule's or a webhook's task rather than a conversation. */
  task?: TaskBrief;
  /** Set when the work is answering a comment that mentioned the agent. */
  mention?: MentionBrief;
  tools: WorkspaceTools;
  sink: ReplySink;
  /** Aborts when the person stops the session (or the runner stops): stop at once, write nothing more. */
  signal: AbortSignal;
};

export type CardPlanInput = {
  card: Card;
  board: Board;
  /** The person who delegated the card and stays accountable for it. */
  accountable: string;
  /** Where the card will go when the plan is written: a column named like "Review", if the board has one. */
  reviewColumn: { id: string; name: string } | null;
  currentColumn: { id: string; name: string } | null;
};

/** What answers messages and plans delegated cards: a language model, or the built-in rules. */
export interface Backend {
  /** Shown in logs and in the first activity item of each reply. */
  readonly label: string;
  /**
   * Answers the newest person message of `history` (its last user turn), streaming to the sink. For
   * a task (`context.task`), the history is its instruction as one user turn.
   */
  chat(context: WorkContext & { history: ChatTurn[] }): Promise<void>;
  /** Writes a plan for a delegated card, streaming it to the sink; answers the plan's text. */
  planCard(context: WorkContext & CardPlanInput): Promise<string>;
}

/** Splits text into pieces of a few words (whitespace kept), so a reply streams like a model's. */
export function piecesOf(text: string, wordsPerPiece = 4): string[] {
  const words = text.match(/\s*\S+\s*/g) ?? (text ? [text] : []);
  const pieces: string[] = [];
  for (let i = 0; i < words.length; i += wordsPerPiece) pieces.push(words.slice(i, i + wordsPerPiece).join(''));
  return pieces;
}
