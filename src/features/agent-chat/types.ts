import type { AgentSession, LivePayloads } from '@/api';

export type { Agent, AgentActivity, AgentMessage, AgentMessageFeedback as AgentFeedback, AgentSession } from '@/api';

export type AgentSessionStatus = AgentSession['status'];

/** `agent.message.appended`: a piece of a streaming reply, at `offset` (the text length before it). */
export type AppendedPiece = Pick<
  LivePayloads['agent.message.appended'],
  'sessionId' | 'messageId' | 'offset' | 'text' | 'activity'
>;
