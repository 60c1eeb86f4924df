import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { serveEventStream } from '../../events/sse.ts';
import { requireCompany } from '../../policies/index.ts';
import { registerInboxRoutes } from './inbox-handlers.ts';
import { streamRoute } from './routes.ts';

export function registerNotificationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(streamRoute, (c) => {
    const principal = c.get('principal');
    const company = requireCompany(principal);
    const header = c.req.valid('header')['last-event-id'];
    const lastEventId = header === undefined ? undefined : Number(header);
    return serveEventStream(c, { companyId: company.id, principal, lastEventId }) as never;
  });
  registerInboxRoutes(app);
}
