/**
 * The parts of the Workspace API's schemas the runner reads (names as in contract/openapi.json).
 * The runner is an outside client of the public API, like any agent someone else would write, so it
 * declares what it relies on instead of importing the server's or the web app's code.
 */

export type AgentStatus = 'active' | 'paused' | 'completed';

export type Agent = {
  id: string;
  name: string;
  role: string;
  description: string;
  status: AgentStatus;
};

export type AgentSessionStatus = 'open' | 'working' | 'stopped' | 'completed' | 'failed';

export type AgentSession = {
  id: string;
  agentId: string;
  title: string;
  status: AgentSessionStatus;
  owner: { id: string; name: string };
  card: { projectId: string; cardId: string; title: string } | null;
  createdAt: string;
  updatedAt: string;
  lastMessageAt: string;
};

export type ActivityType = 'thought' | 'action' | 'error';

/** An activity item as the agent writes it. */
export type ActivityInput = { type: ActivityType; text: string; tool?: string; arguments?: Record<string, unknown> };

export type AgentMessage = {
  id: string;
  sessionId: string;
  agentId: string;
  role: 'user' | 'agent' | 'system';
  author: { kind: string; id: string; name: string } | null;
  text: string;
  status: 'streaming' | 'complete' | 'stopped' | 'error';
  activity: (ActivityInput & { id: string; at: string })[];
  createdAt: string;
  updatedAt: string;
};

export type Project = {
  id: string;
  name: string;
  description: string;
  archived: boolean;
  cardCount: number;
  lastActivityAt: string;
};

export type CardPriority = 'none' | 'low' | 'medium' | 'high' | 'urgent';

export type Card = {
  id: string;
  title: string;
  description: string;
  assignee?: string;
  assigneeKind?: 'human' | 'agent';
  column: string;
  priority: CardPriority;
  labels: string[];
  checklist: { text: string; done: boolean }[];
  blocked?: string;
  due?: string;
  archived: boolean;
  comments: { id?: string; author: string; at: string; text: string }[];
};

export type Board = Project & {
  columns: { id: string; name: string; position: number; cards: Card[] }[];
};

export type SearchResult = {
  kind: string;
  id: string;
  label: string;
  context: string;
  status: string;
  projectId?: string;
  agentId?: string;
};

export type Member = { kind: 'human' | 'agent'; id: string; name: string; title: string };

/**
 * A comment of a card or a wiki page (`ProjectCardComment`): a thread's root (`parentId` null) or a
 * reply to one (threads have one level).
 */
export type CardComment = {
  id: string;
  author: string;
  authorUserId?: string;
  authorAgentId?: string;
  text: string;
  at: string;
  parentId: string | null;
  /** Wiki thread roots: the passage the thread is about, as it was when the thread was written. */
  quote?: string | null;
};

/** A wiki page with its Markdown (`WikiPage`), as far as the runner reads it. */
export type WikiPage = { id: string; projectId: string; title: string; markdown: string; archivedAt: string | null };

/** A page of comments (`CommentPage`), oldest first. */
export type CommentPage = { comments: CardComment[]; total: number; limit: number; offset: number };

/**
 * A card or wiki comment mentions the agent (`@[Name](agent:<id>)`): it is handed the comment as
 * work, to answer in its thread (`threadId`, the root). Exactly one of `cardId` and `pageId` is set.
 */
export type MentionedEvent = {
  agentId: string;
  projectId: string;
  cardId?: string;
  pageId?: string;
  comment: CardComment;
  threadId: string;
  actorUserId?: string;
  actorAgentId?: string;
};

/** What an agent reports of a schedule's run or a webhook delivery it worked on. */
export type TaskReport = { status: 'succeeded' | 'failed'; outcome?: string };

/** One firing of a schedule (`CronRun`): `delivered` is work to do; the agent reports the rest. */
export type CronRun = {
  id: string;
  cronJobId: string;
  agentId: string;
  scheduledFor: string;
  firedAt: string;
  status: 'delivered' | 'skipped' | 'succeeded' | 'failed';
  outcome: string | null;
  reportedAt: string | null;
  manual: boolean;
};

/** A schedule of the agent (`CronJob`), as far as the runner reads it. */
export type CronJob = {
  id: string;
  agentId: string;
  name: string;
  instruction: string;
  enabled: boolean;
  lastRun: CronRun | null;
};

/** A webhook endpoint of the agent (`WebhookEndpoint`), as far as the runner reads it. */
export type WebhookEndpoint = { id: string; agentId: string; name: string; status: 'active' | 'revoked' };

/** What an outside system sent to one of the agent's webhook endpoints (`WebhookDelivery`). */
export type WebhookDelivery = {
  id: string;
  endpointId: string;
  agentId: string;
  receivedAt: string;
  status: 'delivered' | 'redelivered';
  payload: unknown;
  sizeBytes: number;
  attempts: number;
  lastDeliveredAt: string;
  /** What the agent reported (null until it did, and again after a redelivery). */
  outcomeStatus?: 'succeeded' | 'failed' | null;
  outcome?: string | null;
  reportedAt?: string | null;
};

export type CronFiredEvent = {
  agentId: string;
  cronJobId: string;
  runId: string;
  name: string;
  instruction: string;
  scheduledFor: string;
  manual: boolean;
};

export type WebhookReceivedEvent = {
  agentId: string;
  endpointId: string;
  deliveryId: string;
  name: string;
  payload: unknown;
  receivedAt: string;
  redelivery: boolean;
};

/**
 * Events of `GET /agents/{agentId}/events`. Mostly ids: the runner reads content through the API.
 * A schedule's event carries the instruction it fired with, a webhook's the payload it received, a
 * mention the comment as it was written.
 */
export type AgentEvent =
  | { type: 'agent.session.message'; data: { agentId: string; sessionId: string; messageId: string } }
  | { type: 'agent.card.delegated'; data: { agentId: string; sessionId: string; projectId: string; cardId: string } }
  | { type: 'agent.session.stopped'; data: { agentId: string; sessionId: string; reason: 'stopped' | 'unassigned' } }
  | { type: 'agent.status.changed'; data: { agentId: string; status: AgentStatus } }
  | { type: 'agent.file.granted'; data: { agentId: string; nodeId: string } }
  | { type: 'agent.cron.fired'; data: CronFiredEvent }
  | { type: 'agent.webhook.received'; data: WebhookReceivedEvent }
  | {
      type: 'agent.integration.granted' | 'agent.integration.updated';
      data: { agentId: string; grant: { id: string; connectionId: string; scope: string } };
    }
  | { type: 'agent.integration.revoked'; data: { agentId: string; grantId: string } }
  | { type: 'agent.credits.changed'; data: CreditsChangedEvent }
  | { type: 'agent.mentioned'; data: MentionedEvent };

/**
 * The company ran out of credits (`exhausted`, with the reason: agent work is refused with 402
 * `CREDITS_EXHAUSTED`), or has credits again.
 */
export type CreditsChangedEvent = { agentId: string; exhausted: boolean; reason: string | null; available: number };

/** The company's credits (`CreditBalance`), as far as the runner reads them. */
export type CreditBalance = { available: number; exhausted: boolean; prices: { reply: number; write: number } };

/** Where the runner's progress goes; the server's logger has this shape, so it can be passed in. */
export interface RunnerLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const silentLogger: RunnerLogger = { debug() {}, info() {}, warn() {}, error() {} };
