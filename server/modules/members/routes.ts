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
  })
  .openapi('Member');

export const listMembersRoute = protectedRoute('read', {
  method: 'get',
  path: '/company/members',
  tags: ['Company'],
  summary: 'The people and agents of the caller’s company (for assignees and avatars)',
  description: 'People first, then agents, each by name. A caller without a company gets 404.',
  responses: {
    200: jsonResponse(
      z.object({ members: z.array(MemberSchema) }).openapi('MemberList'),
      'Everyone who can be assigned',
    ),
  },
});
