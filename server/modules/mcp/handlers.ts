import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';

/** Registers the module's operations (issue 18; filled in by its module). */
export function registerMcpRoutes(app: OpenAPIHono<AppEnv>) {
  void app;
}
