import { z } from '@hono/zod-openapi';
import { protectedRoute } from '../../http/route.ts';

export const streamRoute = protectedRoute('read', {
  method: 'get',
  path: '/notifications/sse',
  operationId: 'streamNotifications',
  tags: ['Notifications'],
  summary: 'Live events of the caller’s company (Server-Sent Events)',
  description: [
    'A `text/event-stream` authenticated by the Bearer header (a key works too). A comment line (`: ping`) is sent at least every 15 s.',
    'The stream opens with `event: ready` and `data: {"resumed": boolean}`. Every other event has an `id`; reconnect with `Last-Event-ID: <id>` to receive what was missed. `resumed: false` means the gap was too long to replay: reload your data.',
    'Events (`data` is JSON; each carries `actorUserId`, and `clientId` when the change came with an `X-Client-Id` header): `project.created`, `project.updated` {projectId, project}; `columns.changed` {projectId, columns}; `card.created`, `card.moved`, `card.archived`, `card.restored` {projectId, card, columns}; `card.updated` {projectId, card}; `comment.created` {projectId, cardId, comment, reopened?}; `comment.updated`, `comment.resolved`, `comment.reopened` {projectId, cardId, comment}; `comment.deleted` {projectId, cardId, commentId, parentId}.',
    'The stream ends when the credential behind it is revoked. A caller without a company gets 404.',
  ].join('\n\n'),
  request: {
    headers: z.object({
      'last-event-id': z
        .string()
        .regex(/^\d{1,15}$/, 'must be the id of an event')
        .optional()
        .openapi({ description: 'Resume after this event (the standard Last-Event-ID header).' }),
    }),
  },
  responses: {
    200: {
      description: 'The event stream',
      content: { 'text/event-stream': { schema: z.string().openapi({ description: 'Server-Sent Events' }) } },
    },
  },
});
