/**
 * The catalog of live events: every event type the server records, with the schema of its data.
 * It is the one source of truth for them: `recordEvent` (record.ts) accepts only these types and
 * checks each payload against its schema, the contract describes them (`LiveEvent`, one named
 * schema per event, on the `text/event-stream` response of `GET /notifications/sse`) and the web
 * client's types are generated from that. The card move records `card.moved` from SQL
 * (migration 0009, `workspace_move_card_recorded`); catalog.test.ts replays every type the API
 * produces, that one included, through these schemas.
 *
 * A new event type: add its data schema to event-data.ts (reuse the resources' response schemas)
 * and its entry here, record it with `recordEvent`, produce it in catalog.test.ts, run
 * `npm run gen:api`.
 */
import { z } from '@hono/zod-openapi';
import {
  type ActorFields,
  AgentCardDelegatedEventData,
  AgentCreditsChangedEventData,
  AgentCronFiredEventData,
  AgentEventData,
  AgentFileGrantedEventData,
  AgentMentionedEventData,
  AgentMessageAppendedEventData,
  AgentMessageEventData,
  AgentSessionEventData,
  AgentSessionStoppedEventData,
  AgentStatusChangedEventData,
  AgentWebhookReceivedEventData,
  AgentWorkMessageEventData,
  CardEventData,
  CardPlacementEventData,
  ColumnsEventData,
  CommentCreatedEventData,
  CommentDeletedEventData,
  CommentEventData,
  CreditsBalanceChangedEventData,
  CronJobChangedEventData,
  CronRunRecordedEventData,
  FileNodeEventData,
  FileNodeTrashedEventData,
  FileNodeUpdatedEventData,
  IntegrationConnectionChangedEventData,
  IntegrationGrantChangedEventData,
  IntegrationGrantEventData,
  IntegrationGrantRevokedEventData,
  NotificationCreatedEventData,
  NotificationsChangedEventData,
  OrganizationEventData,
  ProjectEventData,
  SubscriptionChangedEventData,
  WebhookDeliveryRecordedEventData,
  WebhookEndpointChangedEventData,
  WikiCommentCreatedEventData,
  WikiCommentDeletedEventData,
  WikiCommentEventData,
  WikiPageCreatedEventData,
  WikiPageMovedEventData,
  WikiPageSavedEventData,
  WikiPagesEventData,
} from './event-data.ts';

export type { ActorFields } from './event-data.ts';

/** Every event type: the schema of its data, and what it means. */
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
