/** The operations on sessions with agents, their messages and feedback, and a board's delegations. */
import { z } from '@hono/zod-openapi';
import { jsonResponse, pageQuery, protectedRoute, uuidParam } from '../../http/route.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';
import { agentParams, conflictResponse, errorContent, jsonBody, tags } from './route-parts.ts';
import {
  ActivityInputSchema,
  AgentMessageSchema,
  AgentSessionSchema,
  DelegationSchema,
  FeedbackSchema,
  MAX_ACTIVITY_PER_REQUEST,
  MAX_MESSAGE_CHARS,
} from './schemas.ts';

const sessionParams = z.object({ agentId: uuidParam('agentId'), sessionId: uuidParam('sessionId') });
const messageParams = sessionParams.extend({ messageId: uuidParam('messageId') });
const feedbackParams = z.object({ agentId: uuidParam('agentId'), messageId: uuidParam('messageId') });
const unavailable = conflictResponse('The agent is paused or completed (`AGENT_UNAVAILABLE`)');

/** What mentions in chat messages do (createAgentSession, postAgentMessage). */
const CHAT_MENTIONS_NOTE =
  'Mentions are written in `text`: `@[Name](person:<userId>)` for a person, `@[Name](agent:<agentId>)` for an agent (at most 20 distinct); an id that is not a person (or agent) of the company — unknown, of another company — is 400 `VALIDATION_ERROR` on `text`, and nothing is written. Only the session’s person sees a session, so only a mention of them notifies (`mention`, never the message’s own author: in practice an agent’s reply naming its person); mentions of other people are valid but notify nobody, and a mentioned agent is handed nothing (mention agents in card or wiki comments to hand them work).';

const sessionRule =
  'A chat session is visible to the person who opened it and to the agent only (404 for anyone else); a delegated card’s session to every member.';
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
