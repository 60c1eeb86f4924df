import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { createApiKeyRoute, listApiKeysRoute, revokeApiKeyRoute } from './routes.ts';
import { createKey, listKeys, revokeKey } from './service.ts';

export function registerApiKeyRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listApiKeysRoute, async (c) =>
    c.json({ apiKeys: await listKeys(c.get('ctx'), c.get('principal').user.id) }, 200),
  );

  app.openapi(createApiKeyRoute, async (c) =>
    c.json(await createKey(c.get('ctx'), c.get('principal'), c.req.valid('json')), 201),
  );

  app.openapi(revokeApiKeyRoute, async (c) => {
    await revokeKey(c.get('ctx'), c.get('principal').user.id, c.req.valid('param').keyId);
    return c.json({ success: true }, 200);
  });
}
