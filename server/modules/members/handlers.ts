import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { listMembersRoute, listTeamsRoute } from './routes.ts';
import { listMembers, listTeams } from './service.ts';

export function registerMemberRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listMembersRoute, async (c) =>
    c.json({ members: await listMembers(c.get('ctx'), c.get('principal')) }, 200),
  );
  app.openapi(listTeamsRoute, async (c) => c.json({ teams: await listTeams(c.get('ctx'), c.get('principal')) }, 200));
}
