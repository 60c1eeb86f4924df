import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';

export function registerSubscriptionRoutes(app: OpenAPIHono<AppEnv>) {
  void app;
}
