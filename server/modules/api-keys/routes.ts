import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';

/** Active keys one user may hold at once. */
export const MAX_ACTIVE_KEYS = 50;

export const ApiKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    scope: z.enum(['read', 'write']),
    prefix: z
      .string()
      .openapi({ description: 'The first characters of the secret, to tell keys apart.', example: 'aik_Xk3p9Q' }),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().nullable().openapi({ description: 'Null: never expires.' }),
    lastUsedAt: z.iso.datetime().nullable(),
    expired: z
      .boolean()
      .openapi({ description: 'True once `expiresAt` has passed; the key then answers 401 `API_KEY_EXPIRED`.' }),
  })
  .openapi('ApiKey');

const CreateApiKeyBody = z
  .object({
    name: z.string().trim().min(1).max(100).openapi({ example: 'CI pipeline' }),
    scope: z.enum(['read', 'write']).openapi({
      description:
        '`read`: GET operations only. `write`: everything its user can, except operations forbidden to keys.',
    }),
    expiresInDays: z
      .union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: 'must be 30, 90, 365 or null' })
      .openapi({ description: 'Lifetime in days: 30, 90 or 365, or null for a key that never expires. Required.' }),
  })
  .openapi('CreateApiKeyRequest');

const CreatedApiKeySchema = ApiKeySchema.extend({
  secret: z.string().openapi({ description: 'The key itself (`aik_…`). Shown once: only its hash is stored.' }),
}).openapi('CreatedApiKey');

const tags = ['API keys'];
const keysOnly =
  'Needs a signed-in session: every `/users/api-keys` operation answers 403 `API_KEY_FORBIDDEN` to a key.';

export const listApiKeysRoute = protectedRoute('forbidden', {
  method: 'get',
  path: '/users/api-keys',
  operationId: 'listApiKeys',
  tags,
  summary: "The caller's API keys (revoked ones are gone)",
  description: keysOnly,
  responses: { 200: jsonResponse(z.object({ apiKeys: z.array(ApiKeySchema) }).openapi('ApiKeyList'), 'Newest first') },
});

export const createApiKeyRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/users/api-keys',
  operationId: 'createApiKey',
  tags,
  summary: 'Create an API key (company admins)',
  description: `${keysOnly} Members and users without a company get 403 \`FORBIDDEN\`. At most ${MAX_ACTIVE_KEYS} active keys per user (409 \`CONFLICT\` beyond).`,
  request: { body: { required: true, content: { 'application/json': { schema: CreateApiKeyBody } } } },
  responses: {
    201: jsonResponse(CreatedApiKeySchema, 'Created; the secret is in this response only'),
    409: jsonResponse(ErrorEnvelope, 'Too many active keys (`CONFLICT`)'),
  },
});

export const revokeApiKeyRoute = protectedRoute('forbidden', {
  method: 'delete',
  path: '/users/api-keys/{keyId}',
  operationId: 'revokeApiKey',
  tags,
  summary: 'Revoke one of your API keys',
  description: `${keysOnly} The key answers 401 \`API_KEY_REVOKED\` from then on. Someone else's key, or one already revoked, is 404.`,
  request: { params: z.object({ keyId: uuidParam('keyId') }) },
  responses: { 200: jsonResponse(SuccessSchema, 'Revoked') },
});
