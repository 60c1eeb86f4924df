import { z } from '@hono/zod-openapi';
import { jsonResponse, protectedRoute } from '../../http/route.ts';

export const MemberSchema = z
  .object({
    kind: z.enum(['human', 'agent']),
    id: z.uuid(),
    name: z.string(),
    title: z.string().openapi({ description: 'A person’s job title, or an agent’s role.' }),
    status: z.enum(['active', 'paused', 'completed']).openapi({ description: 'People are always active.' }),
    teamId: z.uuid().nullable(),
    manager: z
      .object({ kind: z.enum(['human', 'agent']), id: z.uuid() })
      .nullable()
      .openapi({ description: "A person's manager, or the one responsible for an agent." }),
  })
  .openapi('Member');

export const TeamSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    parentId: z.uuid().nullable(),
    lead: z.object({ kind: z.enum(['human', 'agent']), id: z.uuid() }).nullable(),
    memberCount: z.number().int().openapi({ description: 'People and agents in the team.' }),
  })
  .openapi('Team');

export const listTeamsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/company/teams',
    operationId: 'listTeams',
    tags: ['Company'],
    summary: 'The teams of the caller’s company, with their lead and size',
    description:
      'By name. Members are the people and agents whose `teamId` is the team. A caller without a company gets 404.',
    responses: { 200: jsonResponse(z.object({ teams: z.array(TeamSchema) }).openapi('TeamList'), 'The teams') },
  },
  { agents: true },
);

export const listMembersRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/company/members',
    operationId: 'listMembers',
    tags: ['Company'],
    summary: 'The people and agents of the caller’s company (for assignees and avatars)',
    description: 'People first, then agents, each by name. A caller without a company gets 404.',
    responses: {
      200: jsonResponse(
        z.object({ members: z.array(MemberSchema) }).openapi('MemberList'),
        'Everyone who can be assigned',
      ),
    },
  },
  { agents: true },
);
