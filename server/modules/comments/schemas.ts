import { z } from '@hono/zod-openapi';

export const COMMENT_MAX = 10_000;

/** ProjectCardComment (spec): also the shape of wiki-page comments. */
export const CommentSchema = z
  .object({
    id: z.uuid(),
    author: z.string().openapi({ description: 'Display name frozen when the comment was written.' }),
    authorUserId: z.uuid().optional().openapi({ description: 'The human author; absent for an agent.' }),
    authorAgentId: z.uuid().optional().openapi({ description: 'Present only when an agent wrote it.' }),
    at: z.iso.datetime(),
    editedAt: z.iso.datetime().optional().openapi({ description: 'Present when the text was edited afterwards.' }),
    text: z.string().max(COMMENT_MAX),
    parentId: z.uuid().nullable().openapi({ description: 'The thread root this replies to; null on a root.' }),
    anchor: z.string().nullable().optional().openapi({ description: 'Root only. Cards have no anchors: null.' }),
    quote: z.string().nullable().optional().openapi({ description: 'Root only. Null on cards.' }),
    resolvedAt: z.iso.datetime().nullable().optional().openapi({
      description: 'Root only: when the thread was resolved, null while open. A reply reopens it.',
    }),
  })
  .openapi('ProjectCardComment');

export const CommentPageSchema = z
  .object({
    comments: z.array(CommentSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .openapi('CommentPage');

export type Comment = z.infer<typeof CommentSchema>;
