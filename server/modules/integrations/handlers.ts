import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import {
  createConnectionRoute,
  createGrantRoute,
  listConnectionsRoute,
  listGrantsRoute,
  listProvidersRoute,
  redeemGrantRoute,
  revokeConnectionRoute,
  revokeGrantRoute,
  updateConnectionRoute,
  updateGrantRoute,
} from './routes.ts';
import { createGrant, listGrants, redeemGrant, revokeGrant, updateGrant } from './grants.ts';
import { createConnection, listConnections, listProviders, revokeConnection, updateConnection } from './service.ts';

export function registerIntegrationRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listProvidersRoute, (c) => c.json([...listProviders()], 200));
  app.openapi(listConnectionsRoute, async (c) => c.json(await listConnections(c.get('ctx'), c.get('principal')), 200));
  app.openapi(createConnectionRoute, async (c) =>
    c.json(await createConnection(c.get('ctx'), actorOf(c), c.req.valid('json')), 201),
  );
  app.openapi(updateConnectionRoute, async (c) =>
    c.json(
      await updateConnection(c.get('ctx'), actorOf(c), c.req.valid('param').connectionId, c.req.valid('json')),
      200,
    ),
  );
  app.openapi(revokeConnectionRoute, async (c) =>
    c.json(await revokeConnection(c.get('ctx'), actorOf(c), c.req.valid('param').connectionId), 200),
  );
  app.openapi(listGrantsRoute, async (c) =>
    c.json(await listGrants(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId), 200),
  );
  app.openapi(createGrantRoute, async (c) =>
    c.json(await createGrant(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json')), 201),
  );
  app.openapi(updateGrantRoute, async (c) => {
    const { agentId, grantId } = c.req.valid('param');
    return c.json(await updateGrant(c.get('ctx'), actorOf(c), agentId, grantId, c.req.valid('json')), 200);
  });
  app.openapi(revokeGrantRoute, async (c) => {
    const { agentId, grantId } = c.req.valid('param');
    return c.json(await revokeGrant(c.get('ctx'), actorOf(c), agentId, grantId), 200);
  });
  app.openapi(redeemGrantRoute, async (c) => {
    const { agentId, grantId } = c.req.valid('param');
    return c.json(await redeemGrant(c.get('ctx'), c.get('principal'), agentId, grantId), 200);
  });
}
