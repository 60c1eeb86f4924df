import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ApiError, ErrorCode } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import {
  createCreditCheckoutRoute,
  getCreditCheckoutRoute,
  listCreditPacksRoute,
  stripeWebhookRoute,
} from './payment-routes.ts';
import {
  createCreditCheckout,
  getCreditCheckout,
  handleStripeEvent,
  listCreditPacks,
  paymentsUnavailable,
  verifyStripeEvent,
} from './payment-service.ts';

/**
 * The web app's origin, which Stripe sends the browser back to and the webhook address is given
 * on: `PUBLIC_URL` when set, else the origin the browser sent (it serves or proxies `/api`), else
 * the request's own (as invitation links are built).
 */
function originOf(c: Context<AppEnv>): string {
  const configured = c.get('ctx').config.publicUrl;
  if (configured) return configured;
  const origin = c.req.header('origin');
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return new URL(c.req.url).origin;
}

const signatureInvalid = () => new ApiError(400, 'Invalid signature', ErrorCode.signatureInvalid);

export function registerPaymentRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listCreditPacksRoute, (c) => c.json(listCreditPacks(c.get('ctx'), c.get('principal'), originOf(c)), 200));
  app.openapi(createCreditCheckoutRoute, async (c) =>
    c.json(await createCreditCheckout(c.get('ctx'), actorOf(c), c.req.valid('json'), originOf(c)), 201),
  );
  app.openapi(getCreditCheckoutRoute, async (c) =>
    c.json(await getCreditCheckout(c.get('ctx'), c.get('principal'), c.req.valid('param').checkoutId), 200),
  );

  // Public, for Stripe: each check in the order the contract gives (payment-routes.ts).
  app.openapi(stripeWebhookRoute, async (c) => {
    const ctx = c.get('ctx');
    if (!ctx.config.payments) throw paymentsUnavailable(originOf(c));
    // The app's body limit (1 MiB) bounds what is read; the signature covers these exact bytes.
    const body = new Uint8Array(await c.req.arrayBuffer());
    const event = await verifyStripeEvent(ctx, body, c.req.valid('header')['stripe-signature']);
    if (!event) {
      // Counted as a failed authentication of the address, as a wrong bearer token is (http/auth.ts).
      await enforceRateLimit(c, ctx.limiters.authFailures, clientIp(c, ctx.config.trustProxy));
      throw signatureInvalid();
    }
    // One budget for all of Stripe's events, counted only once signed: Stripe retries a 429 later.
    await enforceRateLimit(c, ctx.limiters.webhookDeliveries, 'stripe');
    await handleStripeEvent(ctx, event);
    return c.json({ received: true as const }, 200);
  });
}
