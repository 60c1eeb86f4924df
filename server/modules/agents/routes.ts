/** The agents' operations: the agents themselves, their tokens, activity, feedback and event stream. */
import { z } from '@hono/zod-openapi';
import { baseVersionField, editConflictResponse, editConflictSchema } from '../../http/edit-check.ts';
import { jsonResponse, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';
import { LiveStreamMessageSchema } from '../../events/catalog.ts';
import { EventStreamHeaders } from '../../events/sse.ts';
import { ActivityPageQuery, ActivityPageSchema } from '../activity/index.ts';
import { agentParams, conflictResponse, jsonBody, tags } from './route-parts.ts';
import {
  AGENT_STATUSES,
  AgentSchema,
  AgentTokenSchema,
  CreatedAgentTokenSchema,
  FeedbackSummarySchema,
} from './schemas.ts';
import { MemberRefInput } from '../organization/index.ts';

const tokenParams = z.object({ agentId: uuidParam('agentId'), tokenId: uuidParam('tokenId') });

const Name = z.string().trim().min(1).max(80);
const Role = z.string().trim().max(120);
const Description = z.string().trim().max(2000);

const manageRule =
  'For company admins and the person responsible for the agent (403 `FORBIDDEN` for other members); keys get 403 `API_KEY_FORBIDDEN`.';

export const listAgentsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents',
    operationId: 'listAgents',
    tags,
    summary: 'The company’s agents',
    description:
      'A plain array, by name. Completed agents are included, flagged `archived`; filter with `status`, `teamId` and `q` (a part of the name, accents and case ignored).',
    request: {
      query: z.object({
        status: z
          .enum(AGENT_STATUSES)
          .optional()
          .openapi({ param: { name: 'status', in: 'query' } }),
        teamId: z
          .uuid()
          .optional()
          .openapi({ param: { name: 'teamId', in: 'query' } }),
        q: z
          .string()
          .trim()
          .min(1)
          .max(100)
          .optional()
          .openapi({ param: { name: 'q', in: 'query' } }),
      }),
    },
    responses: { 200: jsonResponse(z.array(AgentSchema), 'The agents') },
  },
  { agents: true },
);

export const getCurrentAgentRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/me',
    operationId: 'getCurrentAgent',
    tags,
    summary: 'The agent an agent token acts as',
    description: 'For agent tokens; anyone else gets 404.',
    responses: { 200: jsonResponse(AgentSchema, 'The agent') },
  },
  { agents: true },
);

export const getAgentRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}',
    operationId: 'getAgent',
    tags,
    summary: 'An agent of the company',
    request: { params: agentParams },
    responses: { 200: jsonResponse(AgentSchema, 'The agent') },
  },
  { agents: true },
);

export const createAgentRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents',
  operationId: 'createAgent',
  tags,
  summary: 'Create an agent (admins)',
  description:
    '`responsible` defaults to the admin creating it. An agent given an agent as responsible must keep a person at the end of its chain: 409 `ORG_NO_HUMAN_MANAGER` otherwise.',
  request: {
    body: jsonBody(
      z
        .object({
          name: Name,
          role: Role.optional(),
          description: Description.optional(),
          teamId: z.uuid().nullable().optional(),
          responsible: MemberRefInput.nullable().optional(),
        })
        .strict()
        .openapi('CreateAgentRequest'),
    ),
  },
  responses: {
    201: jsonResponse(AgentSchema, 'The new agent'),
    ...conflictResponse('No person at the end of the chain (`ORG_NO_HUMAN_MANAGER`)'),
  },
});

const AgentEditConflictSchema = editConflictSchema('AgentEditConflict', 'agent', AgentSchema);

export const updateAgentRoute = protectedRoute('write', {
  method: 'patch',
  path: '/agents/{agentId}',
  operationId: 'updateAgent',
  tags,
  summary: 'Edit an agent (admins)',
  description:
    'Name, role, description, team and the one responsible for it. The team and responsible member follow the organization’s rules (as `PATCH /organization/agents/{agentId}`).',
  request: {
    params: agentParams,
    body: jsonBody(
      z
        .object({
          name: Name.optional(),
          role: Role.optional(),
          description: Description.optional(),
          teamId: z.uuid().nullable().optional(),
          responsible: MemberRefInput.nullable().optional(),
          baseVersion: baseVersionField('agent'),
        })
        .strict()
        .refine((body) => Object.keys(body).some((key) => key !== 'baseVersion'), {
          message: 'Give at least one field to change',
        })
        .openapi('UpdateAgentRequest'),
    ),
  },
  responses: {
    200: jsonResponse(AgentSchema, 'The agent'),
    ...conflictResponse('No person at the end of the chain (`ORG_NO_HUMAN_MANAGER`)'),
    ...editConflictResponse(AgentEditConflictSchema),
  },
});

export const setAgentStatusRoute = protectedRoute('write', {
  method: 'put',
  path: '/agents/{agentId}/status',
  operationId: 'setAgentStatus',
  tags,
  summary: 'Pause, resume or complete an agent (admins)',
  description:
    'A paused or completed agent receives no new work (its stream gets `agent.status.changed`); what it is doing is not stopped.',
  request: {
    params: agentParams,
    body: jsonBody(
      z
        .object({ status: z.enum(AGENT_STATUSES) })
        .strict()
        .openapi('SetAgentStatusRequest'),
    ),
  },
  responses: { 200: jsonResponse(AgentSchema, 'The agent') },
});

export const listAgentActivityRoute = protectedRoute('read', {
  method: 'get',
  path: '/agents/{agentId}/activity',
  operationId: 'listAgentActivity',
  tags,
  summary: 'What an agent did on the company’s cards, newest first',
  description:
    'The card and comment changes the agent made with its tokens (as `GET /users/me/activity` shows them), from the event history (14 days). Page back with `before`. Any member of the company.',
  request: { params: agentParams, query: ActivityPageQuery },
  responses: { 200: jsonResponse(ActivityPageSchema, 'Newest first') },
});

export const listAgentTokensRoute = protectedRoute('forbidden', {
  method: 'get',
  path: '/agents/{agentId}/tokens',
  operationId: 'listAgentTokens',
  tags,
  summary: 'An agent’s tokens, revoked ones included',
  description: `Newest first. ${manageRule}`,
  request: { params: agentParams },
  responses: { 200: jsonResponse(z.array(AgentTokenSchema), 'The tokens') },
});

export const createAgentTokenRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/agents/{agentId}/tokens',
  operationId: 'createAgentToken',
  tags,
  summary: 'Mint a token for an agent (shown once)',
  description: `The secret (\`agt_…\`) is in this answer only; only its hash is kept. A request with it acts as the agent. At most 20 live tokens per agent (409). Minting is forbidden to every key (spec, Authentication 6). ${manageRule}`,
  request: {
    params: agentParams,
    body: jsonBody(
      z
        .object({
          name: Name.openapi({ example: 'Runner on build-1' }),
          expiresInDays: z
            .union([z.literal(30), z.literal(90), z.literal(365), z.null()], { error: 'must be 30, 90, 365 or null' })
            .optional()
            .openapi({ description: 'Lifetime in days: 30, 90 or 365; null or absent: never expires.' }),
        })
        .strict()
        .openapi('CreateAgentTokenRequest'),
    ),
  },
  responses: {
    201: jsonResponse(CreatedAgentTokenSchema, 'The token, with its secret'),
    ...conflictResponse('The agent holds 20 live tokens already (`CONFLICT`)'),
  },
});

export const revokeAgentTokenRoute = protectedRoute('forbidden', {
  method: 'delete',
  path: '/agents/{agentId}/tokens/{tokenId}',
  operationId: 'revokeAgentToken',
  tags,
  summary: 'Revoke an agent token',
  description: `It answers 401 \`AGENT_TOKEN_REVOKED\` from now on, and event streams opened with it end. ${manageRule}`,
  request: { params: tokenParams },
  responses: { 200: jsonResponse(SuccessSchema, 'Revoked') },
});

export const getAgentFeedbackRoute = protectedRoute('read', {
  method: 'get',
  path: '/agents/{agentId}/feedback',
  operationId: 'getAgentFeedback',
  tags,
  summary: 'Thumbs up and down on the agent’s replies',
  description:
    'The counts, and the 50 most recent with their comments and who gave them (not the conversations). For company admins and the person responsible for the agent.',
  request: { params: agentParams },
  responses: { 200: jsonResponse(FeedbackSummarySchema, 'The feedback') },
});

export const streamAgentEventsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/events',
    operationId: 'streamAgentEvents',
    tags,
    summary: 'The agent’s work, live (Server-Sent Events)',
    description: [
      'A `text/event-stream` like `GET /notifications/sse` (Bearer header; `ready` first; a `: ping` comment at least every 15 s; event ids and `Last-Event-ID` replay), carrying what the agent must act on: `agent.session.message`, `agent.card.delegated`, `agent.session.stopped`, `agent.status.changed`, `agent.file.granted`. Events carry ids: read the content through the API.',
      'Open to the agent’s own tokens (another agent’s: 404), and to company admins and the person responsible for the agent, who may watch it (403 for other members); a key of such a person works too.',
    ].join('\n\n'),
    request: {
      params: agentParams,
      headers: EventStreamHeaders,
    },
    responses: {
      200: {
        description: 'The event stream: `ready`, then the agent’s events.',
        content: { 'text/event-stream': { schema: LiveStreamMessageSchema } },
      },
    },
  },
  { agents: true },
);
