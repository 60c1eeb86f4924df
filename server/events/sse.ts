import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import type { AppEnv, Principal } from '../types.ts';
import type { StreamEvent, Subscriber } from './hub.ts';

/** The request headers of an event stream: the standard `Last-Event-ID` to resume after. */
export const EventStreamHeaders = z.object({
  'last-event-id': z
    .string()
    .regex(/^\d{1,15}$/, 'must be the id of an event')
    .optional()
    .openapi({ description: 'Resume after this event (the standard Last-Event-ID header).' }),
});

/**
 * Serves a live event stream (`GET /notifications/sse`, `GET /agents/{agentId}/events`): subscribes
 * to the hub (replaying what followed `lastEventId`), announces `ready`, sends a `: ping` comment
 * every `sseHeartbeatMs`, and unsubscribes when the client goes or the credential is revoked.
 * `agentId`: an agent's stream, which receives that agent's events only.
 */
export function serveEventStream(
  c: Context<AppEnv>,
  options: { companyId: string; principal: Principal; lastEventId?: number; agentId?: string },
) {
  const ctx = c.get('ctx');
  const { principal } = options;
  c.header('X-Accel-Buffering', 'no');
  return streamSSE(c, async (stream) => {
    let stop!: () => void;
    const stopped = new Promise<void>((resolve) => (stop = resolve));
    const credential = principal.credential;
    const subscriber: Subscriber = {
      companyId: options.companyId,
      userId: principal.user.id,
      ...(credential.kind === 'session' ? { sessionId: credential.sessionId } : {}),
      ...(credential.kind === 'api_key' ? { keyId: credential.keyId } : {}),
      ...(credential.kind === 'agent_token' ? { tokenId: credential.tokenId } : {}),
      ...(options.agentId !== undefined ? { agentId: options.agentId } : {}),
      send: (event: StreamEvent) =>
        void stream.writeSSE({ id: String(event.id), event: event.type, data: event.json }).catch(stop),
      close: stop,
    };
    stream.onAbort(stop);
    // Subscribe before announcing: nothing published after `ready` can be missed.
    const { resumed } = await ctx.hub.subscribe(subscriber, options.lastEventId);
    await stream.writeSSE({ event: 'ready', data: JSON.stringify({ resumed }) });
    try {
      while (!stream.aborted && !stream.closed) {
        const beat = await Promise.race([
          stream.sleep(ctx.config.sseHeartbeatMs).then(() => true),
          stopped.then(() => false),
        ]);
        if (!beat) break;
        await stream.write(': ping\n\n');
      }
    } finally {
      ctx.hub.unsubscribe(subscriber);
    }
  });
}
