import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../types.ts';
import { type KeyAccess, requireAuth } from './auth.ts';
import { requireContentKey } from './content-auth.ts';
import { ErrorEnvelope } from './errors.ts';
import { idempotency, idempotencyErrors } from './idempotency.ts';
import { limitByIp } from './rate-limit.ts';

const errorContent = { 'application/json': { schema: ErrorEnvelope } };

/** The error responses every authenticated operation may give, in the envelope. */
const protectedErrors = {
  400: { description: 'Malformed id, invalid JSON body or validation error', content: errorContent },
  401: {
    description:
      'Missing, malformed or invalid bearer token or key (`UNAUTHORIZED`), revoked session (`SESSION_REVOKED`), expired session (`SESSION_EXPIRED`), expired key (`API_KEY_EXPIRED`), revoked key (`API_KEY_REVOKED`), expired or revoked agent token (`AGENT_TOKEN_EXPIRED`, `AGENT_TOKEN_REVOKED`)',
    content: errorContent,
  },
  403: {
    description:
      'A read-scoped key on an operation that needs `write` (`API_KEY_READ_ONLY`), any key on an operation forbidden to keys (`API_KEY_FORBIDDEN`), an agent token on an operation not open to agents (`AGENT_TOKEN_FORBIDDEN`), or a missing role (`FORBIDDEN`)',
    content: errorContent,
  },
  404: { description: 'Not found, or the caller is not authorized to see it', content: errorContent },
  413: { description: 'Request body over 1 MiB (`PAYLOAD_TOO_LARGE`)', content: errorContent },
  415: { description: 'A body that is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`)', content: errorContent },
  429: {
    description: 'Rate limit exceeded (`RATE_LIMITED`); see `Retry-After`, `RateLimit` and `RateLimit-Policy`',
    content: errorContent,
  },
  500: {
    description: 'Unexpected failure (`INTERNAL_ERROR`) with a `requestId` found in the server log',
    content: errorContent,
  },
} as const;

const publicErrors = {
  400: protectedErrors[400],
  413: protectedErrors[413],
  415: protectedErrors[415],
  429: protectedErrors[429],
  500: protectedErrors[500],
} as const;

/**
 * The 409 and 422 of `Idempotency-Key` (idempotency.ts), in the envelope; an operation's own 409
 * keeps its description, with the key's case added.
 */
function idempotencyResponses(responses: RouteConfig['responses']) {
  const own = responses[409] as { description?: string } | undefined;
  return {
    409: {
      description: own?.description
        ? `${own.description}; or a request with this \`Idempotency-Key\` is still running (\`CONFLICT\`)`
        : idempotencyErrors[409].description,
      content: errorContent,
    },
    422: { description: idempotencyErrors[422].description, content: errorContent },
  };
}

/**
 * What a module passes to `protectedRoute` / `publicRoute`. `operationId` is required: the
 * generated client and the MCP tools are named from it, so it is stable once published. It is a
 * camelCase verb and noun (`moveCard`, `listCardComments`), unique in the contract
 * (contract.test.ts checks both).
 */
type RouteInput = Omit<RouteConfig, 'middleware' | 'security' | 'operationId'> & { operationId: string };

/**
 * Defines an authenticated operation. `access` is written into the contract as
 * `x-service-api-key` and enforced from that same value, so document and behaviour agree; so is
 * `agents` as `x-service-agent-token`: whether an agent token (`agt_…`) may call it. Only
 * operations whose handlers know the agent principal (they write it as author or actor, and limit
 * it to what it may reach) are opened to agents; every other one answers 403
 * `AGENT_TOKEN_FORBIDDEN` to them.
 *
 * Only GETs may be open to read keys, unless `readKeysMayPost`: for an operation that changes
 * nothing itself and whose effects go through other operations that check their own scope (`POST
 * /mcp`: each tool call is dispatched to the operation it names, with the caller's credential).
 */
export function protectedRoute<const R extends RouteInput>(
  access: KeyAccess,
  config: R,
  { agents = false, readKeysMayPost = false }: { agents?: boolean; readKeysMayPost?: boolean } = {},
) {
  if (config.method !== 'get' && access === 'read' && !readKeysMayPost) {
    throw new Error(`${config.method.toUpperCase()} ${config.path}: only GET operations can be open to read keys`);
  }
  // A POST creates, or acts: a retry sent with an `Idempotency-Key` gets the first answer
  // (idempotency.ts; the contract's header parameter is added with the document, docs module).
  const post = config.method === 'post';
  return createRoute({
    ...config,
    'x-service-api-key': access,
    'x-service-agent-token': agents,
    security: [{ bearerAuth: [] }],
    middleware: (post ? [requireAuth(access, agents), idempotency()] : [requireAuth(access, agents)]) as [
      MiddlewareHandler<AppEnv>,
    ],
    responses: {
      ...protectedErrors,
      ...(post ? idempotencyResponses(config.responses) : {}),
      ...config.responses,
    },
  });
}

/**
 * Defines a public operation (no token; an Authorization header is ignored), rate limited per
 * client address: 60/min for GETs, 10 per 15 min for sensitive POSTs. Public operations need no
 * key at all, so their `x-service-api-key` is the lowest scope, `read`.
 *
 * `limit: 'failures'` is for operations whose handler counts failed attempts only
 * (`limitFailures`), like sign-in: the route then adds no per-address limit of its own.
 */
export function publicRoute<const R extends RouteInput>(
  config: R,
  { limit = 'requests' }: { limit?: 'requests' | 'failures' } = {},
) {
  const limiter = config.method === 'get' ? 'publicGet' : 'sensitivePost';
  const middleware: MiddlewareHandler<AppEnv>[] = limit === 'failures' ? [] : [limitByIp(limiter)];
  return createRoute({
    ...config,
    'x-service-api-key': 'read',
    'x-public': true,
    security: [],
    middleware,
    responses: { ...publicErrors, ...config.responses },
  });
}

const contentErrors = {
  304: { description: 'Not modified: `If-None-Match` matched the current `ETag` (no body)' },
  400: protectedErrors[400],
  401: {
    description:
      'Missing or malformed Authorization, anything but a content key (a session token, an API key `aik_…`, an agent token: `UNAUTHORIZED`, "needs a content key (cak_…)"), an unknown content key (`UNAUTHORIZED`) or a revoked one (`API_KEY_REVOKED`)',
    content: errorContent,
  },
  404: protectedErrors[404],
  429: protectedErrors[429],
  500: protectedErrors[500],
} as const;

/**
 * Defines an operation of the content API (`/content/*`, a company's public site reading its
 * published content): only a live content key (`cak_…`, security scheme `contentKeyAuth`) opens it,
 * limited per key (`contentKey`). API keys cannot call it (`x-service-api-key: forbidden`; they get
 * 401 like sessions and agent tokens), nor agents; `x-content-key: true` marks it. GET only: a
 * content key reads.
 */
export function contentRoute<const R extends RouteInput>(config: R) {
  if (config.method !== 'get') throw new Error(`${config.path}: content API operations are GETs`);
  return createRoute({
    ...config,
    'x-service-api-key': 'forbidden',
    'x-service-agent-token': false,
    'x-content-key': true,
    security: [{ contentKeyAuth: [] }],
    middleware: [requireContentKey()] as const,
    responses: { ...contentErrors, ...config.responses },
  });
}

/** A JSON response entry for a route's `responses`. */
export const jsonResponse = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A UUID path parameter, documented as such; malformed values answer 400. */
export const uuidParam = (name: string) =>
  z.uuid().openapi({ param: { name, in: 'path' }, example: '0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10' });

export const SuccessSchema = z.object({ success: z.boolean() }).openapi('Success');

/**
 * `limit` (1..`max`, default `fallback`) and `offset` (≥ 0, default 0) query parameters of a
 * plain-array list. With `cap`, a `limit` above `max` is served as `max` instead of refused (the
 * spec's marketing-content lists are "capped at its maximum"); below 1 or not an integer stays 400.
 */
export const pageQuery = (max: number, fallback: number, { cap = false }: { cap?: boolean } = {}) =>
  z.object({
    limit: cap
      ? z.coerce
          .number()
          .int()
          .min(1)
          .default(fallback)
          .transform((limit) => Math.min(limit, max))
          .openapi({
            param: { name: 'limit', in: 'query' },
            description: `At least 1, default ${fallback}; a value above ${max} is capped at ${max}.`,
          })
      : z.coerce
          .number()
          .int()
          .min(1)
          .max(max)
          .default(fallback)
          .openapi({ param: { name: 'limit', in: 'query' }, description: `1..${max}, default ${fallback}.` }),
    offset: z.coerce
      .number()
      .int()
      .min(0)
      .max(1_000_000)
      .default(0)
      .openapi({ param: { name: 'offset', in: 'query' }, description: 'Rows to skip, default 0.' }),
  });
