import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';

export function registerLedgerRoutes(app: OpenAPIHono<AppEnv>) {
  void app;
}
