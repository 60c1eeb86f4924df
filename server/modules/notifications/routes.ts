import { EVENT_TYPES, LiveStreamMessageSchema } from '../../events/catalog.ts';
import { EventStreamHeaders } from '../../events/sse.ts';
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
    `Events: ${EVENT_TYPES.map((type) => `\`${type}\``).join(', ')}. Each message is described by \`LiveStreamMessage\` (the \`ready\` message, or a \`LiveEvent\`: one schema per event type, \`CardMovedEvent\` and so on); \`data\` is JSON and always carries \`actorUserId\`, and \`clientId\` when the change came with an \`X-Client-Id\` header. Your own changes come back too: skip those with your \`clientId\`.`,
    'The stream ends when the credential behind it is revoked. A caller without a company gets 404.',
  ].join('\n\n'),
  request: {
    headers: EventStreamHeaders,
  },
  responses: {
    200: {
      description: 'The event stream: `ready`, then the live events, each message as `LiveStreamMessage` describes it.',
      content: { 'text/event-stream': { schema: LiveStreamMessageSchema } },
    },
  },
});
