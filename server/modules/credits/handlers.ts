import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';
import { registerCardCreditRoutes } from './card-credits.ts';
import { registerLedgerRoutes } from './ledger-handlers.ts';
import { registerPaymentRoutes } from './payment-handlers.ts';
import { registerSubscriptionRoutes } from './subscription-handlers.ts';

/** Credits (balance, ledger, usage, adjustments), subscriptions (plans, period) and payments (credit packs). */
export function registerCreditRoutes(app: OpenAPIHono<AppEnv>) {
  registerLedgerRoutes(app);
  registerSubscriptionRoutes(app);
  registerPaymentRoutes(app);
  registerCardCreditRoutes(app);
}
