import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { contentRoute, jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';
import { editConflictResponse } from '../../http/edit-check.ts';
import {
  ContentItemEditConflictSchema,
  ContentItemSchema,
  ContentItemSummarySchema,
  ContentKeySchema,
  CreateContentItemInput,
  CreateContentKeyInput,
  CreatedContentKeySchema,
  ListContentItemsQuery,
  ListPublishedContentQuery,
  MAX_LIVE_CONTENT_KEYS,
  PublishedContentSchema,
  PublishedContentSummarySchema,
  SLUG_PATTERN,
  UpdateContentItemInput,
} from './schemas.ts';

const tags = ['Content'];
const errorContent = { 'application/json': { schema: ErrorEnvelope } };
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  required: true,
  content: { 'application/json': { schema } },
});
const itemParams = z.object({ itemId: uuidParam('itemId') });
const keyParams = z.object({ keyId: uuidParam('keyId') });
const slugTaken = { 409: { description: 'The slug is taken in the company (`CONFLICT`)', content: errorContent } };

const adminsWrite =
  'Company admins only (403 `FORBIDDEN` for members); an item of another company is 404. API keys need `write`.';
const keysRule =
  'Company admins, signed in: every content-key operation answers 403 `API_KEY_FORBIDDEN` to an API key (credential management needs a person) and 403 `FORBIDDEN` to members.';

/** Cache headers of the content API's answers, in the contract. */
const cacheHeaders = {
  ETag: {
    schema: { type: 'string' as const },
    description: 'Weak validator of the JSON: send it back in `If-None-Match`.',
  },
  'Cache-Control': {
    schema: { type: 'string' as const },
    description: '`public, max-age=60, stale-while-revalidate=300`: published items are public by nature.',
  },
  Vary: { schema: { type: 'string' as const }, description: '`Authorization`.' },
};

export const listContentItemsRoute = protectedRoute('read', {
  method: 'get',
  path: '/content-items',
  operationId: 'listContentItems',
  tags,
  summary: 'The company’s content items, drafts included',
  description:
    'Every member may read. A plain array without `body`, newest updated first; filter with `kind`, `status`, `tag` and `q` (a part of the title, case and accents ignored); `limit` (default 50; above 100 is capped at 100) and `offset`.',
  request: { query: ListContentItemsQuery },
  responses: { 200: jsonResponse(z.array(ContentItemSummarySchema), 'The items') },
});

export const createContentItemRoute = protectedRoute('write', {
  method: 'post',
  path: '/content-items',
  operationId: 'createContentItem',
  tags,
  summary: 'Write a content item (a draft)',
  description: `${adminsWrite} The caller is its author. Title 1..200 characters; slug 1..100 (\`${SLUG_PATTERN.source}\`), made from the title when absent; body (Markdown) up to 200,000 characters; excerpt up to 500; up to 10 tags of 1..40 characters, lower-cased and deduplicated.`,
  request: { body: jsonBody(CreateContentItemInput) },
  responses: { 201: jsonResponse(ContentItemSchema, 'The new draft'), ...slugTaken },
});

export const getContentItemRoute = protectedRoute('read', {
  method: 'get',
  path: '/content-items/{itemId}',
  operationId: 'getContentItem',
  tags,
  summary: 'One content item with its body',
  description: 'Every member may read; an item of another company is 404.',
  request: { params: itemParams },
  responses: { 200: jsonResponse(ContentItemSchema, 'The item') },
});

export const updateContentItemRoute = protectedRoute('write', {
  method: 'patch',
  path: '/content-items/{itemId}',
  operationId: 'updateContentItem',
  tags,
  summary: 'Edit a content item',
  description: `${adminsWrite} Only the fields sent change, with the bounds of \`createContentItem\`. A published item may be edited: the site sees the change at once.`,
  request: { params: itemParams, body: jsonBody(UpdateContentItemInput) },
  responses: {
    200: jsonResponse(ContentItemSchema, 'The item'),
    ...slugTaken,
    ...editConflictResponse(ContentItemEditConflictSchema),
  },
});

export const publishContentItemRoute = protectedRoute('write', {
  method: 'post',
  path: '/content-items/{itemId}/publish',
  operationId: 'publishContentItem',
  tags,
  summary: 'Publish a content item',
  description: `${adminsWrite} The content API serves it from now on. \`publishedAt\` is set on the first publication and kept after (unpublishing and publishing again keeps the date readers saw). Publishing a published item changes nothing.`,
  request: { params: itemParams },
  responses: { 200: jsonResponse(ContentItemSchema, 'The published item') },
});

export const unpublishContentItemRoute = protectedRoute('write', {
  method: 'post',
  path: '/content-items/{itemId}/unpublish',
  operationId: 'unpublishContentItem',
  tags,
  summary: 'Take a content item back to draft',
  description: `${adminsWrite} The content API answers 404 for it from now on; \`publishedAt\` is kept.`,
  request: { params: itemParams },
  responses: { 200: jsonResponse(ContentItemSchema, 'The draft') },
});

export const deleteContentItemRoute = protectedRoute('write', {
  method: 'delete',
  path: '/content-items/{itemId}',
  operationId: 'deleteContentItem',
  tags,
  summary: 'Delete a content item',
  description: `${adminsWrite} Gone for good, from the site too.`,
  request: { params: itemParams },
  responses: { 204: { description: 'Deleted' } },
});

export const listContentKeysRoute = protectedRoute('forbidden', {
  method: 'get',
  path: '/content-keys',
  operationId: 'listContentKeys',
  tags,
  summary: 'The company’s content keys',
  description: `${keysRule} Newest first, revoked ones included (with \`revokedAt\`). The secrets are never shown again.`,
  responses: { 200: jsonResponse(z.array(ContentKeySchema), 'The keys') },
});

export const createContentKeyRoute = protectedRoute('forbidden', {
  method: 'post',
  path: '/content-keys',
  operationId: 'createContentKey',
  tags,
  summary: 'Create a content key',
  description: `${keysRule} The secret (\`cak_…\`) is in this answer only; only its hash is stored. At most ${MAX_LIVE_CONTENT_KEYS} live keys per company (409 \`CONFLICT\` beyond: revoke one first).`,
  request: { body: jsonBody(CreateContentKeyInput) },
  responses: {
    201: jsonResponse(CreatedContentKeySchema, 'Created; the secret is in this response only'),
    409: { description: 'Too many live content keys (`CONFLICT`)', content: errorContent },
  },
});

export const revokeContentKeyRoute = protectedRoute('forbidden', {
  method: 'delete',
  path: '/content-keys/{keyId}',
  operationId: 'revokeContentKey',
  tags,
  summary: 'Revoke a content key',
  description: `${keysRule} The key answers 401 (\`API_KEY_REVOKED\`) on the content API from then on. Revoking a revoked key changes nothing; another company’s key is 404.`,
  request: { params: keyParams },
  responses: { 204: { description: 'Revoked' } },
});

export const listPublishedContentRoute = contentRoute({
  method: 'get',
  path: '/content/items',
  operationId: 'listPublishedContent',
  tags,
  summary: 'Published content of the key’s company (content key)',
  description:
    'For the company’s public site, with a content key (`Authorization: Bearer cak_…`) only. A plain array of published items without `body`, newest published first, no total: `limit` (default 20; above 100 is capped at 100) and `offset`; a page shorter than `limit` is the last. Filter with `kind` and `tag`. Cacheable: a weak `ETag` (304 to a matching `If-None-Match`), `Cache-Control: public, max-age=60, stale-while-revalidate=300`, `Vary: Authorization`. CORS is open (`Access-Control-Allow-Origin: *`) so a site’s browser code may read it. Limited per key (600 a minute by default).',
  request: { query: ListPublishedContentQuery },
  responses: {
    200: { ...jsonResponse(z.array(PublishedContentSummarySchema), 'The published items'), headers: cacheHeaders },
  },
});

export const getPublishedContentRoute = contentRoute({
  method: 'get',
  path: '/content/items/{slug}',
  operationId: 'getPublishedContent',
  tags,
  summary: 'One published item by slug, with its Markdown (content key)',
  description:
    'With a content key only. A draft, an unknown slug or another company’s item is 404. Cacheable like `listPublishedContent` (`ETag`, `If-None-Match` → 304).',
  request: {
    params: z.object({
      slug: z
        .string()
        .min(1)
        .max(100)
        .openapi({ param: { name: 'slug', in: 'path' }, example: 'getting-started' }),
    }),
  },
  responses: { 200: { ...jsonResponse(PublishedContentSchema, 'The published item'), headers: cacheHeaders } },
});
