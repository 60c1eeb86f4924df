import type { AgentActivity, AgentDelegation, AgentMessage, AgentSession } from '@/api';

/**
 * The pure rules of delegated cards: which session a card shows, how live events change the
 * board's delegations and a session's messages, and what each state says. No React, no cache.
 */

export type DelegationStatus = AgentDelegation['status'];

/** The board's delegations by card. */
export function delegationsByCard(list: AgentDelegation[] | undefined): Map<string, AgentDelegation> {
  return new Map((list ?? []).map((delegation) => [delegation.cardId, delegation]));
}

/**
 * The delegation a card shows: its latest session, as long as the card is still assigned to that
 * session's agent (an un-assigned or re-assigned card keeps no stale agent state).
 */
export function delegationOf(
  delegations: ReadonlyMap<string, AgentDelegation>,
  card: { id: string; assignee?: string | null },
): AgentDelegation | undefined {
  const delegation = delegations.get(card.id);
  return delegation && card.assignee === delegation.agentId ? delegation : undefined;
}

/**
 * The board's delegations after a session changed (`agent.session.updated`, or the answer to a
 * stop): a card session of this board replaces the card's entry unless the entry is newer (an event
 * about the card's previous session, or one overtaken by a later answer). Other sessions change
 * nothing (the same list is returned).
 */
export function withSession(list: AgentDelegation[], projectId: string, session: AgentSession): AgentDelegation[] {
  const card = session.card;
  if (!card || card.projectId !== projectId) return list;
  const next: AgentDelegation = {
    cardId: card.cardId,
    projectId,
    sessionId: session.id,
    agentId: session.agentId,
    accountable: session.owner,
    status: session.status,
    updatedAt: session.updatedAt,
  };
  const index = list.findIndex((delegation) => delegation.cardId === card.cardId);
  if (index < 0) return [...list, next];
  const current = list[index]!;
  if (Date.parse(current.updatedAt) > Date.parse(next.updatedAt)) return list;
  if (
    current.sessionId === next.sessionId &&
    current.status === next.status &&
    current.updatedAt === next.updatedAt &&
    current.accountable?.id === next.accountable?.id
  )
    return list;
  return list.map((delegation, i) => (i === index ? next : delegation));
}

/** The agent still has (or may take up again) the work: the accountable person may stop it. */
export function isStoppable(status: DelegationStatus): boolean {
  return status === 'working' || status === 'open';
}

/** Who may stop a delegated card's session: the accountable person and admins. */
export function canStop(delegation: AgentDelegation, me: { userId: string; admin: boolean }): boolean {
  return isStoppable(delegation.status) && (me.admin || delegation.accountable?.id === me.userId);
}

/** The panel's words for each state. */
export const delegationStatusLabel: Record<DelegationStatus, string> = {
  working: 'Working',
  open: 'Waiting for a reply',
  stopped: 'Stopped',
  completed: 'Done',
  failed: 'Failed',
};

/** One sentence for the card face (its accessible name and tooltip): the agent, its state, who answers for it. */
export function delegationSummary(agentName: string, delegation: AgentDelegation): string {
  const state = {
    working: `${agentName} is working on this`,
    open: `${agentName} replied and is waiting`,
    stopped: `${agentName} was stopped`,
    completed: `${agentName} finished this`,
    failed: `${agentName} could not finish this`,
  }[delegation.status];
  return `${state}, accountable: ${accountableName(delegation)}`;
}

/** The accountable person's name (whose account may since have been removed from the company). */
export function accountableName(delegation: AgentDelegation): string {
  return delegation.accountable?.name ?? 'a former member';
}

/** A session's messages with `message` in its place (new ones at the end, in the server's order). */
export function withMessage(list: AgentMessage[], message: AgentMessage): AgentMessage[] {
  const index = list.findIndex((item) => item.id === message.id);
  if (index < 0) return [...list, message];
  const current = list[index]!;
  // An event overtaken by a newer copy (an answer, a fetch) changes nothing.
  if (Date.parse(current.updatedAt) > Date.parse(message.updatedAt)) return list;
  return list.map((item, i) => (i === index ? { ...message, feedback: message.feedback ?? item.feedback } : item));
}

/** A piece of a streaming reply (`agent.message.appended`). */
export type AppendedPiece = { messageId: string; offset: number; text: string; activity: AgentActivity[] };

/**
 * The messages with a streamed piece added, or `undefined` when the piece does not fit what is
 * held (an unknown message, or text missed in between: `offset` is the length the text had before
 * the piece): then the messages are read again.
 */
export function withAppended(list: AgentMessage[], piece: AppendedPiece): AgentMessage[] | undefined {
  const index = list.findIndex((item) => item.id === piece.messageId);
  const current = list[index];
  if (!current) return undefined;
  // A piece already held (the fetch that answered after it was sent included it): nothing to do.
  if (current.text.length === piece.offset + piece.text.length && current.text.endsWith(piece.text)) {
    const known = new Set(current.activity.map((item) => item.id));
    if (piece.activity.every((item) => known.has(item.id))) return list;
  }
  if (current.text.length !== piece.offset) return undefined;
  const known = new Set(current.activity.map((item) => item.id));
  const next: AgentMessage = {
    ...current,
    text: current.text + piece.text,
    activity: [...current.activity, ...piece.activity.filter((item) => !known.has(item.id))],
  };
  return list.map((item, i) => (i === index ? next : item));
}
