import type { OpenAPIHono } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import type { AppEnv } from '../../types.ts';
import { healthRoute, openApiRoute } from './routes.ts';

export function registerSystemRoutes(app: OpenAPIHono<AppEnv>, document: () => { openapi: string }) {
  app.openapi(openApiRoute, (c) => c.json(document(), 200));

  app.openapi(healthRoute, async (c) => {
    await c.get('ctx').db.execute(sql`select 1`);
    return c.json({ status: 'ok' as const }, 200);
  });
}
