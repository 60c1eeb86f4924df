import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import { createCardRoute, getCardRoute, moveCardRoute, updateCardRoute } from './routes.ts';
import { createCard, getCard, moveCard, updateCard } from './service.ts';

export function registerCardRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(createCardRoute, async (c) =>
    c.json(await createCard(c.get('ctx'), actorOf(c), c.req.valid('param').projectId, c.req.valid('json')), 201),
  );

  app.openapi(getCardRoute, async (c) => {
    const { projectId, cardId } = c.req.valid('param');
    return c.json(await getCard(c.get('ctx'), actorOf(c), projectId, cardId), 200);
  });

  app.openapi(updateCardRoute, async (c) => {
    const { projectId, cardId } = c.req.valid('param');
    return c.json(await updateCard(c.get('ctx'), actorOf(c), projectId, cardId, c.req.valid('json')), 200);
  });

  app.openapi(moveCardRoute, async (c) => {
    const { projectId, cardId } = c.req.valid('param');
    return c.json(await moveCard(c.get('ctx'), actorOf(c), projectId, cardId, c.req.valid('json')), 200);
  });
}
