import { z } from '@hono/zod-openapi';
import { RETENTION_MS } from '../../events/hub.ts';
import { jsonResponse, protectedRoute } from '../../http/route.ts';
import { ActivityPageQuery, ActivityPageSchema, ColumnRefSchema, ProjectRefSchema } from '../activity/index.ts';
import { PrioritySchema } from '../cards/index.ts';
import { ASSIGNED_LIMIT, DUE_SOON_HOURS } from './service.ts';

const tags = ['Home'];
const RETENTION_DAYS = RETENTION_MS / 86_400_000;

export const AssignedCardSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    priority: PrioritySchema,
    due: z.iso.datetime().optional().openapi({ description: 'Absent (not null) when unset.' }),
    dueStatus: z.enum(['overdue', 'soon', 'later', 'none']).openapi({
      description: `As of the response: \`overdue\` (the due date has passed), \`soon\` (due within ${DUE_SOON_HOURS} hours), \`later\`, or \`none\` (no due date).`,
    }),
    blocked: z.string().optional().openapi({ description: 'Why the card is blocked. Absent when it is not.' }),
    updatedAt: z.iso.datetime(),
    project: ProjectRefSchema,
    column: ColumnRefSchema,
  })
  .openapi('AssignedCard');

export const AssignedCardsSchema = z
  .object({
    cards: z.array(AssignedCardSchema).openapi({
      description: `Most urgent first: overdue, then due within ${DUE_SOON_HOURS} hours, then by due date (earliest first), then cards without a due date; ties by most recently updated. At most ${ASSIGNED_LIMIT}.`,
    }),
    truncated: z.boolean().openapi({
      description: `True when more than ${ASSIGNED_LIMIT} cards are assigned to the caller: the least urgent ones are left out.`,
    }),
  })
  .openapi('AssignedCards');

export const listAssignedCardsRoute = protectedRoute('read', {
  method: 'get',
  path: '/users/me/cards',
  operationId: 'listMyCards',
  tags,
  summary: 'Cards assigned to the caller, most urgent first',
  description: [
    `The live (not archived) cards assigned to the caller on the non-archived projects of their company, each with its project and column: overdue first, then due within ${DUE_SOON_HOURS} hours, then by due date, then without one; ties by most recently updated. At most ${ASSIGNED_LIMIT} (\`truncated\` says when more are assigned).`,
    'A caller without a company gets 404.',
  ].join('\n\n'),
  responses: { 200: jsonResponse(AssignedCardsSchema, 'The caller’s cards, most urgent first') },
});

export const listActivityRoute = protectedRoute('read', {
  method: 'get',
  path: '/users/me/activity',
  operationId: 'listMyActivity',
  tags,
  summary: 'Recent changes by others to the caller’s cards and threads, newest first',
  description: [
    'Changes made by other people (and agents) to the cards of the caller’s company that concern them: cards assigned to them, and cards with a comment thread they wrote in (a comment or a reply). Moves, edits, archiving and restoring, comments, replies, edits of comments, and threads resolved or reopened; the caller’s own changes are left out. Only cards of non-archived projects.',
    `From the event history the live stream replays from, which keeps ${RETENTION_DAYS} days. Page back with \`before\`: the \`id\` of the last item of the previous page.`,
    'A caller without a company gets 404.',
  ].join('\n\n'),
  request: { query: ActivityPageQuery },
  responses: { 200: jsonResponse(ActivityPageSchema, 'Newest first') },
});
