import { z } from '@hono/zod-openapi';

/** Bounds of wiki data (the issue: a bounded size; the plan: 2 MiB of Markdown). */
export const WIKI_LIMITS = {
  /** Markdown, in bytes of UTF-8: beyond it, 413 `PAYLOAD_TOO_LARGE`. */
  markdownBytes: 2 * 1024 * 1024,
  /** The request body of the two operations that carry Markdown (JSON escaping takes room). */
  bodyBytes: 3 * 1024 * 1024,
  title: 200,
  summary: 200,
  quote: 1000,
  revisionsPage: 100,
} as const;

export const WikiAuthorSchema = z
  .object({
    name: z.string().openapi({ description: 'Display name at the time of the change.' }),
    userId: z.uuid().optional().openapi({ description: 'The person, when a person made the change.' }),
    agentId: z.uuid().optional().openapi({ description: 'The agent, when an agent made the change.' }),
  })
  .openapi('WikiAuthor', { description: 'Who made a change: a person or an agent.' });

export const WikiPageSummarySchema = z
  .object({
    id: z.uuid(),
    projectId: z.uuid(),
    parentId: z.uuid().nullable().openapi({ description: 'The parent page; null at the top of the tree.' }),
    position: z.number().int().openapi({
      description: 'Place among its live siblings, 0-based and dense (archived pages keep their last one).',
    }),
    title: z.string(),
    revisionId: z.uuid().openapi({
      description: 'The current revision: send it as `baseRevisionId` when saving.',
    }),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime().openapi({ description: 'When the current revision was saved.' }),
    updatedBy: WikiAuthorSchema,
    archivedAt: z.iso.datetime().nullable(),
  })
  .openapi('WikiPageSummary', { description: 'A page of the tree, without its body.' });

export const WikiPageSchema = WikiPageSummarySchema.extend({
  markdown: z.string().openapi({
    description:
      'The body: CommonMark + GFM. Comment marks `[comment id="<ids>"]passage[/comment]` (one or more UUIDs separated by single spaces; runs never nest, and open and close on the same line) anchor threads to passages; a line `<!-- block:<key> -->` (key `[A-Za-z0-9_-]{1,64}`) directly before a block without text gives it a stable key (`block:<key>` anchors). No other HTML is interpreted. At most 2,097,152 bytes of UTF-8.',
  }),
}).openapi('WikiPage', { description: 'A page with its Markdown.' });

export const WikiPageListSchema = z
  .object({
    pages: z.array(WikiPageSummarySchema).openapi({
      description: 'Flat, ordered by parent (top-level pages first) then position.',
    }),
  })
  .openapi('WikiPageList');

export const WikiRevisionSummarySchema = z
  .object({
    id: z.uuid(),
    pageId: z.uuid(),
    number: z.number().int().openapi({ description: '1, 2, 3… per page, in the order they were saved.' }),
    title: z.string(),
    summary: z.string().openapi({
      description:
        'What changed: the editor’s own words, or one the server writes (`Created`, `Edited: +12 −3 words`, `Renamed to “X”`, `Restored revision 4`).',
    }),
    author: WikiAuthorSchema,
    at: z.iso.datetime(),
    restoredFrom: z.uuid().optional().openapi({ description: 'The revision this one restored, when it did.' }),
  })
  .openapi('WikiRevisionSummary');

export const WikiRevisionSchema = WikiRevisionSummarySchema.extend({ markdown: z.string() }).openapi('WikiRevision');

export const WikiRevisionPageSchema = z
  .object({
    revisions: z.array(WikiRevisionSummarySchema).openapi({ description: 'Newest first.' }),
    nextBefore: z.uuid().nullable().openapi({
      description: 'Pass it as `before` for the next (older) page; null when there are no older revisions.',
    }),
  })
  .openapi('WikiRevisionPage');

export const WikiRevisionConflictSchema = z
  .object({
    error: z.string(),
    code: z.literal('REVISION_CONFLICT'),
    currentRevisionId: z.uuid().openapi({ description: 'The page’s current revision.' }),
    page: WikiPageSchema,
  })
  .openapi('WikiRevisionConflict', {
    description:
      '412: the save was based on a revision that is no longer the current one; `page` is the page as it now is (its current Markdown). Nothing was stored.',
  });

export type WikiAuthor = z.infer<typeof WikiAuthorSchema>;
export type WikiPageSummary = z.infer<typeof WikiPageSummarySchema>;
export type WikiPage = z.infer<typeof WikiPageSchema>;
export type WikiRevisionSummary = z.infer<typeof WikiRevisionSummarySchema>;
export type WikiRevision = z.infer<typeof WikiRevisionSchema>;
