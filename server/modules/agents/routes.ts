import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, pageQuery, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';
import { LiveStreamMessageSchema } from '../../events/catalog.ts';
import { EventStreamHeaders } from '../../events/sse.ts';
import { ActivityPageQuery, ActivityPageSchema } from '../activity/index.ts';
import {
  ActivityInputSchema,
  AGENT_STATUSES,
  AgentMessageSchema,
  AgentSchema,
  AgentSessionSchema,
  AgentTokenSchema,
  CreatedAgentTokenSchema,
  DelegationSchema,
  FeedbackSchema,
  FeedbackSummarySchema,
  MAX_ACTIVITY_PER_REQUEST,
  MAX_MESSAGE_CHARS,
} from './schemas.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';

const tags = ['Agents'];
const agentParams = z.object({ agentId: uuidParam('agentId') });
const tokenParams = z.object({ agentId: uuidParam('agentId'), tokenId: uuidParam('tokenId') });
const sessionParams = z.object({ agentId: uuidParam('agentId'), sessionId: uuidParam('sessionId') });
const messageParams = sessionParams.extend({ messageId: uuidParam('messageId') });
const feedbackParams = z.object({ agentId: uuidParam('agentId'), messageId: uuidParam('messageId') });

const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const conflictResponse = (description: string) => ({ 409: { description, content: errorContent } });
const unavailable = conflictResponse('The agent is paused or completed (`AGENT_UNAVAILABLE`)');

const MemberRefInput = z
  .object({ kind: z.enum(['human', 'agent']), id: z.uuid() })
  .strict()
  .openapi('MemberRefInput');

const Name = z.string().trim().min(1).max(80);
const Role = z.string().trim().max(120);
const Description = z.string().trim().max(2000);

const manageRule =
  'For company admins and the person responsible for the agent (403 `FORBIDDEN` for other members); keys get 403 `API_KEY_FORBIDDEN`.';
/** What mentions in chat messages do (createAgentSession, postAgentMessage). */
const CHAT_MENTIONS_NOTE =
  'Mentions are written in `text`: `@[Name](person:<userId>)` for a person, `@[Name](agent:<agentId>)` for an agent (at most 20 distinct); an id that is not a person (or agent) of the company — unknown, of another company — is 400 `VALIDATION_ERROR` on `text`, and nothing is written. Only the session’s person sees a session, so only a mention of them notifies (`mention`, never the message’s own author: in practice an agent’s reply naming its person); mentions of other people are valid but notify nobody, and a mentioned agent is handed nothing (mention agents in card or wiki comments to hand them work).';

const sessionRule =
  'A chat session is visible to the person who opened it and to the agent only (404 for anyone else); a delegated card’s session to every member.';

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
        })
        .strict()
        .refine((body) => Object.keys(body).length > 0, { message: 'Give at least one field to change' })
        .openapi('UpdateAgentRequest'),
    ),
  },
  responses: {
    200: jsonResponse(AgentSchema, 'The agent'),
    ...conflictResponse('No person at the end of the chain (`ORG_NO_HUMAN_MANAGER`)'),
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

export const listAgentSessionsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agent-sessions',
    operationId: 'listAgentSessions',
    tags,
    summary: 'The caller’s own sessions with agents',
    description:
      'A plain array, most recently active first: the sessions the caller opened or delegated (an agent token: the agent’s own). Page with `limit` and `offset`.',
    request: {
      query: pageQuery(100, 30).extend({
        agentId: z
          .uuid()
          .optional()
          .openapi({ param: { name: 'agentId', in: 'query' }, description: 'Only the sessions with this agent.' }),
      }),
    },
    responses: { 200: jsonResponse(z.array(AgentSessionSchema), 'The sessions') },
  },
  { agents: true },
);

export const createAgentSessionRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/sessions',
  operationId: 'createAgentSession',
  tags,
  summary: 'Open a chat session with an agent',
  description: `With the first message, which becomes its title (renamable) and goes to the agent’s stream. The session is private to the caller and the agent.\n\n${CHAT_MENTIONS_NOTE}`,
  request: {
    params: agentParams,
    body: jsonBody(
      z
        .object({ text: z.string().min(1).max(MAX_MESSAGE_CHARS).openapi({ description: '1..20,000 characters.' }) })
        .strict()
        .refine((body) => body.text.trim().length > 0, { message: 'must not be blank', path: ['text'] })
        .openapi('CreateAgentSessionRequest'),
    ),
  },
  responses: {
    201: jsonResponse(
      z.object({ session: AgentSessionSchema, message: AgentMessageSchema }).openapi('CreatedAgentSession'),
      'The session and its first message',
    ),
    ...unavailable,
  },
});

export const getAgentSessionRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/sessions/{sessionId}',
    operationId: 'getAgentSession',
    tags,
    summary: 'A session',
    description: sessionRule,
    request: { params: sessionParams },
    responses: { 200: jsonResponse(AgentSessionSchema, 'The session') },
  },
  { agents: true },
);

export const updateAgentSessionRoute = protectedRoute(
  'write',
  {
    method: 'patch',
    path: '/agents/{agentId}/sessions/{sessionId}',
    operationId: 'updateAgentSession',
    tags,
    summary: 'Rename a session (its person), or report delegated work done or failed (the agent)',
    description: `${sessionRule} \`title\` is for the session’s person; \`status\` for the agent (409 \`SESSION_STOPPED\` on a stopped session). ${agentCostNote('write')}`,
    request: {
      params: sessionParams,
      body: jsonBody(
        z
          .object({
            title: z.string().trim().min(1).max(200).optional(),
            status: z.enum(['completed', 'failed']).optional(),
          })
          .strict()
          .refine((body) => body.title !== undefined || body.status !== undefined, {
            message: 'Give title or status',
          })
          .openapi('UpdateAgentSessionRequest'),
      ),
    },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(AgentSessionSchema, 'The session'),
      ...conflictResponse('The session was stopped (`SESSION_STOPPED`)'),
    },
  },
  { agents: true },
);

export const listAgentMessagesRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/agents/{agentId}/sessions/{sessionId}/messages',
    operationId: 'listAgentMessages',
    tags,
    summary: 'A session’s messages, oldest first',
    description: `A plain array; page with \`limit\` and \`offset\` until a short page. Agent replies carry the caller’s own \`feedback\`. ${sessionRule}`,
    request: { params: sessionParams, query: pageQuery(200, 100) },
    responses: { 200: jsonResponse(z.array(AgentMessageSchema), 'The messages') },
  },
  { agents: true },
);

export const postAgentMessageRoute = protectedRoute(
  'write',
  {
    method: 'post',
    path: '/agents/{agentId}/sessions/{sessionId}/messages',
    operationId: 'postAgentMessage',
    tags,
    summary: 'Write in a session: a person’s message, or the agent’s reply',
    description: [
      `${sessionRule}`,
      'A person (the session’s own; for a delegated card, the accountable person — 403 for other members) sends `text` (1..20,000 characters): the session becomes `working` and the agent’s stream gets `agent.session.message`. 409 `AGENT_UNAVAILABLE` when the agent is paused or completed.',
      'The agent sends its reply: `text` (0..20,000), `activity` (its steps, at most 50 per request) and `done` (default true). With `done: false` the reply is `streaming`: append to it with `PATCH …/messages/{messageId}` and finish it there. 409 `SESSION_STOPPED` once the person stopped the session.',
      CHAT_MENTIONS_NOTE,
      'A reply that mentions the session’s person notifies them when it is finished: at once with `done` true (the default), else when `PATCH …/messages/{messageId}` sets its `status`.',
      agentCostNote('reply'),
    ].join('\n\n'),
    request: {
      params: sessionParams,
      body: jsonBody(
        z
          .object({
            text: z.string().max(MAX_MESSAGE_CHARS).optional().openapi({ description: 'At most 20,000 characters.' }),
            activity: z.array(ActivityInputSchema).max(MAX_ACTIVITY_PER_REQUEST).optional(),
            done: z.boolean().optional(),
          })
          .strict()
          .openapi('PostAgentMessageRequest'),
      ),
    },
    responses: {
      ...creditsExhaustedResponse,
      201: jsonResponse(AgentMessageSchema, 'The message'),
      409: {
        description:
          'The agent is paused or completed (`AGENT_UNAVAILABLE`), or the session was stopped (`SESSION_STOPPED`)',
        content: errorContent,
      },
    },
  },
  { agents: true },
);

export const updateAgentMessageRoute = protectedRoute(
  'write',
  {
    method: 'patch',
    path: '/agents/{agentId}/sessions/{sessionId}/messages/{messageId}',
    operationId: 'updateAgentMessage',
    tags,
    summary: 'The agent appends to its streaming reply, and finishes it',
    description:
      'For the agent’s own token; people get 404 (the reply is not theirs to write). `append` adds text (the reply stays within 20,000 characters: 400 beyond), `activity` adds steps, `status` finishes it (`complete` or `error`). Each piece reaches the session’s readers at once as `agent.message.appended`. 409 `MESSAGE_FINISHED` when the reply is no longer streaming, `SESSION_STOPPED` when the session was stopped. Free: continuing a reply costs no credits (the agent’s reply was charged once, when `POST …/messages` opened it), so a streamed reply costs what a reply sent in one piece does.\n\nMentions (see `POST …/messages`) are checked on the reply’s whole text as it would be after the piece, whenever the piece completes a mention the reply did not hold yet (a mention split across pieces is checked once it is whole): 400 `VALIDATION_ERROR` on `append` and nothing is written, so a reply never holds an unchecked mention. When `status` finishes the reply (`complete` or `error`), the session’s person is notified if the whole text mentions them, once (`mention`); a reply stopped by its person notifies nobody.',
    request: {
      params: messageParams,
      body: jsonBody(
        z
          .object({
            append: z.string().min(1).max(MAX_MESSAGE_CHARS).optional(),
            activity: z.array(ActivityInputSchema).max(MAX_ACTIVITY_PER_REQUEST).optional(),
            status: z.enum(['complete', 'error']).optional(),
          })
          .strict()
          .refine((body) => body.append !== undefined || body.activity !== undefined || body.status !== undefined, {
            message: 'Give append, activity or status',
          })
          .openapi('UpdateAgentMessageRequest'),
      ),
    },
    responses: {
      200: jsonResponse(AgentMessageSchema, 'The reply'),
      409: {
        description: 'The reply is finished (`MESSAGE_FINISHED`) or the session stopped (`SESSION_STOPPED`)',
        content: errorContent,
      },
    },
  },
  { agents: true },
);

export const stopAgentSessionRoute = protectedRoute('write', {
  method: 'post',
  path: '/agents/{agentId}/sessions/{sessionId}/stop',
  operationId: 'stopAgentSession',
  tags,
  summary: 'Stop the agent in a session',
  description: `At once, whether or not the agent is listening: a streaming reply ends \`stopped\`, a \`system\` message says who stopped it, the session becomes \`stopped\` and the agent’s stream gets \`agent.session.stopped\`. The agent’s writes to it are refused until the person writes again. Stopping a stopped session changes nothing. For the session’s person; a delegated card’s also for company admins. ${sessionRule}`,
  request: { params: sessionParams },
  responses: { 200: jsonResponse(AgentSessionSchema, 'The stopped session') },
});

export const setAgentMessageFeedbackRoute = protectedRoute('write', {
  method: 'put',
  path: '/agents/{agentId}/messages/{messageId}/feedback',
  operationId: 'setAgentMessageFeedback',
  tags,
  summary: 'Thumbs up or down on an agent reply',
  description:
    'One per person per reply: a new one replaces the caller’s previous one. On agent replies only (400 on a person’s or system message); a message of a session the caller cannot see, or of another agent, is 404.',
  request: {
    params: feedbackParams,
    body: jsonBody(
      z
        .object({
          rating: z.enum(['up', 'down']),
          comment: z
            .string()
            .max(2000)
            .nullable()
            .optional()
            .openapi({ description: 'Why, at most 2,000 characters.' }),
        })
        .strict()
        .openapi('SetAgentMessageFeedbackRequest'),
    ),
  },
  responses: { 200: jsonResponse(FeedbackSchema, 'The caller’s feedback') },
});

export const deleteAgentMessageFeedbackRoute = protectedRoute('write', {
  method: 'delete',
  path: '/agents/{agentId}/messages/{messageId}/feedback',
  operationId: 'deleteAgentMessageFeedback',
  tags,
  summary: 'Remove the caller’s thumbs up or down from an agent reply',
  description: 'Idempotent (spec): `{ok: true}` also when there was none.',
  request: { params: feedbackParams },
  responses: {
    200: jsonResponse(z.object({ ok: z.boolean() }).openapi('AgentFeedbackDeleted'), 'Removed, or there was none'),
  },
});

export const listProjectDelegationsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/delegations',
    operationId: 'listProjectDelegations',
    tags,
    summary: 'The cards of a board delegated to agents, with their sessions',
    description:
      'A plain array: for each card of the board assigned to an agent now, its latest session with that agent (status, accountable person). Cards assigned without a session (by an agent, or before delegation existed) are not listed.',
    request: { params: z.object({ projectId: uuidParam('projectId') }) },
    responses: { 200: jsonResponse(z.array(DelegationSchema), 'The delegations') },
  },
  { agents: true },
);

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
