import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import {
  createCronJobRoute,
  deleteCronJobRoute,
  listCronJobsRoute,
  listCronRunsRoute,
  previewScheduleRoute,
  reportCronRunRoute,
  runCronJobRoute,
  updateCronJobRoute,
} from './cron-routes.ts';
import {
  createCronJob,
  deleteCronJob,
  listCronJobs,
  listCronRuns,
  previewSchedule,
  reportCronRun,
  runCronJobNow,
  updateCronJob,
} from './cron-service.ts';

export function registerCronRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listCronJobsRoute, async (c) =>
    c.json(await listCronJobs(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId), 200),
  );
  app.openapi(createCronJobRoute, async (c) =>
    c.json(await createCronJob(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json')), 201),
  );
  app.openapi(updateCronJobRoute, async (c) => {
    const { agentId, cronJobId } = c.req.valid('param');
    return c.json(await updateCronJob(c.get('ctx'), actorOf(c), agentId, cronJobId, c.req.valid('json')), 200);
  });
  app.openapi(deleteCronJobRoute, async (c) => {
    const { agentId, cronJobId } = c.req.valid('param');
    await deleteCronJob(c.get('ctx'), actorOf(c), agentId, cronJobId);
    return c.json({ success: true }, 200);
  });
  app.openapi(listCronRunsRoute, async (c) => {
    const { agentId, cronJobId } = c.req.valid('param');
    return c.json(await listCronRuns(c.get('ctx'), c.get('principal'), agentId, cronJobId, c.req.valid('query')), 200);
  });
  app.openapi(runCronJobRoute, async (c) => {
    const { agentId, cronJobId } = c.req.valid('param');
    return c.json(await runCronJobNow(c.get('ctx'), actorOf(c), agentId, cronJobId), 201);
  });
  app.openapi(reportCronRunRoute, async (c) => {
    const { agentId, runId } = c.req.valid('param');
    return c.json(await reportCronRun(c.get('ctx'), actorOf(c), agentId, runId, c.req.valid('json')), 200);
  });
  app.openapi(previewScheduleRoute, async (c) => {
    const { expression, timeZone } = c.req.valid('query');
    return c.json(previewSchedule(expression, timeZone), 200);
  });
}
