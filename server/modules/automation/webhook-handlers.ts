import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../types.ts';
import { actorOf } from '../../http/actor.ts';
import { clientIp } from '../../http/client-ip.ts';
import { ApiError, ErrorCode, invalidField, unauthorized } from '../../http/errors.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import {
  createWebhookEndpointRoute,
  listWebhookDeliveriesRoute,
  listWebhookEndpointsRoute,
  receiveWebhookRoute,
  redeliverWebhookDeliveryRoute,
  reportWebhookDeliveryRoute,
  revokeWebhookEndpointRoute,
  rotateWebhookEndpointRoute,
} from './webhook-routes.ts';
import {
  acceptDelivery,
  createEndpoint,
  endpointSecret,
  findHookEndpoint,
  listDeliveries,
  listEndpoints,
  redeliver,
  reportDelivery,
  revokeEndpoint,
  rotateEndpoint,
} from './webhook-service.ts';
import { MAX_WEBHOOK_BODY_BYTES, signatureHash, verifyWebhook } from './webhook-signature.ts';

/**
 * The origin endpoint URLs are built on when `PUBLIC_URL` is not set: the web app's as the browser
 * sent it (it serves or proxies `/api`), else the request's own.
 */
function originOf(c: Context<AppEnv>): string {
  const origin = c.req.header('origin');
  if (origin && /^https?:\/\/[^/\s]+$/.test(origin)) return origin;
  return new URL(c.req.url).origin;
}

const tooLarge = () => new ApiError(413, 'Request body is too large (limit 256 KiB)', ErrorCode.payloadTooLarge);
const MAX_DEPTH = 64;

/**
 * Where a parsed payload holds what Postgres cannot store as jsonb (a NUL character, an unpaired
 * surrogate) or nests deeper than MAX_DEPTH: the path and why, or undefined when it is fine.
 */
function unstorable(value: unknown, path: string[] = []): { path: string; message: string } | undefined {
  const at = () => path.join('.') || '(root)';
  const badText = (text: string) => text.includes('\u0000') || /\p{Cs}/u.test(text);
  if (path.length > MAX_DEPTH) return { path: at(), message: `nests deeper than ${MAX_DEPTH} levels` };
  if (typeof value === 'string') {
    return badText(value) ? { path: at(), message: 'holds a NUL character or an unpaired surrogate' } : undefined;
  }
  if (value === null || typeof value !== 'object') return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!Array.isArray(value) && badText(key)) {
      return { path: at(), message: 'has a key with a NUL character or an unpaired surrogate' };
    }
    const found = unstorable(item, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

export function registerWebhookRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(listWebhookEndpointsRoute, async (c) =>
    c.json(await listEndpoints(c.get('ctx'), c.get('principal'), c.req.valid('param').agentId, originOf(c)), 200),
  );
  app.openapi(createWebhookEndpointRoute, async (c) =>
    c.json(
      await createEndpoint(c.get('ctx'), actorOf(c), c.req.valid('param').agentId, c.req.valid('json'), originOf(c)),
      201,
    ),
  );
  app.openapi(rotateWebhookEndpointRoute, async (c) => {
    const { agentId, endpointId } = c.req.valid('param');
    return c.json(await rotateEndpoint(c.get('ctx'), actorOf(c), agentId, endpointId, originOf(c)), 200);
  });
  app.openapi(revokeWebhookEndpointRoute, async (c) => {
    const { agentId, endpointId } = c.req.valid('param');
    return c.json(await revokeEndpoint(c.get('ctx'), actorOf(c), agentId, endpointId, originOf(c)), 200);
  });
  app.openapi(listWebhookDeliveriesRoute, async (c) => {
    const { agentId, endpointId } = c.req.valid('param');
    return c.json(
      await listDeliveries(c.get('ctx'), c.get('principal'), agentId, endpointId, c.req.valid('query')),
      200,
    );
  });
  app.openapi(redeliverWebhookDeliveryRoute, async (c) => {
    const { agentId, endpointId, deliveryId } = c.req.valid('param');
    return c.json(await redeliver(c.get('ctx'), actorOf(c), agentId, endpointId, deliveryId), 200);
  });
  app.openapi(reportWebhookDeliveryRoute, async (c) => {
    const { agentId, deliveryId } = c.req.valid('param');
    return c.json(await reportDelivery(c.get('ctx'), actorOf(c), agentId, deliveryId, c.req.valid('json')), 200);
  });

  // The public side: each check in the order the contract gives (webhook-routes.ts).
  app.openapi(receiveWebhookRoute, async (c) => {
    const ctx = c.get('ctx');
    const hook = await findHookEndpoint(ctx, c.req.valid('param').endpointId);

    const declared = Number(c.req.header('content-length'));
    if (Number.isFinite(declared) && declared > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();
    // The app's body limit (1 MiB) bounds what is read here without a Content-Length.
    const body = new Uint8Array(await c.req.arrayBuffer());
    if (body.byteLength > MAX_WEBHOOK_BODY_BYTES) throw tooLarge();

    const headers = c.req.valid('header');
    const matched = verifyWebhook(
      endpointSecret(ctx, hook.endpoint),
      { timestamp: headers['webhook-timestamp'], signature: headers['webhook-signature'], body },
      Date.now(),
    );
    if (!matched) {
      // Counted as a failed authentication of the address, as a wrong bearer token is (http/auth.ts).
      await enforceRateLimit(c, ctx.limiters.authFailures, clientIp(c, ctx.config.trustProxy));
      throw unauthorized('Invalid signature');
    }

    await enforceRateLimit(c, ctx.limiters.webhookDeliveries, hook.endpoint.id);

    let payload: unknown;
    try {
      payload = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
    } catch {
      throw new ApiError(400, 'Invalid JSON in request body', ErrorCode.invalidJson);
    }
    const problem = unstorable(payload);
    if (problem) throw invalidField(problem.path, problem.message);

    const receipt = await acceptDelivery(ctx, hook, {
      payload,
      sizeBytes: body.byteLength,
      signatureHash: signatureHash(matched),
      sourceIp: clientIp(c, ctx.config.trustProxy),
    });
    return receipt.duplicate ? c.json(receipt, 200) : c.json(receipt, 202);
  });
}
