import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import {
  createColumnRoute,
  createProjectRoute,
  deleteColumnRoute,
  getProjectRoute,
  listProjectsRoute,
  updateColumnRoute,
  updateProjectRoute,
} from './routes.ts';
import {
  createColumn,
  createProject,
  deleteColumn,
  listProjects,
  projectDetail,
  updateColumn,
  updateProject,
} from './service.ts';

export function registerProjectRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listProjectsRoute, async (c) => c.json({ projects: await listProjects(c.get('ctx'), actorOf(c)) }, 200));

  app.openapi(createProjectRoute, async (c) =>
    c.json(await createProject(c.get('ctx'), actorOf(c), c.req.valid('json')), 201),
  );

  app.openapi(getProjectRoute, async (c) =>
    c.json(await projectDetail(c.get('ctx'), actorOf(c), c.req.valid('param').projectId), 200),
  );

  app.openapi(updateProjectRoute, async (c) =>
    c.json(await updateProject(c.get('ctx'), actorOf(c), c.req.valid('param').projectId, c.req.valid('json')), 200),
  );

  app.openapi(createColumnRoute, async (c) =>
    c.json(await createColumn(c.get('ctx'), actorOf(c), c.req.valid('param').projectId, c.req.valid('json')), 201),
  );

  app.openapi(updateColumnRoute, async (c) => {
    const { projectId, columnId } = c.req.valid('param');
    return c.json(await updateColumn(c.get('ctx'), actorOf(c), projectId, columnId, c.req.valid('json')), 200);
  });

  app.openapi(deleteColumnRoute, async (c) => {
    const { projectId, columnId } = c.req.valid('param');
    return c.json(await deleteColumn(c.get('ctx'), actorOf(c), projectId, columnId), 200);
  });
}
