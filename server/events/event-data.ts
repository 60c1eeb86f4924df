/**
 * The data of each live event type, as zod schemas built from the resources' response schemas:
 * what `EVENT_CATALOG` (catalog.ts) names per type, and the contract describes (one named schema
 * each). Every one carries the actor fields `recordEvent` adds.
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

export const OrganizationEventData = z
  .object({ companyId: z.uuid(), ...actorFields })
  .openapi('OrganizationEventData', { description: 'Which company’s organization changed; read the chart again.' });

export const ProjectEventData = z
  .object({ projectId, project: ProjectSchema, ...actorFields })
  .openapi('ProjectEventData', { description: 'The project as it now is.' });

export const ColumnsEventData = z
  .object({
    projectId,
    columns: z.array(ColumnSchema).openapi({ description: 'Every live column of the board, in order.' }),
    ...actorFields,
  })
  .openapi('ColumnsEventData', { description: 'The board’s columns as they now are.' });

export const CardPlacementEventData = z
  .object({ projectId, card: CardSchema, columns: columnOrders, ...actorFields })
  .openapi('CardPlacementEventData', {
    description: 'The card as it now is, and the new card order of the columns the change touched.',
  });

export const CardEventData = z
  .object({ projectId, card: CardSchema, ...actorFields })
  .openapi('CardEventData', { description: 'The card as it now is (its place did not change).' });

export const CommentCreatedEventData = z
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

export const CommentEventData = z
  .object({ projectId, cardId, comment: CommentSchema, ...actorFields })
  .openapi('CommentEventData', { description: 'The comment as it now is.' });

export const CommentDeletedEventData = z
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

export const WikiPageCreatedEventData = z
  .object({ projectId, page: WikiPageSummarySchema, ...actorFields })
  .openapi('WikiPageCreatedEventData', { description: 'The new page (without its body).' });

export const WikiPageSavedEventData = z
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

export const WikiPageMovedEventData = z
  .object({
    projectId,
    pageId,
    parentId: z.uuid().nullable().openapi({ description: 'The new parent; null at the top level.' }),
    position: z.number().int().openapi({ description: 'The new place among its siblings (they were renumbered).' }),
    ...actorFields,
  })
  .openapi('WikiPageMovedEventData', { description: 'Where the page now is.' });

export const WikiPagesEventData = z
  .object({
    projectId,
    pageIds: z.array(z.uuid()).openapi({ description: 'The page and the descendants that went with it.' }),
    ...actorFields,
  })
  .openapi('WikiPagesEventData', { description: 'The pages archived or restored together.' });

export const WikiCommentCreatedEventData = z
  .object({ projectId, pageId, comment: CommentSchema, reopened: CommentSchema.optional(), ...actorFields })
  .openapi('WikiCommentCreatedEventData', {
    description: 'The new comment or reply; `reopened`, the thread’s root, when the reply reopened a resolved thread.',
  });

export const WikiCommentEventData = z
  .object({ projectId, pageId, comment: CommentSchema, ...actorFields })
  .openapi('WikiCommentEventData', { description: 'The comment as it now is.' });

export const WikiCommentDeletedEventData = z
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

export const FileNodeEventData = z
  .object({ node: FileNodeSchema, ...actorFields })
  .openapi('FileNodeEventData', { description: 'The file or folder as it now is.' });

export const FileNodeUpdatedEventData = z
  .object({
    node: FileNodeSchema,
    previousParentId: z.uuid().nullable().openapi({
      description: 'Its folder before the change (null: the root); equal to `node.parentId` when it did not move.',
    }),
    ...actorFields,
  })
  .openapi('FileNodeUpdatedEventData', { description: 'The node as it now is, and where it was.' });

export const FileNodeTrashedEventData = z
  .object({
    node: FileNodeSchema,
    count: z.number().int().openapi({ description: 'Nodes that went to the trash: it and what was in it.' }),
    ...actorFields,
  })
  .openapi('FileNodeTrashedEventData', { description: 'The node that was deleted, as it was, with `trashedAt` set.' });

const agentId = z.uuid().openapi({ description: 'The agent.' });
const sessionId = z.uuid().openapi({ description: 'The session.' });

export const AgentEventData = z
  .object({ agentId, ...actorFields })
  .openapi('AgentEventData', { description: 'Which agent changed; read it again.' });

export const AgentSessionEventData = z
  .object({ agentId, session: AgentSessionSchema, ...actorFields })
  .openapi('AgentSessionEventData', { description: 'The session as it now is.' });

export const AgentMessageEventData = z
  .object({ agentId, sessionId, message: AgentMessageSchema, ...actorFields })
  .openapi('AgentMessageEventData', { description: 'The message as it now is (without the reader’s feedback).' });

export const AgentMessageAppendedEventData = z
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

export const AgentWorkMessageEventData = z
  .object({ agentId, sessionId, messageId: z.uuid(), ...actorFields })
  .openapi('AgentWorkMessageEventData', {
    description: 'A person wrote to the agent: read the session’s messages (the agent may).',
  });

export const AgentCardDelegatedEventData = z
  .object({ agentId, sessionId, projectId, cardId: z.uuid(), ...actorFields })
  .openapi('AgentCardDelegatedEventData', {
    description: 'A card was delegated to the agent: read it, work on it, report in the session.',
  });

export const AgentSessionStoppedEventData = z
  .object({
    agentId,
    sessionId,
    reason: z.enum(['stopped', 'unassigned']).openapi({
      description: '`stopped`: the person stopped it. `unassigned`: the card was taken away from the agent.',
    }),
    ...actorFields,
  })
  .openapi('AgentSessionStoppedEventData', { description: 'Stop working on this session now.' });

export const AgentStatusChangedEventData = z
  .object({ agentId, status: z.enum(AGENT_STATUSES), ...actorFields })
  .openapi('AgentStatusChangedEventData', {
    description: 'The agent was paused, resumed or completed: take no new work unless `active`.',
  });

export const AgentFileGrantedEventData = z
  .object({ agentId, nodeId: z.uuid(), ...actorFields })
  .openapi('AgentFileGrantedEventData', { description: 'A file or folder was granted to the agent.' });

const unreadCount = z.int().openapi({ description: 'The recipient’s unread notifications (not snoozed) now.' });

export const NotificationCreatedEventData = z
  .object({ notification: NotificationSchema, unreadCount, ...actorFields })
  .openapi('NotificationCreatedEventData', { description: 'A new notification for the person receiving the event.' });

export const NotificationsChangedEventData = z
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

export const AgentMentionedEventData = z
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

export const IntegrationGrantEventData = z
  .object({ agentId, grant: GrantSchema, ...actorFields })
  .openapi('IntegrationGrantEventData', {
    description: 'The grant as it now is: use it within its scope and constraints.',
  });

export const IntegrationGrantRevokedEventData = z
  .object({ agentId, grantId: z.uuid(), ...actorFields })
  .openapi('IntegrationGrantRevokedEventData', { description: 'The grant was revoked: stop using the connection.' });

const change = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values);

export const IntegrationGrantChangedEventData = z
  .object({ agentId, grantId: z.uuid(), change: change(['granted', 'updated', 'revoked']), ...actorFields })
  .openapi('IntegrationGrantChangedEventData', { description: 'An agent’s grants changed; read them again.' });

export const IntegrationConnectionChangedEventData = z
  .object({ connectionId: z.uuid(), change: change(['created', 'updated', 'revoked']), ...actorFields })
  .openapi('IntegrationConnectionChangedEventData', { description: 'A connection changed; read the list again.' });

export const CronJobChangedEventData = z
  .object({ agentId, cronJobId: z.uuid(), change: change(['created', 'updated', 'deleted']), ...actorFields })
  .openapi('CronJobChangedEventData', { description: 'An agent’s schedules changed; read them again.' });

export const AgentCronFiredEventData = z
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

export const CronRunRecordedEventData = z
  .object({ agentId, cronJobId: z.uuid(), run: CronRunSchema, ...actorFields })
  .openapi('CronRunRecordedEventData', { description: 'A run was recorded, or its outcome reported.' });

export const WebhookEndpointChangedEventData = z
  .object({ agentId, endpointId: z.uuid(), change: change(['created', 'rotated', 'revoked']), ...actorFields })
  .openapi('WebhookEndpointChangedEventData', {
    description: 'An agent’s webhook endpoints changed; read them again.',
  });

export const AgentWebhookReceivedEventData = z
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

export const WebhookDeliveryRecordedEventData = z
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

export const CreditsBalanceChangedEventData = z
  .object({ companyId: z.uuid(), balance: CreditBalanceSchema, change: CreditChangeSchema, ...actorFields })
  .openapi('CreditsBalanceChangedEventData', {
    description:
      'A credit transaction was recorded: the balance after it, and what every member may know of it (the full row, with its note and payment ids, is in the admins’ ledger).',
  });

export const SubscriptionChangedEventData = z
  .object({ companyId: z.uuid(), subscription: SubscriptionSchema, ...actorFields })
  .openapi('SubscriptionChangedEventData', { description: 'The subscription as it now is.' });

export const AgentCreditsChangedEventData = z
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
