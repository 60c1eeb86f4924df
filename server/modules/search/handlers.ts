import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { searchRoute } from './routes.ts';
import { search } from './service.ts';

export function registerSearchRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(searchRoute, async (c) => {
    const { q, limit } = c.req.valid('query');
    return c.json({ results: await search(c.get('ctx'), c.get('principal'), q, limit) }, 200);
  });
}
