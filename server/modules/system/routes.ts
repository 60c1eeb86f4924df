import { z } from '@hono/zod-openapi';
import { jsonResponse, publicRoute } from '../../http/route.ts';

export const openApiRoute = publicRoute({
  method: 'get',
  path: '/openapi.json',
  operationId: 'getOpenApiDocument',
  tags: ['System'],
  summary: 'This contract as an OpenAPI 3.1 document',
  responses: { 200: jsonResponse(z.looseObject({ openapi: z.string() }), 'The OpenAPI document') },
});

export const healthRoute = publicRoute({
  method: 'get',
  path: '/health',
  operationId: 'getHealth',
  tags: ['System'],
  summary: 'Liveness and database reachability',
  responses: {
    200: jsonResponse(z.object({ status: z.literal('ok') }).openapi('Health'), 'Serving'),
  },
});
