/**
 * The organization's operations: the chart, teams and their leads, people's and agents' places in
 * it, roles and removal, and the people list. Joining a company (invitations, sign-up, a new
 * company): invitation-routes.ts.
 */
import { z } from '@hono/zod-openapi';
import { baseVersionField, editConflictResponse, editConflictSchema, versionField } from '../../http/edit-check.ts';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';
import { ORG_ISSUE_KINDS } from './chart.ts';
import { MemberRefInput } from './member-ref.ts';

const TAG = ['Organization'];

const MemberRefSchema = z
  .object({ kind: z.enum(['human', 'agent']), id: z.uuid() })
  .openapi('MemberRef', { description: 'A person (`human`) or an agent of the company.' });

type ChartNodeShape = {
  key: string;
  kind: 'human' | 'agent' | 'team';
  id: string;
  name: string;
  role: string;
  children: ChartNodeShape[];
  teamId: string | null;
  memberCount: number;
};

const ChartNodeSchema: z.ZodType<ChartNodeShape> = z
  .lazy(() =>
    z.object({
      key: z.string().openapi({ description: '`<kind>:<id>`, unique in the chart.' }),
      kind: z.enum(['human', 'agent', 'team']),
      id: z.uuid(),
      name: z.string(),
      role: z.string().openapi({ description: "A person's title, an agent's role; empty for a team." }),
      children: z.array(ChartNodeSchema),
      teamId: z.uuid().nullable().openapi({ description: "The member's team; a team node's own id." }),
      memberCount: z.number().int().openapi({ description: 'People and agents below this node.' }),
    }),
  )
  .openapi('ChartNode');

export const OrgIssueSchema = z
  .object({
    kind: z.enum(ORG_ISSUE_KINDS).openapi({
      description:
        '`team-lead` (id: team) the team has no lead; `team-lead-missing` (team) its lead left the company, the team is in `tree.loose`; `team-empty` (team) nobody is in it; `agent-no-human` (agent) its chain of responsibility reaches no person; `manager-outside-team` (person) their team has a lead and their manager is someone else; `manager-loop` (person or agent) a chain of managers that loops, cut at this node, which is in `tree.loose` (on the root human: their manager leads back to them; the root stays a root); `no-admin` (company) the company has no admin, so no root.',
    }),
    id: z.uuid(),
  })
  .openapi('OrgIssue');

export const OrgTeamSchema = z
  .object({
    id: z.uuid(),
    version: versionField('team'),
    name: z.string(),
    parentId: z.uuid().nullable(),
    lead: z.union([MemberRefSchema, z.null()]),
  })
  .openapi('OrgTeam');

const TeamEditConflictSchema = editConflictSchema('OrgTeamEditConflict', 'team', OrgTeamSchema);

export const OrgChartSchema = z
  .object({
    rootHumanId: z
      .uuid()
      .nullable()
      .openapi({ description: 'The oldest admin by the date they joined; null without admins. Never stored.' }),
    tree: z.object({
      roots: z.array(ChartNodeSchema).openapi({ description: 'Nodes nobody stands above (normally one).' }),
      loose: z.array(ChartNodeSchema).openapi({ description: 'What the structure left dangling, to be repaired.' }),
    }),
    issues: z.array(OrgIssueSchema),
    teams: z.array(OrgTeamSchema),
    agents: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        role: z.string(),
        teamId: z.uuid().nullable(),
        manager: z.union([MemberRefSchema, z.null()]),
      }),
    ),
    humans: z.array(
      z.object({
        id: z.uuid(),
        name: z.string(),
        title: z.string(),
        teamId: z.uuid().nullable(),
        managerUserId: z.uuid().nullable(),
      }),
    ),
    canEdit: z.boolean().openapi({ description: 'True for company admins: the writes are open to them.' }),
  })
  .openapi('OrgChart', {
    description: `The organization chart: the payload of every /organization operation. Node kinds: \`human\`, \`agent\`, \`team\`. Placement: the root human is a root (their own manager is not followed; one that leads back to them is a loop, refused like any other); a team hangs under its lead (no lead: under the root human, issue \`team-lead\`; a lead gone: \`tree.loose\`); a person under their manager, or under their team's node when the manager leads that team, or (no manager) under their team's node unless they lead it, then under the parent team, else the root human; an agent under the member responsible for it, else its team's node, else the root human; a loop is cut at its first node by key, which goes to \`tree.loose\`. Without an admin, what would hang under the root human is a root. Children: teams, then people, then agents, each by name.`,
  });

const chartResponse = (description: string) => jsonResponse(OrgChartSchema, description);

const writeErrors = {
  400: jsonResponse(
    ErrorEnvelope,
    'Validation error, a member or team not of the company, or a change that would make a loop (`ORG_LOOP`, with `path`: `{kind, id, name}[]`, the loop in order)',
  ),
  403: jsonResponse(ErrorEnvelope, 'The caller is not a company admin (`FORBIDDEN`), or a key lacks the scope'),
  404: jsonResponse(ErrorEnvelope, 'No such team, person or agent in the caller’s company'),
};

const teamName = z.string().trim().min(1).max(80);
const teamIdParam = z.object({ id: uuidParam('id') });

export const getOrgChartRoute = protectedRoute('read', {
  method: 'get',
  path: '/organization/chart',
  operationId: 'getOrgChart',
  tags: TAG,
  summary: 'The organization chart of the caller’s company',
  description: 'Any member. Recomputed from the raw choices on each read.',
  responses: { 200: chartResponse('The chart') },
});

export const createTeamRoute = protectedRoute('write', {
  method: 'post',
  path: '/organization/teams',
  operationId: 'createTeam',
  tags: TAG,
  summary: 'Create a team (admins)',
  description:
    'Answers 201 with the recomputed chart and `Location: /organization/teams/<id>`. An agent lead must have a person at the end of its chain of responsibility (409 `ORG_NO_HUMAN_MANAGER`).',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: teamName,
              parentId: z.uuid().nullable().optional(),
              lead: MemberRefInput.nullable().optional(),
            })
            .strict()
            .openapi('CreateTeamRequest'),
        },
      },
    },
  },
  responses: {
    201: chartResponse('Created; the recomputed chart'),
    ...writeErrors,
    409: jsonResponse(ErrorEnvelope, 'An agent lead nobody is responsible for (`ORG_NO_HUMAN_MANAGER`)'),
  },
});

export const updateTeamRoute = protectedRoute('write', {
  method: 'patch',
  path: '/organization/teams/{id}',
  operationId: 'updateTeam',
  tags: TAG,
  summary: 'Rename a team or nest it under another (admins)',
  description:
    '`parentId: null` makes it a top-level team; absent leaves it. Nesting a team inside itself is 400 `ORG_LOOP`.',
  request: {
    params: teamIdParam,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              name: teamName.optional(),
              parentId: z.uuid().nullable().optional(),
              baseVersion: baseVersionField('team'),
            })
            .strict()
            .refine((body) => body.name !== undefined || body.parentId !== undefined, {
              message: 'Give name or parentId',
            })
            .openapi('UpdateTeamRequest'),
        },
      },
    },
  },
  responses: {
    200: chartResponse('The recomputed chart'),
    ...writeErrors,
    ...editConflictResponse(TeamEditConflictSchema),
  },
});

export const deleteTeamRoute = protectedRoute('write', {
  method: 'delete',
  path: '/organization/teams/{id}',
  operationId: 'deleteTeam',
  tags: TAG,
  summary: 'Delete a team (admins)',
  description: 'Its people and agents become unassigned (not deleted); its sub-teams move up to its parent.',
  request: { params: teamIdParam },
  responses: { 200: chartResponse('The recomputed chart'), ...writeErrors },
});

export const setTeamLeadRoute = protectedRoute('write', {
  method: 'put',
  path: '/organization/teams/{id}/lead',
  operationId: 'setTeamLead',
  tags: TAG,
  summary: 'Designate or clear a team’s lead (admins)',
  description:
    '`{lead: null}` clears it: the team falls back to the root and `issues` gains `{kind: "team-lead", id}`. An agent lead nobody is responsible for (its chain of responsibility reaches no person) is refused with 409 `ORG_NO_HUMAN_MANAGER`. Otherwise the lead is set and the team’s agents without a manager of their own inherit it. `kind` inside `lead` is optional.',
  request: {
    params: teamIdParam,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({ lead: MemberRefInput.nullable() }).strict().openapi('SetTeamLeadRequest'),
        },
      },
    },
  },
  responses: {
    200: chartResponse('The recomputed chart'),
    ...writeErrors,
    409: jsonResponse(ErrorEnvelope, 'An agent lead nobody is responsible for (`ORG_NO_HUMAN_MANAGER`)'),
  },
});

export const updateOrgHumanRoute = protectedRoute('write', {
  method: 'patch',
  path: '/organization/humans/{userId}',
  operationId: 'updateOrgHuman',
  tags: TAG,
  summary: 'Set a person’s team, manager or title (admins)',
  description: '`null` clears a field, absent leaves it. A manager change that would make a loop is 400 `ORG_LOOP`.',
  request: {
    params: z.object({ userId: uuidParam('userId') }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              teamId: z.uuid().nullable().optional(),
              managerUserId: z.uuid().nullable().optional(),
              title: z.string().trim().max(100).optional(),
            })
            .strict()
            .refine((b) => b.teamId !== undefined || b.managerUserId !== undefined || b.title !== undefined, {
              message: 'Give teamId, managerUserId or title',
            })
            .openapi('UpdateOrgHumanRequest'),
        },
      },
    },
  },
  responses: { 200: chartResponse('The recomputed chart'), ...writeErrors },
});

export const updateOrgAgentRoute = protectedRoute('write', {
  method: 'patch',
  path: '/organization/agents/{agentId}',
  operationId: 'updateOrgAgent',
  tags: TAG,
  summary: 'Set an agent’s team or responsible member (admins)',
  description:
    '`manager` is the person (or agent) responsible for it. An agent that leads a team, or is given an agent as responsible, must keep a person at the end of its chain: 409 `ORG_NO_HUMAN_MANAGER` otherwise.',
  request: {
    params: z.object({ agentId: uuidParam('agentId') }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ teamId: z.uuid().nullable().optional(), manager: MemberRefInput.nullable().optional() })
            .strict()
            .refine((b) => b.teamId !== undefined || b.manager !== undefined, { message: 'Give teamId or manager' })
            .openapi('UpdateOrgAgentRequest'),
        },
      },
    },
  },
  responses: {
    200: chartResponse('The recomputed chart'),
    ...writeErrors,
    409: jsonResponse(ErrorEnvelope, 'No person at the end of the chain (`ORG_NO_HUMAN_MANAGER`)'),
  },
});

export const setMemberRoleRoute = protectedRoute('write', {
  method: 'put',
  path: '/organization/humans/{userId}/role',
  operationId: 'setMemberRole',
  tags: TAG,
  summary: 'Make a person an admin or a member (admins)',
  description: 'Demoting the last admin is 409 `ORG_LAST_ADMIN`.',
  request: {
    params: z.object({ userId: uuidParam('userId') }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ role: z.enum(['admin', 'member']) })
            .strict()
            .openapi('SetMemberRoleRequest'),
        },
      },
    },
  },
  responses: {
    200: chartResponse('The recomputed chart'),
    ...writeErrors,
    409: jsonResponse(ErrorEnvelope, 'The last admin (`ORG_LAST_ADMIN`)'),
  },
});

export const removeMemberRoute = protectedRoute('write', {
  method: 'delete',
  path: '/organization/humans/{userId}',
  operationId: 'removeMember',
  tags: TAG,
  summary: 'Remove a person from the company (admins)',
  description:
    'They keep their account (without a company) and their name stays on what they wrote. People they managed lose their manager, teams they led lose their lead, agents they were responsible for lose it; their API keys are revoked and their live streams end. The last admin cannot be removed (409 `ORG_LAST_ADMIN`).',
  request: { params: z.object({ userId: uuidParam('userId') }) },
  responses: {
    200: chartResponse('The recomputed chart'),
    ...writeErrors,
    409: jsonResponse(ErrorEnvelope, 'The last admin (`ORG_LAST_ADMIN`)'),
  },
});

const OrgPersonSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    email: z.string(),
    title: z.string(),
    role: z.enum(['admin', 'member']),
    teamId: z.uuid().nullable(),
    managerUserId: z.uuid().nullable(),
    joinedAt: z.iso.datetime(),
  })
  .openapi('OrgPerson');

export const listOrgPeopleRoute = protectedRoute('read', {
  method: 'get',
  path: '/organization/people',
  operationId: 'listOrgPeople',
  tags: TAG,
  summary: 'The company’s people with email, role and join date (admins)',
  description: 'For Settings → Members. By name. Members get 403.',
  responses: { 200: jsonResponse(z.object({ people: z.array(OrgPersonSchema) }).openapi('OrgPeople'), 'The people') },
});
