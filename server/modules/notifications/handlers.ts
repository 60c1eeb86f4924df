import type { OpenAPIHono } from '@hono/zod-openapi';
import { streamSSE } from 'hono/streaming';
import type { AppEnv } from '../../types.ts';
import type { StreamEvent, Subscriber } from '../../events/hub.ts';
import { requireCompany } from '../../policies/index.ts';
import { streamRoute } from './routes.ts';

export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(streamRoute, (c) => {
    const ctx = c.get('ctx');
    const principal = c.get('principal');
    const company = requireCompany(principal);
    const header = c.req.valid('header')['last-event-id'];
    const lastEventId = header === undefined ? undefined : Number(header);
    c.header('X-Accel-Buffering', 'no');

    const response = streamSSE(c, async (stream) => {
      let stop!: () => void;
      const stopped = new Promise<void>((resolve) => (stop = resolve));
      const credential = principal.credential;
      const subscriber: Subscriber = {
        companyId: company.id,
        userId: principal.user.id,
        ...(credential.kind === 'session' ? { sessionId: credential.sessionId } : { keyId: credential.keyId }),
        send: (event: StreamEvent) =>
          void stream.writeSSE({ id: String(event.id), event: event.type, data: event.json }).catch(stop),
        close: stop,
      };
      stream.onAbort(stop);
      // Subscribe before announcing: nothing published after `ready` can be missed.
      const { resumed } = await ctx.hub.subscribe(subscriber, lastEventId);
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
    return response as never;
  });
}
