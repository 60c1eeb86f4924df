import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, pageQuery, protectedRoute, publicRoute, uuidParam } from '../../http/route.ts';
import {
  CreatedWebhookEndpointSchema,
  CreateWebhookEndpointInput,
  ReportWebhookDeliveryInput,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookReceiptSchema,
} from './schemas.ts';
import { MAX_ACTIVE_WEBHOOK_ENDPOINTS } from './webhook-service.ts';
import { WEBHOOK_TOLERANCE_SECONDS } from './webhook-signature.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';

const tags = ['Automation'];
const agentParams = z.object({ agentId: uuidParam('agentId') });
const endpointParams = agentParams.extend({ endpointId: uuidParam('endpointId') });
const deliveryParams = endpointParams.extend({ deliveryId: uuidParam('deliveryId') });

const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const errorResponse = (description: string) => ({ description, content: errorContent });

const manageRule =
  'For company admins and the person responsible for the agent (403 `FORBIDDEN` for other members); keys need `write`; agent tokens may not.';

export const listWebhookEndpointsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/webhook-endpoints',
    operationId: 'listWebhookEndpoints',
    tags,
    summary: 'An agent’s webhook endpoints',
    description:
      'A plain array: active endpoints first, then revoked ones, each by name. Never the secrets (only their first characters, `secretPrefix`). Every member of the company; an agent token: its own agent’s only (404 for another).',
    request: { params: agentParams },
    responses: { 200: jsonResponse(z.array(WebhookEndpointSchema), 'The endpoints') },
  },
  { agents: true },
);

export const createWebhookEndpointRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/webhook-endpoints',
  operationId: 'createWebhookEndpoint',
  tags,
  summary: 'Create a webhook endpoint (its secret is shown once)',
  description: `An outside system POSTs JSON to its \`url\` (\`POST /hooks/{endpointId}\`), signed with the secret (\`whsec_…\`), which is in this answer only; the agent receives each delivery on its stream (\`agent.webhook.received\`). At most ${MAX_ACTIVE_WEBHOOK_ENDPOINTS} active endpoints per agent (409 \`WEBHOOK_LIMIT_REACHED\`). ${manageRule}`,
  request: {
    params: agentParams,
    body: { required: true, content: { 'application/json': { schema: CreateWebhookEndpointInput } } },
  },
  responses: {
    201: jsonResponse(CreatedWebhookEndpointSchema, 'The endpoint, with its secret'),
    409: errorResponse(
      `The agent has ${MAX_ACTIVE_WEBHOOK_ENDPOINTS} active endpoints already (\`WEBHOOK_LIMIT_REACHED\`)`,
    ),
  },
});

export const rotateWebhookEndpointRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/webhook-endpoints/{endpointId}/rotate',
  operationId: 'rotateWebhookEndpoint',
  tags,
  summary: 'Give a webhook endpoint a new secret (shown once)',
  description: `The old secret stops working at once: requests signed with it answer 401 from now on. ${manageRule}`,
  request: { params: endpointParams },
  responses: {
    200: jsonResponse(CreatedWebhookEndpointSchema, 'The endpoint, with its new secret'),
    409: errorResponse('The endpoint is revoked (`WEBHOOK_REVOKED`)'),
  },
});

export const revokeWebhookEndpointRoute = protectedRoute('write', {
  method: 'delete',
  path: '/agents/{agentId}/webhook-endpoints/{endpointId}',
  operationId: 'revokeWebhookEndpoint',
  tags,
  summary: 'Revoke a webhook endpoint',
  description: `Its URL answers 404 from now on; it stays listed (\`status: revoked\`) with its deliveries. Revoking it again answers it unchanged. ${manageRule}`,
  request: { params: endpointParams },
  responses: { 200: jsonResponse(WebhookEndpointSchema, 'The revoked endpoint') },
});

export const listWebhookDeliveriesRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/webhook-endpoints/{endpointId}/deliveries',
    operationId: 'listWebhookDeliveries',
    tags,
    summary: 'What a webhook endpoint received, newest first',
    description:
      'A plain array, with each payload as received. Payloads may hold what not every member should read: for company admins, the person responsible for the agent and the agent itself (403 `FORBIDDEN` for other members). Page with `limit` and `offset`.',
    request: { params: endpointParams, query: pageQuery(100, 20) },
    responses: { 200: jsonResponse(z.array(WebhookDeliverySchema), 'The deliveries') },
  },
  { agents: true },
);

export const redeliverWebhookDeliveryRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/webhook-endpoints/{endpointId}/deliveries/{deliveryId}/redeliver',
  operationId: 'redeliverWebhookDelivery',
  tags,
  summary: 'Send a delivery to the agent again',
  description: `Its stream gets \`agent.webhook.received\` again, with \`redelivery: true\`; the delivery becomes \`redelivered\` and counts one more attempt. A paused agent gets it too (its stream holds it until it resumes); a completed one does not (409 \`AGENT_UNAVAILABLE\`), nor does a revoked endpoint’s delivery (409 \`WEBHOOK_REVOKED\`). ${manageRule}`,
  request: { params: deliveryParams },
  responses: {
    200: jsonResponse(WebhookDeliverySchema, 'The delivery'),
    409: errorResponse('The endpoint is revoked (`WEBHOOK_REVOKED`) or the agent completed (`AGENT_UNAVAILABLE`)'),
  },
});

export const reportWebhookDeliveryRoute = protectedRoute(
  'write',
  {
    method: 'patch',
    path: '/agents/{agentId}/webhook-deliveries/{deliveryId}',
    operationId: 'reportWebhookDelivery',
    tags,
    summary: 'The agent reports what came of a delivery',
    description: `For the agent’s own token; people (and their keys) get 404: a delivery is the agent’s to report. Once per attempt: 409 \`RUN_ALREADY_REPORTED\` after that, until the delivery is redelivered (which clears the outcome). \`outcome\` is at most 2,000 characters. The company’s members get \`webhook.delivery.recorded\`. ${agentCostNote('write')}`,
    request: {
      params: agentParams.extend({ deliveryId: uuidParam('deliveryId') }),
      body: { required: true, content: { 'application/json': { schema: ReportWebhookDeliveryInput } } },
    },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(WebhookDeliverySchema, 'The delivery'),
      409: errorResponse('Reported already (`RUN_ALREADY_REPORTED`)'),
    },
  },
  { agents: true },
);

const hookHeaders = z.object({
  'webhook-timestamp': z
    .string()
    .optional()
    .openapi({ description: 'When the request was signed, in Unix seconds.', example: '1764136800' }),
  'webhook-signature': z.string().optional().openapi({
    description:
      '`v1=` and the hex HMAC-SHA256 of `<Webhook-Timestamp>.<raw body>` under the endpoint’s secret. Several may be given, separated by spaces or commas: one that matches is enough.',
    example: 'v1=5257a869e7ecebeda32affa62cdca3fa51cad7e77a0e56ff536d0ce8e108d8bd',
  }),
});

export const receiveWebhookRoute = publicRoute(
  {
    method: 'post',
    path: '/hooks/{endpointId}',
    operationId: 'receiveWebhook',
    tags,
    summary: 'Hand an agent work from an outside system (signed)',
    description: [
      'The URL of a webhook endpoint (`url` in `WebhookEndpoint`). No bearer token: the request is signed with the endpoint’s secret. Add `Webhook-Timestamp` (the current Unix time in seconds) and `Webhook-Signature: v1=<hex HMAC-SHA256(secret, "<timestamp>.<raw body>")>`; the HMAC covers the body’s bytes exactly as sent.',
      `The body is any JSON value of at most 256 KiB, whatever its \`Content-Type\`. The answers, in the order they are checked: 404 for an unknown or revoked endpoint; 413 \`PAYLOAD_TOO_LARGE\` beyond 256 KiB; 401 \`{error: "Invalid signature", code: "UNAUTHORIZED"}\` for a missing or wrong signature or a timestamp more than ${WEBHOOK_TOLERANCE_SECONDS} s from the server’s clock (either way) — no more detail, and each counts against the calling address’s failed-authentication limit (429 once that is full); 429 \`RATE_LIMITED\` beyond the endpoint’s limit (60 requests a minute unless configured: \`WEBHOOK_DELIVERIES_PER_MINUTE\`), counted after the signature so that requests nobody signed cannot use up its budget; 400 \`INVALID_JSON\` when the body is not JSON (or 400 \`VALIDATION_ERROR\` for JSON Postgres cannot store: NUL characters, unpaired surrogates, nesting deeper than 64); 409 \`AGENT_UNAVAILABLE\` when the agent is completed.`,
      'Then 202: the delivery is stored and sent to the agent’s stream (`agent.webhook.received`, with the payload; members’ streams get `webhook.delivery.recorded`, without it). A paused agent’s deliveries are stored and sent too: its stream holds them until it resumes. The same signed request a second time (within the timestamp’s five minutes) answers 200 with the first delivery’s id and `duplicate: true`, and is not sent again.',
      'No per-address request limit applies (unlike other public POSTs): senders such as CI systems post many deliveries from a few shared addresses; the endpoint’s own limit and the failed-signature limit protect it instead.',
    ].join('\n\n'),
    request: {
      params: z.object({ endpointId: uuidParam('endpointId') }),
      headers: hookHeaders,
      body: {
        required: true,
        description: 'Any JSON value (at most 256 KiB), signed as described.',
        // A plain schema, not zod: the route must not parse the body before the handler reads its
        // raw bytes to check the signature.
        content: { 'application/json': { schema: { description: 'Any JSON value.' } } },
      },
    },
    responses: {
      200: jsonResponse(WebhookReceiptSchema, 'A copy of a request already received: not sent again'),
      202: jsonResponse(WebhookReceiptSchema, 'Received and sent to the agent'),
      401: errorResponse('Missing or wrong signature, or a timestamp too far from now (`UNAUTHORIZED`)'),
      404: errorResponse('No such endpoint, or it was revoked (`NOT_FOUND`)'),
      409: errorResponse('The agent is completed (`AGENT_UNAVAILABLE`)'),
      413: errorResponse('Body over 256 KiB (`PAYLOAD_TOO_LARGE`)'),
    },
  },
  { limit: 'failures' },
);
