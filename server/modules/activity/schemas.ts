/** An item of card activity and a page of them, as Home and an agent's page answer them. */
import { z } from '@hono/zod-openapi';

/** Activity items per page by default. */
export const ACTIVITY_LIMIT = 30;
/** A comment's text is cut to this many characters in an activity item. */
export const SNIPPET_MAX = 140;
/** What an activity page shows: changes to a card and its threads. */
export const ACTIVITY_TYPES = [
  'card.created',
  'card.updated',
  'card.moved',
  'card.archived',
  'card.restored',
  'comment.created',
  'comment.updated',
  'comment.resolved',
  'comment.reopened',
] as const;

export const ProjectRefSchema = z
  .object({ id: z.uuid(), name: z.string().openapi({ description: 'Its name now.' }) })
  .openapi('ProjectRef');
export const ColumnRefSchema = z
  .object({ id: z.uuid(), name: z.string().openapi({ description: 'Its name now.' }) })
  .openapi('ColumnRef');

export const ActivityItemSchema = z
  .object({
    id: z.number().int().openapi({
      description: 'The event’s id, as on the live stream (`GET /notifications/sse`). Larger is newer.',
    }),
    type: z.enum(ACTIVITY_TYPES).openapi({
      description:
        'What happened: a card created, edited, moved, archived or restored; a comment or reply written or edited; a thread resolved or reopened.',
    }),
    at: z.iso.datetime(),
    actor: z
      .object({
        kind: z.enum(['human', 'agent']).openapi({
          description:
            'Who made the change: a person (signed in, or through one of their API keys), or an agent with its agent token.',
        }),
        id: z.uuid(),
        name: z.string().openapi({ description: 'Their name now; “Former member” when the account is gone.' }),
      })
      .openapi('ActivityActor'),
    project: ProjectRefSchema,
    card: z.object({ id: z.uuid(), title: z.string().openapi({ description: 'Its title now.' }) }).openapi('CardRef'),
    column: ColumnRefSchema.optional().openapi({
      description:
        '`card.moved`: the column the card was moved to; `card.created` and `card.restored`: the column it was put in. Absent for other types.',
    }),
    comment: z
      .object({
        id: z.uuid(),
        snippet: z.string().openapi({
          description: `The comment’s text as it is now, white space collapsed, at most ${SNIPPET_MAX} characters (cut ones end with “…”).`,
        }),
        reply: z.boolean().openapi({ description: 'A reply in a thread, rather than a thread’s first comment.' }),
      })
      .openapi('ActivityComment')
      .optional()
      .openapi({
        description:
          'Comment events: the comment written or edited, or for `comment.resolved` and `comment.reopened` the thread’s first comment. Absent for card events. A deleted comment’s events are left out.',
      }),
  })
  .openapi('ActivityItem');

export const ActivityPageSchema = z
  .object({ items: z.array(ActivityItemSchema).openapi({ description: 'Newest first.' }) })
  .openapi('ActivityPage');

/** `limit` and `before` of a page of activity (a person's Home, an agent's page). */
export const ActivityPageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(ACTIVITY_LIMIT)
    .openapi({
      param: { name: 'limit', in: 'query' },
      description: `How many items, 1..100 (default ${ACTIVITY_LIMIT}).`,
    }),
  before: z.coerce
    .number()
    .int()
    .min(1)
    .optional()
    .openapi({
      param: { name: 'before', in: 'query' },
      description: 'Only items older than this one (an item’s `id`), for the next page.',
    }),
});
