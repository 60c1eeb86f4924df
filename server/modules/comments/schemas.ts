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
    anchor: z.string().nullable().optional().openapi({
      description:
        'Root only. Cards have no anchors: null. On a wiki page, what the thread is about: the id of a comment mark in the page\'s Markdown (`[comment id="<id>"]…[/comment]`), or `block:<key>` for a block carrying `<!-- block:<key> -->`; null for a thread on the whole page.',
    }),
    quote: z.string().nullable().optional().openapi({
      description:
        'Root only. Null on cards. On a wiki page, the text of the anchored passage when the thread was written (at most 1,000 characters); it never changes afterwards.',
    }),
    resolvedAt: z.iso.datetime().nullable().optional().openapi({
      description: 'Root only: when the thread was resolved, null while open. A reply reopens it.',
    }),
    detachedAt: z.iso.datetime().nullable().optional().openapi({
      description:
        "Wiki page roots only: since when the page no longer contains the thread's anchor (its passage was deleted), null while it does. Cleared when a later revision brings the anchor back.",
    }),
  })
  .openapi('ProjectCardComment');

/** A comment's text: 1..10,000 characters, not blank. */
export const CommentTextSchema = z
  .string()
  .min(1)
  .max(COMMENT_MAX)
  .refine((value) => value.trim().length > 0, { message: 'must not be blank' });

/** `limit` (1..200, default 100) and `offset` (>= 0) of a comment list. */
export const CommentPageQuery = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(100)
    .openapi({ param: { name: 'limit', in: 'query' } }),
  offset: z.coerce
    .number()
    .int()
    .min(0)
    .default(0)
    .openapi({ param: { name: 'offset', in: 'query' } }),
});

/** Editing a comment's text and/or resolving or reopening its thread (cards and wiki pages alike). */
export const UpdateCommentRequest = z
  .object({ text: CommentTextSchema.optional(), resolved: z.boolean().optional() })
  .refine((body) => body.text !== undefined || body.resolved !== undefined, {
    message: 'send text and/or resolved',
  })
  .openapi('UpdateCommentRequest');

export const CommentPageSchema = z
  .object({
    comments: z.array(CommentSchema),
    total: z.number().int(),
    limit: z.number().int(),
    offset: z.number().int(),
  })
  .openapi('CommentPage');

export type Comment = z.infer<typeof CommentSchema>;
