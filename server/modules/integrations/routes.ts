import { z } from '@hono/zod-openapi';
import { editConflictResponse } from '../../http/edit-check.ts';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';
import {
  ConnectionSchema,
  CreateConnectionInput,
  CreateGrantInput,
  GrantCredentialsSchema,
  GrantSchema,
  GrantWithConnectionSchema,
  ProviderSchema,
  UpdateConnectionInput,
  ConnectionEditConflictSchema,
  UpdateGrantInput,
} from './schemas.ts';

const tags = ['Integrations'];
const connectionParams = z.object({ connectionId: uuidParam('connectionId') });
const agentParams = z.object({ agentId: uuidParam('agentId') });
const grantParams = z.object({ agentId: uuidParam('agentId'), grantId: uuidParam('grantId') });
const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const conflict = (description: string) => ({ 409: { description, content: errorContent } });

const connectionRule =
  'Company connections are changed by company admins (403 `FORBIDDEN` for members); a personal connection by its owner only (404 for anyone else).';
const grantRule =
  'For company admins (company connections and their own personal ones) and the agent’s responsible person (their own personal connections only); 403 `FORBIDDEN` otherwise.';

export const listProvidersRoute = protectedRoute('read', {
  method: 'get',
  path: '/integrations/providers',
  operationId: 'listIntegrationProviders',
  tags,
  summary: 'The tools that can be connected',
  description: 'Each provider with the credential fields a connection to it needs.',
  responses: { 200: jsonResponse(z.array(ProviderSchema), 'The providers') },
});

export const listConnectionsRoute = protectedRoute('read', {
  method: 'get',
  path: '/integrations/connections',
  operationId: 'listIntegrationConnections',
  tags,
  summary: 'Connections of the company and your own',
  description:
    'The company’s connections and the caller’s personal ones (a plain array; active first by name, disconnected last). Credentials are never returned, only the names of their fields.',
  responses: { 200: jsonResponse(z.array(ConnectionSchema), 'The connections') },
});

export const createConnectionRoute = protectedRoute('write', {
  method: 'post',
  path: '/integrations/connections',
  operationId: 'createIntegrationConnection',
  tags,
  summary: 'Connect a tool',
  description:
    'Stores the credentials sealed (AES-256-GCM with the server’s `CREDENTIALS_KEY`) and never returns them. `ownership: company` (default) is for company admins; any member may add a `personal` connection, seen by them only. 400 names a missing or unknown credential field (`credentials.token`) or an unknown provider.',
  request: { body: jsonBody(CreateConnectionInput) },
  responses: { 201: jsonResponse(ConnectionSchema, 'The connection') },
});

export const updateConnectionRoute = protectedRoute('write', {
  method: 'patch',
  path: '/integrations/connections/{connectionId}',
  operationId: 'updateIntegrationConnection',
  tags,
  summary: 'Rename a connection, replace its credentials or set its status',
  description: `${connectionRule} New credentials make it \`active\` again. A disconnected connection cannot be changed (409 \`CONNECTION_REVOKED\`).`,
  request: { params: connectionParams, body: jsonBody(UpdateConnectionInput) },
  responses: {
    200: jsonResponse(ConnectionSchema, 'The connection'),
    ...conflict('The connection was disconnected (`CONNECTION_REVOKED`)'),
    ...editConflictResponse(ConnectionEditConflictSchema),
  },
});

export const revokeConnectionRoute = protectedRoute('write', {
  method: 'delete',
  path: '/integrations/connections/{connectionId}',
  operationId: 'disconnectIntegrationConnection',
  tags,
  summary: 'Disconnect a tool',
  description: `${connectionRule} Its status becomes \`revoked\`, its credentials are erased and its grants no longer apply (they stay listed, \`connection_unavailable\`). Disconnecting twice is harmless.`,
  request: { params: connectionParams },
  responses: { 200: jsonResponse(ConnectionSchema, 'The disconnected connection') },
});

export const listGrantsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/integration-grants',
    operationId: 'listAgentIntegrationGrants',
    tags,
    summary: 'An agent’s integration grants',
    description:
      'Every member of the company may see what an agent may use; an agent token, its own grants only (404 for another agent). Each grant carries its `connection` joined (on this list only, as the spec says).',
    request: { params: agentParams },
    responses: { 200: jsonResponse(z.array(GrantWithConnectionSchema), 'The grants, by connection name') },
  },
  { agents: true },
);

export const createGrantRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/integration-grants',
  operationId: 'createAgentIntegrationGrant',
  tags,
  summary: 'Grant an agent a connection',
  description: `${grantRule} \`grantedBy\` is the caller. One grant per agent and connection (409 \`GRANT_EXISTS\`); a disconnected or expired connection cannot be granted (409).`,
  request: { params: agentParams, body: jsonBody(CreateGrantInput) },
  responses: {
    201: jsonResponse(GrantSchema, 'The grant (without the joined connection)'),
    ...conflict(
      'A grant for this connection exists (`GRANT_EXISTS`), or the connection is disconnected (`CONNECTION_REVOKED`) or expired (`CONNECTION_UNAVAILABLE`)',
    ),
  },
});

export const updateGrantRoute = protectedRoute('write', {
  method: 'patch',
  path: '/agents/{agentId}/integration-grants/{grantId}',
  operationId: 'updateAgentIntegrationGrant',
  tags,
  summary: 'Change a grant’s constraints',
  description: `${grantRule} The body is \`{constraints}\` only (other fields are refused, not ignored); the object is bounded — 8 KiB as JSON, 6 levels, 200 keys, keys up to 100 and strings up to 2,000 characters, no \`__proto__\`, \`constructor\` or \`prototype\` keys — and a 400 names the offending path (\`constraints.repositories.0\`).`,
  request: { params: grantParams, body: jsonBody(UpdateGrantInput) },
  responses: { 200: jsonResponse(GrantSchema, 'The grant (without the joined connection)') },
});

export const revokeGrantRoute = protectedRoute('write', {
  method: 'delete',
  path: '/agents/{agentId}/integration-grants/{grantId}',
  operationId: 'revokeAgentIntegrationGrant',
  tags,
  summary: 'Revoke a grant',
  description: `${grantRule} The agent is told on its stream (\`agent.integration.revoked\`).`,
  request: { params: grantParams },
  responses: { 200: jsonResponse(SuccessSchema, 'Revoked') },
});

export const redeemGrantRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/integration-grants/{grantId}/credentials',
    operationId: 'redeemAgentIntegrationGrant',
    tags,
    summary: 'The agent reads a granted connection’s credentials',
    description:
      'For the agent’s own token only (a person, with a session or a key, gets 404): the connection’s credentials with the grant’s scope, allowed tools and constraints, which the agent applies when it calls the tool. Refused with 409 `GRANT_EXPIRED` past the grant’s `expiresAt`, and 409 `CONNECTION_UNAVAILABLE` while the connection is in error, expired or disconnected. Sets the grant’s `lastUsedAt`.',
    request: { params: grantParams },
    responses: {
      200: jsonResponse(GrantCredentialsSchema, 'The credentials and the limits of the grant'),
      ...conflict('The grant has expired (`GRANT_EXPIRED`) or the connection is not usable (`CONNECTION_UNAVAILABLE`)'),
    },
  },
  { agents: true },
);
