import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { listMembersRoute } from './routes.ts';
import { listMembers } from './service.ts';

export function registerMemberRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listMembersRoute, async (c) =>
    c.json({ members: await listMembers(c.get('ctx'), c.get('principal')) }, 200),
  );
}
