import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';
import {
  CardEditConflictSchema,
  CardSchema,
  CardWithColumnsSchema,
  ChecklistItemSchema,
  LIMITS,
  PrioritySchema,
} from './schemas.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';

const tags = ['Cards'];
const params = z.object({ projectId: uuidParam('projectId'), cardId: uuidParam('cardId') });

const editable = {
  title: z.string().trim().min(1).max(LIMITS.title),
  description: z.string().max(LIMITS.description),
  assignee: z.uuid().nullable().openapi({ description: 'A person or an agent of the company; null unassigns.' }),
  priority: PrioritySchema,
  labels: z
    .array(z.string().max(LIMITS.label))
    .max(LIMITS.labels)
    .openapi({
      description: `Up to ${LIMITS.labels} labels of at most ${LIMITS.label} characters; trimmed, and repeats (ignoring case) dropped.`,
    }),
  checklist: z
    .array(ChecklistItemSchema)
    .max(LIMITS.checklist)
    .openapi({ description: 'The whole checklist, in order.' }),
  due: z.iso.datetime({ offset: true }).nullable().openapi({ description: 'Null clears it.' }),
  blocked: z
    .string()
    .trim()
    .min(1)
    .max(LIMITS.blocked)
    .nullable()
    .openapi({ description: 'Why the card is blocked; null unblocks.' }),
};

const CreateCardBody = z
  .object({
    columnId: z.uuid(),
    position: z.number().int().min(0).optional().openapi({
      description: 'Rank among the live cards of the column; past the end, or absent, puts the card at the bottom.',
    }),
    ...editable,
    description: editable.description.optional(),
    assignee: editable.assignee.optional(),
    priority: editable.priority.optional(),
    labels: editable.labels.optional(),
    checklist: editable.checklist.optional(),
    due: editable.due.optional(),
    blocked: editable.blocked.optional(),
  })
  .openapi('CreateCardRequest');

const UpdateCardBody = z
  .object({
    title: editable.title.optional(),
    description: editable.description.optional(),
    assignee: editable.assignee.optional(),
    priority: editable.priority.optional(),
    labels: editable.labels.optional(),
    checklist: editable.checklist.optional(),
    due: editable.due.optional(),
    blocked: editable.blocked.optional(),
    archived: z.boolean().optional().openapi({
      description: 'true archives the card (it leaves the board); false restores it at the bottom of its column.',
    }),
    baseVersion: z.number().int().min(1).optional().openapi({
      description:
        'The card’s `version` this edit was made on. A field the edit changes that someone else changed since is refused (412 `EDIT_CONFLICT`, nothing stored); the other fields’ changes since are kept. Without it the edit is applied as it is.',
    }),
  })
  .refine((body) => Object.entries(body).some(([key, value]) => key !== 'baseVersion' && value !== undefined), {
    message: 'send at least one field to change',
  })
  .openapi('UpdateCardRequest');

const MoveCardBody = z
  .object({
    columnId: z
      .uuid()
      .openapi({ description: 'Target column, of the same project (another project’s column is 404).' }),
    position: z.number().int().min(0).openapi({
      description:
        'Rank the card takes among the live cards of the target column, counted without the card itself. 0 is the top; a rank past the end puts it at the bottom. Negative or non-integer values are 400.',
    }),
  })
  .openapi('MoveCardRequest');

export const createCardRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/cards',
  operationId: 'createCard',
  tags,
  summary: 'Create a card in a column',
  request: {
    params: z.object({ projectId: uuidParam('projectId') }),
    body: { required: true, content: { 'application/json': { schema: CreateCardBody } } },
  },
  responses: { 201: jsonResponse(CardWithColumnsSchema, 'The card and the new order of its column') },
});

export const getCardRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/cards/{cardId}',
    operationId: 'getCard',
    tags,
    summary: 'Read a card (archived cards too)',
    request: { params },
    responses: { 200: jsonResponse(CardSchema, 'The card') },
  },
  { agents: true },
);

export const updateCardRoute = protectedRoute(
  'write',
  {
    method: 'patch',
    path: '/projects/{projectId}/cards/{cardId}',
    operationId: 'updateCard',
    tags,
    summary: 'Edit, archive or restore a card',
    description: `\`assignee\`, \`due\` and \`blocked\` set to null are cleared, and then absent from the card. With \`baseVersion\` (the web app always sends it), the edit is merged field by field: a field it changes that someone else (another person, agent or browser tab) changed since that version is 412 \`EDIT_CONFLICT\` with the current card, and nothing is stored; changes of other fields since are kept. A field sent with the value it already has is no change. ${agentCostNote('write')}`,
    request: { params, body: { required: true, content: { 'application/json': { schema: UpdateCardBody } } } },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(CardSchema, 'The updated card'),
      409: jsonResponse(ErrorEnvelope, 'Restoring into a board without columns (`CONFLICT`)'),
      412: jsonResponse(
        CardEditConflictSchema,
        'A field the edit changes was changed by someone else since `baseVersion` (`EDIT_CONFLICT`): nothing was stored',
      ),
    },
  },
  { agents: true },
);

export const moveCardRoute = protectedRoute(
  'write',
  {
    method: 'patch',
    path: '/projects/{projectId}/cards/{cardId}/move',
    operationId: 'moveCard',
    tags,
    summary: 'Move a card to a column and a position',
    description: `Moves of one project are serialised: concurrent moves never lose, duplicate or misorder a card. The response carries the new order of the source and target columns (one entry when they are the same). ${agentCostNote('write')}`,
    request: { params, body: { required: true, content: { 'application/json': { schema: MoveCardBody } } } },
    responses: {
      ...creditsExhaustedResponse,
      200: jsonResponse(CardWithColumnsSchema, 'The moved card and the new column orders'),
      409: jsonResponse(ErrorEnvelope, 'The card is archived (`CONFLICT`)'),
    },
  },
  { agents: true },
);
