import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import {
  cancelSubscriptionRoute,
  changePlanRoute,
  getSubscriptionRoute,
  listPlansRoute,
  resumeSubscriptionRoute,
} from './subscription-routes.ts';
import {
  cancelSubscription,
  changePlan,
  getSubscription,
  listPlans,
  resumeSubscription,
} from './subscription-service.ts';

/** Plans and the company's subscription. */
export function registerSubscriptionRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listPlansRoute, (c) => c.json(listPlans(), 200));
  app.openapi(getSubscriptionRoute, async (c) => c.json(await getSubscription(c.get('ctx'), c.get('principal')), 200));
  app.openapi(changePlanRoute, async (c) =>
    c.json(await changePlan(c.get('ctx'), actorOf(c), c.req.valid('json')), 200),
  );
  app.openapi(cancelSubscriptionRoute, async (c) => c.json(await cancelSubscription(c.get('ctx'), actorOf(c)), 200));
  app.openapi(resumeSubscriptionRoute, async (c) => c.json(await resumeSubscription(c.get('ctx'), actorOf(c)), 200));
}
