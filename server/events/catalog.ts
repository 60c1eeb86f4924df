/**
 * The catalog of live events: every event type the server records, with the schema of its data.
 * It is the one source of truth for them: `recordEvent` (record.ts) accepts only these types and
 * checks each payload against its schema, the contract describes them (`LiveEvent`, one named
 * schema per event, on the `text/event-stream` response of `GET /notifications/sse`) and the web
 * client's types are generated from that. The card move records `card.moved` from SQL
 * (migration 0009, `workspace_move_card_recorded`); catalog.test.ts replays every type the API
 * produces, that one included, through these schemas.
 *
 * A new event type: add its data schema here (reuse the resources' response schemas), record it
 * with `recordEvent`, produce it in catalog.test.ts, run `npm run gen:api`.
 */
import { z } from '@hono/zod-openapi';
import {
  AGENT_STATUSES,
  AgentActivitySchema,
  AgentMessageSchema,
  AgentSessionSchema,
} from '../modules/agents/schemas.ts';
import { CardSchema, ColumnEntrySchema } from '../modules/cards/schemas.ts';
import { CommentSchema } from '../modules/comments/schemas.ts';
import { CronRunSchema } from '../modules/automation/schemas.ts';
import { CreditBalanceSchema, CreditChangeSchema, SubscriptionSchema } from '../modules/credits/schemas.ts';
import { GrantSchema } from '../modules/integrations/schemas.ts';
import { FileNodeSchema } from '../modules/files/schemas.ts';
import { ColumnSchema, ProjectSchema } from '../modules/projects/schemas.ts';
import { WikiAuthorSchema, WikiPageSummarySchema } from '../modules/wiki/schemas.ts';
import { NotificationSchema } from '../modules/notifications/schemas.ts';

/** What `recordEvent` adds to every event: who made the change, and from which browser tab. */
const actorFields = {
  actorUserId: z.uuid().optional().openapi({
    description: 'The person who made the change (themselves or through an API key); absent when an agent made it.',
  }),
  actorAgentId: z.uuid().optional().openapi({
    description: 'The agent that made the change with its agent token; absent when a person made it.',
  }),
  clientId: z.string().optional().openapi({
    description:
      'The `X-Client-Id` header of the request that made the change, when it had one: a tab skips the events it caused itself.',
  }),
};
export type ActorFields = { actorUserId?: string; actorAgentId?: string; clientId?: string };

const projectId = z.uuid().openapi({ description: 'The project (board) the change is on.' });
const cardId = z.uuid().openapi({ description: 'The card whose comments changed.' });
const columnOrders = z.array(ColumnEntrySchema).openapi({
  description:
    'New order of the columns the change touched (source and target of a move, one entry when they are the same).',
});

const OrganizationEventData = z
  .object({ companyId: z.uuid(), ...actorFields })
  .openapi('OrganizationEventData', { description: 'Which company’s organization changed; read the chart again.' });

const ProjectEventData = z
  .object({ projectId, project: ProjectSchema, ...actorFields })
  .openapi('ProjectEventData', { description: 'The project as it now is.' });

const ColumnsEventData = z
  .object({
    projectId,
    columns: z.array(ColumnSchema).openapi({ description: 'Every live column of the board, in order.' }),
    ...actorFields,
  })
  .openapi('ColumnsEventData', { description: 'The board’s columns as they now are.' });

const CardPlacementEventData = z
  .object({ projectId, card: CardSchema, columns: columnOrders, ...actorFields })
  .openapi('CardPlacementEventData', {
    description: 'The card as it now is, and the new card order of the columns the change touched.',
  });

const CardEventData = z
  .object({ projectId, card: CardSchema, ...actorFields })
  .openapi('CardEventData', { description: 'The card as it now is (its place did not change).' });

const CommentCreatedEventData = z
  .object({
    projectId,
    cardId,
    comment: CommentSchema,
    reopened: CommentSchema.optional(),
    ...actorFields,
  })
  .openapi('CommentCreatedEventData', {
    description: 'The new comment or reply; `reopened`, the thread’s root, when the reply reopened a resolved thread.',
  });

const CommentEventData = z
  .object({ projectId, cardId, comment: CommentSchema, ...actorFields })
  .openapi('CommentEventData', { description: 'The comment as it now is.' });

const CommentDeletedEventData = z
  .object({
    projectId,
    cardId,
    commentId: z.uuid(),
    parentId: z
      .uuid()
      .nullable()
      .openapi({ description: 'The thread root it replied to; null when a root went, its replies with it.' }),
    ...actorFields,
  })
  .openapi('CommentDeletedEventData', { description: 'Which comment was deleted.' });

const pageId = z.uuid().openapi({ description: 'The wiki page the change is on.' });

const WikiPageCreatedEventData = z
  .object({ projectId, page: WikiPageSummarySchema, ...actorFields })
  .openapi('WikiPageCreatedEventData', { description: 'The new page (without its body).' });

const WikiPageSavedEventData = z
  .object({
    projectId,
    pageId,
    revisionId: z.uuid().openapi({ description: 'The page’s new current revision.' }),
    title: z.string().openapi({ description: 'The page’s title in that revision.' }),
    author: WikiAuthorSchema,
    ...actorFields,
  })
  .openapi('WikiPageSavedEventData', {
    description: 'A new revision: read the page for its Markdown (and its comments: threads may have been detached).',
  });

const WikiPageMovedEventData = z
  .object({
    projectId,
    pageId,
    parentId: z.uuid().nullable().openapi({ description: 'The new parent; null at the top level.' }),
    position: z.number().int().openapi({ description: 'The new place among its siblings (they were renumbered).' }),
    ...actorFields,
  })
  .openapi('WikiPageMovedEventData', { description: 'Where the page now is.' });

const WikiPagesEventData = z
  .object({
    projectId,
    pageIds: z.array(z.uuid()).openapi({ description: 'The page and the descendants that went with it.' }),
    ...actorFields,
  })
  .openapi('WikiPagesEventData', { description: 'The pages archived or restored together.' });

const WikiCommentCreatedEventData = z
  .object({ projectId, pageId, comment: CommentSchema, reopened: CommentSchema.optional(), ...actorFields })
  .openapi('WikiCommentCreatedEventData', {
    description: 'The new comment or reply; `reopened`, the thread’s root, when the reply reopened a resolved thread.',
  });

const WikiCommentEventData = z
  .object({ projectId, pageId, comment: CommentSchema, ...actorFields })
  .openapi('WikiCommentEventData', { description: 'The comment as it now is.' });

const WikiCommentDeletedEventData = z
  .object({
    projectId,
    pageId,
    commentId: z.uuid(),
    parentId: z
      .uuid()
      .nullable()
      .openapi({ description: 'The thread root it replied to; null when a root went, its replies with it.' }),
    ...actorFields,
  })
  .openapi('WikiCommentDeletedEventData', { description: 'Which comment was deleted.' });

const FileNodeEventData = z
  .object({ node: FileNodeSchema, ...actorFields })
  .openapi('FileNodeEventData', { description: 'The file or folder as it now is.' });

const FileNodeUpdatedEventData = z
  .object({
    node: FileNodeSchema,
    previousParentId: z.uuid().nullable().openapi({
      description: 'Its folder before the change (null: the root); equal to `node.parentId` when it did not move.',
    }),
    ...actorFields,
  })
  .openapi('FileNodeUpdatedEventData', { description: 'The node as it now is, and where it was.' });

const FileNodeTrashedEventData = z
  .object({
    node: FileNodeSchema,
    count: z.number().int().openapi({ description: 'Nodes that went to the trash: it and what was in it.' }),
    ...actorFields,
  })
  .openapi('FileNodeTrashedEventData', { description: 'The node that was deleted, as it was, with `trashedAt` set.' });

const agentId = z.uuid().openapi({ description: 'The agent.' });
const sessionId = z.uuid().openapi({ description: 'The session.' });

const AgentEventData = z
  .object({ agentId, ...actorFields })
  .openapi('AgentEventData', { description: 'Which agent changed; read it again.' });

const AgentSessionEventData = z
  .object({ agentId, session: AgentSessionSchema, ...actorFields })
  .openapi('AgentSessionEventData', { description: 'The session as it now is.' });

const AgentMessageEventData = z
  .object({ agentId, sessionId, message: AgentMessageSchema, ...actorFields })
  .openapi('AgentMessageEventData', { description: 'The message as it now is (without the reader’s feedback).' });

const AgentMessageAppendedEventData = z
  .object({
    agentId,
    sessionId,
    messageId: z.uuid(),
    offset: z.number().int().openapi({
      description:
        'The length of the reply’s text before this piece: apply the piece when it equals the length you hold, otherwise read the messages again.',
    }),
    text: z.string().openapi({ description: 'The piece of text appended (may be empty when only steps were added).' }),
    activity: z.array(AgentActivitySchema).openapi({ description: 'Steps added with this piece.' }),
    ...actorFields,
  })
  .openapi('AgentMessageAppendedEventData', { description: 'A piece of a streaming reply.' });

const AgentWorkMessageEventData = z
  .object({ agentId, sessionId, messageId: z.uuid(), ...actorFields })
  .openapi('AgentWorkMessageEventData', {
    description: 'A person wrote to the agent: read the session’s messages (the agent may).',
  });

const AgentCardDelegatedEventData = z
  .object({ agentId, sessionId, projectId, cardId: z.uuid(), ...actorFields })
  .openapi('AgentCardDelegatedEventData', {
    description: 'A card was delegated to the agent: read it, work on it, report in the session.',
  });

const AgentSessionStoppedEventData = z
  .object({
    agentId,
    sessionId,
    reason: z.enum(['stopped', 'unassigned']).openapi({
      description: '`stopped`: the person stopped it. `unassigned`: the card was taken away from the agent.',
    }),
    ...actorFields,
  })
  .openapi('AgentSessionStoppedEventData', { description: 'Stop working on this session now.' });

const AgentStatusChangedEventData = z
  .object({ agentId, status: z.enum(AGENT_STATUSES), ...actorFields })
  .openapi('AgentStatusChangedEventData', {
    description: 'The agent was paused, resumed or completed: take no new work unless `active`.',
  });

const AgentFileGrantedEventData = z
  .object({ agentId, nodeId: z.uuid(), ...actorFields })
  .openapi('AgentFileGrantedEventData', { description: 'A file or folder was granted to the agent.' });

const unreadCount = z.int().openapi({ description: 'The recipient’s unread notifications (not snoozed) now.' });

const NotificationCreatedEventData = z
  .object({ notification: NotificationSchema, unreadCount, ...actorFields })
  .openapi('NotificationCreatedEventData', { description: 'A new notification for the person receiving the event.' });

const NotificationsChangedEventData = z
  .object({
    state: z.enum(['read', 'unread', 'snoozed', 'woken']).openapi({
      description:
        'What happened to them: marked read or unread, snoozed, or back from a snooze (unread, in the inbox again).',
    }),
    ids: z.array(z.uuid()).openapi({ description: 'The notifications concerned; empty when `before` says which.' }),
    before: z.iso.datetime().optional().openapi({ description: 'Mark all read: every one created at or before this.' }),
    unreadCount,
    ...actorFields,
  })
  .openapi('NotificationsChangedEventData', {
    description: 'The person’s notifications changed state (in another tab or device too): update the badge and inbox.',
  });

const AgentMentionedEventData = z
  .object({
    agentId,
    projectId,
    cardId: z.uuid().optional().openapi({ description: 'The card whose comment mentions the agent.' }),
    pageId: z.uuid().optional().openapi({ description: 'The wiki page whose comment mentions the agent.' }),
    comment: CommentSchema,
    threadId: z.uuid().openapi({ description: 'The thread’s root: reply there.' }),
    ...actorFields,
  })
  .openapi('AgentMentionedEventData', {
    description: 'A comment mentions the agent: take it as work and answer in its thread.',
  });

const IntegrationGrantEventData = z
  .object({ agentId, grant: GrantSchema, ...actorFields })
  .openapi('IntegrationGrantEventData', {
    description: 'The grant as it now is: use it within its scope and constraints.',
  });

const IntegrationGrantRevokedEventData = z
  .object({ agentId, grantId: z.uuid(), ...actorFields })
  .openapi('IntegrationGrantRevokedEventData', { description: 'The grant was revoked: stop using the connection.' });

const change = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

const IntegrationGrantChangedEventData = z
  .object({ agentId, grantId: z.uuid(), change: change(['granted', 'updated', 'revoked']), ...actorFields })
  .openapi('IntegrationGrantChangedEventData', { description: 'An agent’s grants changed; read them again.' });

const IntegrationConnectionChangedEventData = z
  .object({ connectionId: z.uuid(), change: change(['created', 'updated', 'revoked']), ...actorFields })
  .openapi('IntegrationConnectionChangedEventData', { description: 'A connection changed; read the list again.' });

const CronJobChangedEventData = z
  .object({ agentId, cronJobId: z.uuid(), change: change(['created', 'updated', 'deleted']), ...actorFields })
  .openapi('CronJobChangedEventData', { description: 'An agent’s schedules changed; read them again.' });

const AgentCronFiredEventData = z
  .object({
    agentId,
    cronJobId: z.uuid(),
    runId: z.uuid(),
    name: z.string(),
    instruction: z.string(),
    scheduledFor: z.iso.datetime(),
    manual: z.boolean(),
    ...actorFields,
  })
  .openapi('AgentCronFiredEventData', {
    description:
      'A schedule fired: do what `instruction` says, then report the outcome with `PATCH /agents/{agentId}/cron-runs/{runId}`.',
  });

const CronRunRecordedEventData = z
  .object({ agentId, cronJobId: z.uuid(), run: CronRunSchema, ...actorFields })
  .openapi('CronRunRecordedEventData', { description: 'A run was recorded, or its outcome reported.' });

const WebhookEndpointChangedEventData = z
  .object({ agentId, endpointId: z.uuid(), change: change(['created', 'rotated', 'revoked']), ...actorFields })
  .openapi('WebhookEndpointChangedEventData', {
    description: 'An agent’s webhook endpoints changed; read them again.',
  });

const AgentWebhookReceivedEventData = z
  .object({
    agentId,
    endpointId: z.uuid(),
    deliveryId: z.uuid(),
    name: z.string().openapi({ description: 'The endpoint’s name.' }),
    payload: z.unknown().openapi({ description: 'The JSON body the outside system sent.' }),
    receivedAt: z.iso.datetime(),
    redelivery: z.boolean(),
    ...actorFields,
  })
  .openapi('AgentWebhookReceivedEventData', { description: 'An outside system handed the agent work.' });

const WebhookDeliveryRecordedEventData = z
  .object({
    agentId,
    endpointId: z.uuid(),
    deliveryId: z.uuid(),
    status: z.enum(['delivered', 'redelivered']),
    receivedAt: z.iso.datetime(),
    sizeBytes: z.number().int(),
    ...actorFields,
  })
  .openapi('WebhookDeliveryRecordedEventData', {
    description: 'A delivery came in or was redelivered (without its payload; read the deliveries).',
  });

/** Every event type: the schema of its data, and what it means. */
const CreditsBalanceChangedEventData = z
  .object({ companyId: z.uuid(), balance: CreditBalanceSchema, change: CreditChangeSchema, ...actorFields })
  .openapi('CreditsBalanceChangedEventData', {
    description:
      'A credit transaction was recorded: the balance after it, and what every member may know of it (the full row, with its note and payment ids, is in the admins’ ledger).',
  });

const SubscriptionChangedEventData = z
  .object({ companyId: z.uuid(), subscription: SubscriptionSchema, ...actorFields })
  .openapi('SubscriptionChangedEventData', { description: 'The subscription as it now is.' });

const AgentCreditsChangedEventData = z
  .object({
    agentId: z.uuid(),
    exhausted: z.boolean().openapi({ description: 'True: take no new work (it would be refused with 402).' }),
    reason: z.string().nullable().openapi({ description: 'Why the agent stops, in words; null when it may resume.' }),
    available: z.int(),
    ...actorFields,
  })
  .openapi('AgentCreditsChangedEventData', {
    description: 'The company ran out of credits for agent work, or has credits again.',
  });

export const EVENT_CATALOG = {
  'project.created': { data: ProjectEventData, summary: 'A project (board) was created.' },
  'project.updated': { data: ProjectEventData, summary: 'A project was renamed, described, archived or unarchived.' },
  'columns.changed': { data: ColumnsEventData, summary: 'A column was added, renamed, reordered or deleted.' },
  'card.created': { data: CardPlacementEventData, summary: 'A card was created.' },
  'card.moved': { data: CardPlacementEventData, summary: 'A card was moved (another column, or another place).' },
  'card.archived': { data: CardPlacementEventData, summary: 'A card was archived (taken off the board).' },
  'card.restored': { data: CardPlacementEventData, summary: 'An archived card was restored to the board.' },
  'card.updated': { data: CardEventData, summary: 'A card’s fields were edited.' },
  'comment.created': { data: CommentCreatedEventData, summary: 'A comment or reply was written on a card.' },
  'comment.updated': { data: CommentEventData, summary: 'A comment’s text was edited.' },
  'comment.resolved': { data: CommentEventData, summary: 'A thread was resolved.' },
  'comment.reopened': { data: CommentEventData, summary: 'A resolved thread was reopened.' },
  'comment.deleted': { data: CommentDeletedEventData, summary: 'A comment was deleted (a root with its replies).' },
  'wiki.page.created': { data: WikiPageCreatedEventData, summary: 'A wiki page was created.' },
  'wiki.page.saved': {
    data: WikiPageSavedEventData,
    summary: 'A wiki page was saved (a new revision, a restored one included).',
  },
  'wiki.page.moved': { data: WikiPageMovedEventData, summary: 'A wiki page was moved in the tree.' },
  'wiki.page.archived': { data: WikiPagesEventData, summary: 'A wiki page was archived with its descendants.' },
  'wiki.page.restored': { data: WikiPagesEventData, summary: 'An archived wiki page was restored.' },
  'wiki.comment.created': { data: WikiCommentCreatedEventData, summary: 'A comment or reply was written on a page.' },
  'wiki.comment.updated': { data: WikiCommentEventData, summary: 'A page comment’s text was edited.' },
  'wiki.comment.resolved': { data: WikiCommentEventData, summary: 'A page thread was resolved.' },
  'wiki.comment.reopened': { data: WikiCommentEventData, summary: 'A resolved page thread was reopened.' },
  'file.created': {
    data: FileNodeEventData,
    summary: 'A folder was created, or a file’s upload completed (uploads in progress are not announced).',
  },
  'file.updated': {
    data: FileNodeUpdatedEventData,
    summary: 'A file or folder was renamed or moved, or a file’s content was replaced.',
  },
  'file.trashed': {
    data: FileNodeTrashedEventData,
    summary: 'A file or folder was moved to the trash with its contents.',
  },
  'file.restored': { data: FileNodeEventData, summary: 'A file or folder came back from the trash.' },
  'organization.updated': {
    data: OrganizationEventData,
    summary:
      'The organization changed: a team, lead, manager, role or membership (someone joined or was removed). Open charts read `GET /organization/chart` again.',
  },
  'agent.updated': {
    data: AgentEventData,
    summary: 'An agent was created, or its profile, team, responsible person or status changed (every member).',
  },
  'agent.session.updated': {
    data: AgentSessionEventData,
    summary:
      'A session was opened, renamed, stopped or changed status. Sent to the person whose session it is; a delegated card’s session to every member.',
  },
  'agent.message.created': {
    data: AgentMessageEventData,
    summary: 'A message was added to a session (same audience as `agent.session.updated`).',
  },
  'agent.message.appended': {
    data: AgentMessageAppendedEventData,
    summary: 'The agent appended a piece to a streaming reply (same audience).',
  },
  'agent.message.updated': {
    data: AgentMessageEventData,
    summary: 'A reply finished, failed or was stopped (same audience).',
  },
  'agent.session.message': {
    data: AgentWorkMessageEventData,
    summary: 'Agent stream only: a person wrote to the agent.',
  },
  'agent.card.delegated': {
    data: AgentCardDelegatedEventData,
    summary: 'Agent stream only: a card was delegated to the agent.',
  },
  'agent.session.stopped': {
    data: AgentSessionStoppedEventData,
    summary: 'Agent stream only: a session was stopped or its card un-assigned.',
  },
  'agent.status.changed': {
    data: AgentStatusChangedEventData,
    summary: 'Agent stream only: the agent was paused, resumed or completed.',
  },
  'agent.file.granted': {
    data: AgentFileGrantedEventData,
    summary: 'Agent stream only: a file or folder was granted to the agent.',
  },
  'agent.integration.granted': {
    data: IntegrationGrantEventData,
    summary: 'Agent stream only: a connection was granted to the agent.',
  },
  'agent.integration.updated': {
    data: IntegrationGrantEventData,
    summary: 'Agent stream only: a grant’s constraints changed.',
  },
  'agent.integration.revoked': {
    data: IntegrationGrantRevokedEventData,
    summary: 'Agent stream only: a grant was revoked.',
  },
  'integration.grant.changed': {
    data: IntegrationGrantChangedEventData,
    summary: 'An agent was granted a connection, or a grant changed or was revoked (every member).',
  },
  'integration.connection.changed': {
    data: IntegrationConnectionChangedEventData,
    summary: 'A company connection changed (every member); a personal one (its owner only).',
  },
  'cron.job.changed': {
    data: CronJobChangedEventData,
    summary: 'An agent’s schedule was created, changed or deleted (every member).',
  },
  'agent.cron.fired': {
    data: AgentCronFiredEventData,
    summary: 'Agent stream only: one of the agent’s schedules fired.',
  },
  'cron.run.recorded': {
    data: CronRunRecordedEventData,
    summary: 'A schedule fired (or was skipped), or the agent reported a run’s outcome (every member).',
  },
  'webhook.endpoint.changed': {
    data: WebhookEndpointChangedEventData,
    summary: 'An agent’s webhook endpoint was created, rotated or revoked (every member).',
  },
  'agent.webhook.received': {
    data: AgentWebhookReceivedEventData,
    summary: 'Agent stream only: a webhook delivery came in (or was redelivered), with its payload.',
  },
  'webhook.delivery.recorded': {
    data: WebhookDeliveryRecordedEventData,
    summary: 'A webhook delivery came in or was redelivered (every member; no payload).',
  },
  'wiki.comment.deleted': {
    data: WikiCommentDeletedEventData,
    summary: 'A page comment was deleted (a root with its replies).',
  },
  'credits.balance.changed': {
    data: CreditsBalanceChangedEventData,
    summary: 'A credit transaction changed the company’s balance (every member).',
  },
  'subscription.changed': {
    data: SubscriptionChangedEventData,
    summary: 'The company’s subscription changed: plan, period, cancellation (every member).',
  },
  'notification.created': {
    data: NotificationCreatedEventData,
    summary: 'Its recipient only: a new notification (a mention, a reply, an assignment, …).',
  },
  'notifications.changed': {
    data: NotificationsChangedEventData,
    summary: 'Their owner only: notifications were marked read or unread, snoozed, or came back from a snooze.',
  },
  'agent.mentioned': {
    data: AgentMentionedEventData,
    summary: 'Agent stream only: a card or wiki comment mentions the agent.',
  },
  'agent.credits.changed': {
    data: AgentCreditsChangedEventData,
    summary: 'Agent stream only: the company ran out of credits (stop taking work), or has credits again (resume).',
  },
} as const;

export type EventType = keyof typeof EVENT_CATALOG;
export const EVENT_TYPES = Object.keys(EVENT_CATALOG) as EventType[];

/** An event's data as streams send it: its payload and the actor fields. */
export type EventData<T extends EventType> = z.infer<(typeof EVENT_CATALOG)[T]['data']>;
/** What a service passes to `recordEvent` for an event of type `T`; `recordEvent` adds the actor fields. */
export type EventPayload<T extends EventType> = T extends EventType ? Omit<EventData<T>, keyof ActorFields> : never;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_CATALOG, type);
}

const eventId = z.string().regex(/^\d+$/).openapi({
  description: 'The `id:` line: the event’s id, increasing. Reconnect with `Last-Event-ID: <id>` to resume after it.',
});

/** `card.moved` → `CardMovedEvent`: the name of the event's message schema in the contract. */
function messageName(type: string) {
  return `${type
    .split('.')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('')}Event`;
}

function messageSchema<T extends EventType>(type: T) {
  const { data, summary } = EVENT_CATALOG[type];
  return z
    .object({
      id: eventId,
      event: z.literal(type).openapi({ description: 'The `event:` line: the event type.' }),
      data,
    })
    .openapi(messageName(type), { description: `\`${type}\`: ${summary}` });
}

const messages = EVENT_TYPES.map(messageSchema);

/** One event of the stream: `id`, `event` (its type) and `data`; the union of the catalog's types. */
export const LiveEventSchema = z
  .discriminatedUnion('event', messages as [(typeof messages)[number], ...typeof messages])
  .openapi('LiveEvent', {
    description:
      'A live event: a change in the caller’s company, by anyone (the caller included). Every event has an `id`; its `data` carries `actorUserId` (a person) or `actorAgentId` (an agent), and `clientId` when the change came with an `X-Client-Id` header.',
  });

/** The control message that opens every stream. */
export const LiveReadySchema = z
  .object({
    event: z.literal('ready').openapi({ description: 'The `event:` line.' }),
    data: z
      .object({
        resumed: z.boolean().openapi({
          description:
            'After `Last-Event-ID`: true when every missed event follows (replayed in order); false when the gap was too old to replay, so reload your data (a resync). True on a fresh stream.',
        }),
      })
      .openapi('LiveReadyData', { description: 'The `data:` line, JSON-encoded.' }),
  })
  .openapi('LiveReady', {
    description:
      'The first message of every stream, once it is subscribed: nothing recorded afterwards can be missed. It has no `id`.',
  });

/**
 * Every message of `GET /notifications/sse`: `ready` first, then live events. Keep-alive comment
 * lines (`: ping`) are not messages. In the contract it is `oneOf: [LiveReady, LiveEvent]`, and
 * `LiveEvent` carries the discriminator on `event`: `z.lazy` keeps `LiveEvent` a schema of its own
 * (the generator flattens a union inside a union, and a discriminator mapping to a union is not valid).
 */
export const LiveStreamMessageSchema = z.union([LiveReadySchema, z.lazy(() => LiveEventSchema)]).openapi(
  'LiveStreamMessage',
  {
    description:
      'A message of the Server-Sent Events stream, modelled as an object: `id` is the `id:` line (events only), `event` the `event:` line and `data` the `data:` line, JSON-encoded. The stream sends `ready` first, then events, with a comment line (`: ping`) at least every 15 s.',
  },
  { unionPreferredType: 'oneOf' },
);
