import { z } from '@hono/zod-openapi';
import { baseVersionField, editConflictSchema, versionField } from '../../http/edit-check.ts';
import { pageQuery } from '../../http/route.ts';

export const CONTENT_KINDS = ['article', 'changelog', 'help'] as const;
export const CONTENT_STATUSES = ['draft', 'published'] as const;

export const MAX_TITLE = 200;
export const MAX_SLUG = 100;
export const MAX_BODY = 200_000;
export const MAX_EXCERPT = 500;
export const MAX_TAGS = 10;
export const MAX_TAG = 40;
/** Live (not revoked) content keys one company may hold. */
export const MAX_LIVE_CONTENT_KEYS = 20;

/** Lowercase letters and digits in groups joined by single dashes: `getting-started`, `v2-0`. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

const Kind = z.enum(CONTENT_KINDS).openapi({
  description: '`article` (blog post or guide), `changelog` (a release note) or `help` (a help-center page).',
});

const Slug = z
  .string()
  .min(1)
  .max(MAX_SLUG)
  .regex(SLUG_PATTERN, 'must be lowercase letters and digits separated by single dashes')
  .openapi({
    description: `The item’s URL on the site, unique in the company (1..${MAX_SLUG}).`,
    example: 'getting-started',
  });

const Title = z.string().trim().min(1).max(MAX_TITLE).openapi({ example: 'Getting started with Acme Boards' });
const Body = z
  .string()
  .max(MAX_BODY)
  .openapi({ description: `Markdown, up to ${MAX_BODY.toLocaleString('en')} characters.` });
const Excerpt = z
  .string()
  .trim()
  .max(MAX_EXCERPT)
  .openapi({ description: `A short summary for lists, up to ${MAX_EXCERPT} characters.` });

/**
 * A tag as a request may give it: any case, spaces around allowed (it is stored trimmed and
 * lower-cased, so the slug rule is checked case-blind before; the published pattern says so).
 */
const Tag = z
  .string()
  .regex(/^\s*[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*\s*$/, 'must be letters and digits separated by single dashes')
  .trim()
  .toLowerCase()
  .min(1)
  .max(MAX_TAG);

/** Tags as given: trimmed, lower-cased, then deduplicated (first occurrence kept). */
const Tags = z
  .array(Tag)
  .max(MAX_TAGS)
  .transform((tags) => [...new Set(tags)])
  .openapi({
    description: `Up to ${MAX_TAGS} tags of 1..${MAX_TAG} characters (letters, digits, dashes); stored trimmed, lower-cased and without duplicates.`,
    example: ['boards', 'getting-started'],
  });

const contentFields = {
  id: z.uuid(),
  version: versionField('content item'),
  kind: Kind,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  status: z.enum(CONTENT_STATUSES).openapi({
    description: '`draft`: only the app shows it. `published`: the content API serves it.',
  }),
  publishedAt: z.iso.datetime().nullable().openapi({
    description: 'When it was first published; kept when it is unpublished and published again. Null: never published.',
  }),
  authorId: z.uuid().nullable().openapi({ description: 'Who created it; null once they left.' }),
  authorName: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
};

export const ContentItemSummarySchema = z.object(contentFields).openapi('ContentItemSummary');

export const ContentItemSchema = z
  .object({ ...contentFields, body: z.string().openapi({ description: 'Markdown.' }) })
  .openapi('ContentItem');

export const ListContentItemsQuery = pageQuery(100, 50, { cap: true }).extend({
  kind: Kind.optional().openapi({ param: { name: 'kind', in: 'query' } }),
  status: z
    .enum(CONTENT_STATUSES)
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  tag: Tag.optional().openapi({ param: { name: 'tag', in: 'query' }, description: 'Items carrying this tag.' }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'A part of the title; case and accents ignored.',
    }),
});

export const CreateContentItemInput = z
  .object({
    kind: Kind,
    title: Title,
    slug: Slug.optional().openapi({
      description:
        'Unique in the company (409 `CONFLICT` when taken). Absent: made from the title (`Getting started!` → `getting-started`, then `-2`, `-3`… when taken).',
    }),
    body: Body.optional(),
    excerpt: Excerpt.optional(),
    tags: Tags.optional(),
  })
  .strict()
  .openapi('CreateContentItem');

export const UpdateContentItemInput = z
  .object({
    kind: Kind.optional(),
    title: Title.optional(),
    slug: Slug.optional().openapi({ description: 'Unique in the company (409 `CONFLICT` when taken).' }),
    body: Body.optional(),
    excerpt: Excerpt.optional(),
    tags: Tags.optional(),
    baseVersion: baseVersionField('content item'),
  })
  .strict()
  .openapi('UpdateContentItem');

export const ContentItemEditConflictSchema = editConflictSchema(
  'ContentItemEditConflict',
  'content item',
  ContentItemSchema,
);

export const ContentKeySchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    prefix: z
      .string()
      .openapi({ description: 'The first characters of the secret, to tell keys apart.', example: 'cak_Xk3p9Q' }),
    createdAt: z.iso.datetime(),
    createdBy: z.uuid().nullable(),
    createdByName: z.string().nullable(),
    lastUsedAt: z.iso.datetime().nullable().openapi({ description: 'Updated at most once a minute.' }),
    revokedAt: z.iso.datetime().nullable().openapi({ description: 'Set once revoked; the key then answers 401.' }),
  })
  .openapi('ContentKey');

export const CreatedContentKeySchema = z
  .object({
    key: ContentKeySchema,
    secret: z.string().openapi({
      description: 'The key itself (`cak_…`). Shown once: only its hash is stored.',
    }),
  })
  .openapi('CreatedContentKey');

export const CreateContentKeyInput = z
  .object({ name: z.string().trim().min(1).max(100).openapi({ example: 'Marketing site' }) })
  .strict()
  .openapi('CreateContentKey');

const publishedFields = {
  kind: Kind,
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  publishedAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
  authorName: z.string().nullable(),
};

export const PublishedContentSummarySchema = z.object(publishedFields).openapi('PublishedContentSummary');

export const PublishedContentSchema = z
  .object({ ...publishedFields, body: z.string().openapi({ description: 'Markdown.' }) })
  .openapi('PublishedContent');

export const ListPublishedContentQuery = pageQuery(100, 20, { cap: true }).extend({
  kind: Kind.optional().openapi({ param: { name: 'kind', in: 'query' } }),
  tag: Tag.optional().openapi({ param: { name: 'tag', in: 'query' }, description: 'Items carrying this tag.' }),
});

export type ContentItem = z.infer<typeof ContentItemSchema>;
export type ContentItemSummary = z.infer<typeof ContentItemSummarySchema>;
export type ContentKey = z.infer<typeof ContentKeySchema>;
export type PublishedContent = z.infer<typeof PublishedContentSchema>;
export type PublishedContentSummary = z.infer<typeof PublishedContentSummarySchema>;
export type CreateContentItem = z.infer<typeof CreateContentItemInput>;
export type UpdateContentItem = z.infer<typeof UpdateContentItemInput>;
export type ListContentItemsFilter = z.infer<typeof ListContentItemsQuery>;
export type ListPublishedContentFilter = z.infer<typeof ListPublishedContentQuery>;
