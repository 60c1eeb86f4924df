import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { deleteMeRoute, getMeRoute, supportTokenRoute, updateMeRoute } from './routes.ts';
import { actorOf } from '../../http/actor.ts';
import { deleteAccount, describeMe, supportToken, updateProfile } from './service.ts';

export function registerUserRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getMeRoute, (c) => c.json(describeMe(c.get('principal')), 200));

  app.openapi(updateMeRoute, async (c) =>
    c.json(await updateProfile(c.get('ctx'), actorOf(c), c.req.valid('json')), 200),
  );

  app.openapi(deleteMeRoute, async (c) => {
    await deleteAccount(c.get('ctx'), c.get('principal').user.id);
    return c.json({ success: true }, 200);
  });

  app.openapi(supportTokenRoute, (c) => c.json({ token: supportToken(c.get('ctx'), c.get('principal')) }, 200));
}
