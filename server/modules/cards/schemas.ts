import { z } from '@hono/zod-openapi';

/** Priorities, lowest first. The spec names `low`; the rest is our choice. */
export const PRIORITIES = ['none', 'low', 'medium', 'high', 'urgent'] as const;
export const PrioritySchema = z.enum(PRIORITIES).openapi('CardPriority', {
  description: 'Lowest to highest: none, low, medium, high, urgent.',
});

export const LIMITS = {
  title: 200,
  description: 20_000,
  label: 40,
  labels: 20,
  checklistItem: 500,
  checklist: 100,
  blocked: 500,
} as const;

export const ChecklistItemSchema = z
  .object({ text: z.string().trim().min(1).max(LIMITS.checklistItem), done: z.boolean() })
  .openapi('ChecklistItem');

export const CardCommentCopySchema = z
  .object({
    id: z.uuid(),
    author: z.string(),
    at: z.iso.datetime(),
    text: z.string(),
  })
  .openapi('CardCommentCopy');

const cardFields = {
  id: z.uuid(),
  version: z.number().int().min(1).openapi({
    description:
      'Raised by every stored edit of the card’s fields (moves and comments leave it): send it as `baseVersion` with an edit.',
  }),
  title: z.string(),
  description: z.string(),
  assignee: z.uuid().optional().openapi({ description: 'A human or an agent of the company. Absent when unassigned.' }),
  assigneeKind: z.enum(['human', 'agent']).optional().openapi({ description: 'Present with `assignee`.' }),
  column: z.uuid().openapi({ description: 'Id of the column the card is in.' }),
  priority: PrioritySchema,
  labels: z.array(z.string()),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  checklist: z.array(ChecklistItemSchema),
  blocked: z.string().optional().openapi({ description: 'Why the card is blocked. Absent (not null) when it is not.' }),
  due: z.iso.datetime().optional().openapi({ description: 'Absent (not null) when unset.' }),
  archived: z.boolean().openapi({ description: 'Archived cards are not live: no column counts them.' }),
};

export const CardSchema = z
  .object({
    ...cardFields,
    comments: z
      .array(CardCommentCopySchema)
      .openapi({ description: 'Every comment on the card (roots and replies), oldest first.' }),
  })
  .openapi('Card');

/** The card as embedded in the project detail: comment copies carry only author, at and text. */
export const BoardCardSchema = z
  .object({
    ...cardFields,
    comments: z.array(z.object({ author: z.string(), at: z.iso.datetime(), text: z.string() }).openapi('CommentCopy')),
  })
  .openapi('BoardCard');

export const ColumnEntrySchema = z
  .object({
    id: z.uuid(),
    cardIds: z.array(z.uuid()).openapi({ description: 'Ordered ids of the live cards now in the column.' }),
  })
  .openapi('ColumnEntry');

export const CardWithColumnsSchema = z
  .object({
    card: CardSchema,
    columns: z.array(ColumnEntrySchema).openapi({
      description:
        'New contents of the columns the change touched: source and target, one entry when they are the same.',
    }),
  })
  .openapi('CardWithColumns');

export const CardEditConflictSchema = z
  .object({
    error: z.string(),
    code: z.literal('EDIT_CONFLICT'),
    fields: z
      .array(z.string())
      .openapi({ description: 'The fields of the request someone else changed since `baseVersion`.' }),
    card: CardSchema,
  })
  .openapi('CardEditConflict', {
    description:
      '412: a field the edit changes was changed by someone else since the edit’s `baseVersion`; `card` is the card as it now is. Nothing was stored.',
  });

export type Card = z.infer<typeof CardSchema>;
export type BoardCard = z.infer<typeof BoardCardSchema>;
export type ColumnEntry = z.infer<typeof ColumnEntrySchema>;
