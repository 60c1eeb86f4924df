import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { recentActivity } from '../activity/index.ts';
import { listActivityRoute, listAssignedCardsRoute } from './routes.ts';
import { assignedCards } from './service.ts';

/** Home: what a person starts the day with (their cards, and what others did to them). */
export function registerHomeRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listAssignedCardsRoute, async (c) => c.json(await assignedCards(c.get('ctx'), c.get('principal')), 200));

  app.openapi(listActivityRoute, async (c) =>
    c.json(await recentActivity(c.get('ctx'), c.get('principal'), c.req.valid('query')), 200),
  );
}
