import { z } from '@hono/zod-openapi';
import { versionField } from '../../http/edit-check.ts';

/** Longest chat message, and longest agent reply (spec of the issue: 1..20,000 characters). */
export const MAX_MESSAGE_CHARS = 20_000;
/** Activity items one request may add, and one reply may hold. */
export const MAX_ACTIVITY_PER_REQUEST = 50;
export const MAX_ACTIVITY_PER_MESSAGE = 500;
/** Live tokens one agent may hold at once. */
export const MAX_ACTIVE_TOKENS = 20;

const PersonRefSchema = z.object({ id: z.uuid(), name: z.string() }).openapi('PersonRef');

export const MemberRefWithNameSchema = z
  .object({ kind: z.enum(['human', 'agent']), id: z.uuid(), name: z.string() })
  .openapi('NamedMemberRef');

export const AGENT_STATUSES = ['active', 'paused', 'completed'] as const;

export const AgentSchema = z
  .object({
    id: z.uuid(),
    version: versionField('agent'),
    name: z.string(),
    role: z.string(),
    description: z.string(),
    status: z.enum(AGENT_STATUSES).openapi({
      description:
        '`active`: takes work. `paused`: receives no new work (messages and delegations are refused with 409 `AGENT_UNAVAILABLE`) until resumed. `completed`: its job is done; it receives no new work and is listed flagged `archived`.',
    }),
    archived: z.boolean().openapi({ description: 'True for a completed agent.' }),
    teamId: z.uuid().nullable(),
    responsible: z.union([MemberRefWithNameSchema, z.null()]).openapi({
      description: 'The person (or agent) responsible for it; an agent’s chain must end at a person.',
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    lastActiveAt: z.iso.datetime().nullable().openapi({
      description: 'When one of its tokens was last used (to within a minute); null if never.',
    }),
    canManage: z.boolean().openapi({
      description:
        'Whether the caller is a company admin or the person responsible for the agent: they may mint its tokens, see its feedback and watch its event stream.',
    }),
  })
  .openapi('Agent');

export const AgentTokenSchema = z
  .object({
    id: z.uuid(),
    agentId: z.uuid(),
    name: z.string(),
    prefix: z.string().openapi({ description: 'The first characters of the secret.', example: 'agt_Xk3p9Q' }),
    createdAt: z.iso.datetime(),
    createdBy: z.union([PersonRefSchema, z.null()]),
    lastUsedAt: z.iso.datetime().nullable(),
    expiresAt: z.iso.datetime().nullable().openapi({ description: 'Null: never expires.' }),
    revokedAt: z.iso.datetime().nullable(),
  })
  .openapi('AgentToken');

export const CreatedAgentTokenSchema = AgentTokenSchema.extend({
  secret: z.string().openapi({ description: 'The token itself (`agt_…`). Shown once: only its hash is stored.' }),
}).openapi('CreatedAgentToken');

export const SESSION_STATUSES = ['open', 'working', 'stopped', 'completed', 'failed'] as const;

export const AgentSessionSchema = z
  .object({
    id: z.uuid(),
    agentId: z.uuid(),
    title: z.string(),
    status: z.enum(SESSION_STATUSES).openapi({
      description:
        '`working`: the agent has work it has not finished (a person’s message, or a delegated card). `open`: the agent answered; the person may write again. `stopped`: the person stopped it, or the card was un-assigned. `completed` / `failed`: the agent reported its delegated work done or failed. A person’s new message makes any session `working` again.',
    }),
    owner: PersonRefSchema.openapi({
      description: 'Who opened it; for a delegated card, the person who delegated it and stays accountable.',
    }),
    card: z
      .object({ projectId: z.uuid(), cardId: z.uuid(), title: z.string() })
      .nullable()
      .openapi({ description: 'The card delegated to the agent, for a delegation session.' }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    lastMessageAt: z.iso.datetime(),
    creditsSpent: z.int().min(0).optional().openapi({
      description:
        'Credits the agent’s work in this session has cost so far (its replies and its writes linked to the session). In the answers of `GET /agent-sessions` and `GET /agents/{agentId}/sessions/{sessionId}`; absent elsewhere (the answers of writes, and live events, which leave it out).',
    }),
  })
  .openapi('AgentSession');

export const ACTIVITY_TYPES = ['thought', 'action', 'error'] as const;

/** Arguments of an action: a small JSON object (bounded when written; see `ActivityInput`). */
const ArgumentsSchema = z.record(z.string(), z.unknown());

export const AgentActivitySchema = z
  .object({
    id: z.string(),
    type: z.enum(ACTIVITY_TYPES).openapi({
      description:
        '`thought`: what the agent is considering. `action`: a tool it used, with its arguments. `error`: something that failed.',
    }),
    text: z.string(),
    tool: z.string().optional(),
    arguments: ArgumentsSchema.optional(),
    at: z.iso.datetime(),
  })
  .openapi('AgentActivity');

export const ActivityInputSchema = z
  .object({
    type: z.enum(ACTIVITY_TYPES),
    text: z.string().max(4000),
    tool: z.string().min(1).max(100).optional(),
    arguments: ArgumentsSchema.optional().openapi({ description: 'At most 8 KiB as JSON.' }),
  })
  .strict()
  .refine((item) => item.arguments === undefined || JSON.stringify(item.arguments).length <= 8192, {
    message: 'arguments must be at most 8 KiB as JSON',
    path: ['arguments'],
  })
  .openapi('AgentActivityInput');

export const FeedbackSchema = z
  .object({ rating: z.enum(['up', 'down']), comment: z.string().nullable() })
  .openapi('AgentMessageFeedback');

export const AgentMessageSchema = z
  .object({
    id: z.uuid(),
    sessionId: z.uuid(),
    agentId: z.uuid(),
    role: z.enum(['user', 'agent', 'system']).openapi({
      description: '`user`: a person wrote it. `agent`: the agent’s reply. `system`: the server’s note (a stop).',
    }),
    author: z.union([MemberRefWithNameSchema, z.null()]),
    text: z.string(),
    status: z.enum(['streaming', 'complete', 'stopped', 'error']).openapi({
      description:
        '`streaming`: the agent is still appending to it. `complete`: finished. `stopped`: ended by a stop. `error`: the agent reported a failure.',
    }),
    activity: z
      .array(AgentActivitySchema)
      .openapi({ description: 'The steps the agent took for this reply, in order.' }),
    feedback: z.union([FeedbackSchema, z.null()]).optional().openapi({
      description: 'The caller’s own thumbs up or down, on agent replies (null when none). Absent in live events.',
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .openapi('AgentMessage');

export const FeedbackSummarySchema = z
  .object({
    up: z.number().int(),
    down: z.number().int(),
    recent: z.array(
      z.object({
        messageId: z.uuid(),
        sessionId: z.uuid(),
        rating: z.enum(['up', 'down']),
        comment: z.string().nullable(),
        user: PersonRefSchema,
        at: z.iso.datetime(),
      }),
    ),
  })
  .openapi('AgentFeedbackSummary');

export const DelegationSchema = z
  .object({
    cardId: z.uuid(),
    projectId: z.uuid(),
    sessionId: z.uuid(),
    agentId: z.uuid(),
    accountable: PersonRefSchema,
    status: z.enum(SESSION_STATUSES),
    updatedAt: z.iso.datetime(),
  })
  .openapi('AgentDelegation');

export type Agent = z.infer<typeof AgentSchema>;
export type AgentSession = z.infer<typeof AgentSessionSchema>;
export type AgentMessage = z.infer<typeof AgentMessageSchema>;
export type AgentActivity = z.infer<typeof AgentActivitySchema>;
export type ActivityInput = z.infer<typeof ActivityInputSchema>;
