import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { registerCronRoutes } from './cron-handlers.ts';
import { registerWebhookRoutes } from './webhook-handlers.ts';

/** Agents' schedules (cron jobs) and webhook endpoints. */
export function registerAutomationRoutes(app: OpenAPIHono<AppEnv>) {
  registerCronRoutes(app);
  registerWebhookRoutes(app);
}
