import type { AgentActivity, AgentMessage, AppendedPiece } from './types';

/**
 * What applying a live piece to the held conversation gives: the new messages, or `refetch` when
 * the piece does not fit what is held (a piece was missed, or the reply is not known yet).
 */
export type StreamResult = { messages: AgentMessage[] } | { refetch: true };

/** Adds activity items that are not held yet (by id), in the order they came. */
function mergeActivity(held: AgentActivity[], incoming: readonly AgentActivity[]): AgentActivity[] {
  if (incoming.length === 0) return held;
  const known = new Set(held.map((item) => item.id));
  const added = incoming.filter((item) => !known.has(item.id));
  return added.length === 0 ? held : [...held, ...added];
}

/**
 * Applies a piece of a streaming reply (`agent.message.appended`). It fits when its `offset` is
 * the length of the text held: it is appended. A piece already held (the same text at that
 * offset: an event seen twice, or a refetch that already had it) changes nothing. Anything else —
 * a gap, a reply this tab does not hold — asks for the conversation to be read again.
 */
export function applyAppended(messages: AgentMessage[], piece: AppendedPiece): StreamResult {
  const index = messages.findIndex((message) => message.id === piece.messageId);
  const message = messages[index];
  if (!message) return { refetch: true };
  const held = message.text.length;
  if (piece.offset === held) {
    const next = [...messages];
    next[index] = {
      ...message,
      text: message.text + piece.text,
      activity: mergeActivity(message.activity, piece.activity),
    };
    return { messages: next };
  }
  if (piece.offset < held && message.text.slice(piece.offset, piece.offset + piece.text.length) === piece.text) {
    const activity = mergeActivity(message.activity, piece.activity);
    if (activity === message.activity) return { messages };
    const next = [...messages];
    next[index] = { ...message, activity };
    return { messages: next };
  }
  return { refetch: true };
}

/**
 * Adds a new message (`agent.message.created`) at the end. One already held (read with the
 * conversation, or sent from here) is at least as recent as its creation: it stays as it is.
 */
export function addMessage(messages: AgentMessage[], message: AgentMessage): AgentMessage[] {
  return messages.some((held) => held.id === message.id) ? messages : [...messages, message];
}

/**
 * Puts a message as the server now has it (`agent.message.updated`: finished, failed, stopped) in
 * its place, or at the end when not held. Events carry no feedback: the person's own is kept.
 */
export function replaceMessage(messages: AgentMessage[], message: AgentMessage): AgentMessage[] {
  const index = messages.findIndex((held) => held.id === message.id);
  if (index === -1) return [...messages, message];
  const next = [...messages];
  next[index] = message.feedback === undefined ? { ...message, feedback: messages[index]!.feedback } : message;
  return next;
}
