import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';
import {
  COMMENT_EDIT_MENTIONS_NOTE,
  COMMENT_MENTIONS_NOTE,
  CommentPageQuery,
  CommentPageSchema,
  CommentSchema,
  CommentTextSchema,
  UpdateCommentRequest,
} from '../comments/index.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';
import {
  WIKI_LIMITS,
  WikiPageListSchema,
  WikiPageSchema,
  WikiRevisionConflictSchema,
  WikiRevisionPageSchema,
  WikiRevisionSchema,
} from './schemas.ts';

const tags = ['Wiki'];
const projectParams = z.object({ projectId: uuidParam('projectId') });
const pageParams = projectParams.extend({ pageId: uuidParam('pageId') });
const revisionParams = pageParams.extend({ revisionId: uuidParam('revisionId') });
const commentParams = pageParams.extend({ commentId: uuidParam('commentId') });

const title = z.string().trim().min(1).max(WIKI_LIMITS.title);
const markdown = z.string().openapi({
  description:
    'CommonMark + GFM, at most 2,097,152 bytes of UTF-8 (413 `PAYLOAD_TOO_LARGE` beyond). Comment marks must be well formed: `[comment id="<uuid> <uuid>…"]` opens and `[/comment]` closes on the same line, runs never nest (400 on `markdown` otherwise). Marks inside code spans and fenced code blocks are text.',
});

const tooLarge = jsonResponse(
  ErrorEnvelope,
  'Markdown over 2 MiB (2,097,152 bytes of UTF-8), or a request body over 3 MiB (`PAYLOAD_TOO_LARGE`)',
);
const archivedConflict = jsonResponse(ErrorEnvelope, 'The page is archived: restore it first (`CONFLICT`)');
const json = <T extends z.ZodType>(schema: T) => ({ required: true, content: { 'application/json': { schema } } });

export const listWikiPagesRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/wiki',
    operationId: 'listWikiPages',
    tags,
    summary: "The project's page tree (flat), or its archived pages",
    description:
      'Without `archived` (or `archived=false`): every live page, ordered by parent (top-level pages first) then position; build the tree from `parentId`. With `archived=true`: only the archived pages.',
    request: {
      params: projectParams,
      query: z.object({
        archived: z
          .enum(['true', 'false'])
          .default('false')
          .openapi({ param: { name: 'archived', in: 'query' }, description: '`true` lists the archived pages only.' }),
      }),
    },
    responses: { 200: jsonResponse(WikiPageListSchema, 'The pages, without their bodies') },
  },
  { agents: true },
);

export const createWikiPageRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/wiki',
  operationId: 'createWikiPage',
  tags,
  summary: 'Create a page (revision 1)',
  description:
    '`parentId` must be a live page of the project (400 otherwise). `position` is the place among its new siblings; absent or past the end puts it last.',
  request: {
    params: projectParams,
    body: json(
      z
        .object({
          title,
          parentId: z
            .uuid()
            .nullable()
            .optional()
            .openapi({ description: 'The parent page; null or absent: top level.' }),
          markdown: markdown.optional(),
          position: z.number().int().min(0).optional(),
        })
        .openapi('CreateWikiPageRequest'),
    ),
  },
  responses: { 201: jsonResponse(WikiPageSchema, 'The new page'), 413: tooLarge },
});

export const getWikiPageRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/wiki/{pageId}',
    operationId: 'getWikiPage',
    tags,
    summary: 'Read a page with its Markdown (archived pages too)',
    request: { params: pageParams },
    responses: { 200: jsonResponse(WikiPageSchema, 'The page') },
  },
  { agents: true },
);

export const updateWikiPageRoute = protectedRoute('write', {
  method: 'patch',
  path: '/projects/{projectId}/wiki/{pageId}',
  operationId: 'updateWikiPage',
  tags,
  summary: 'Save a page: a new revision',
  description: [
    '`baseRevisionId` names the revision the edit was made on. When it is not the current one, the answer is 412 `REVISION_CONFLICT` with `currentRevisionId` and the current `page`, and nothing is stored: merge, then save again on the current revision.',
    'A save identical to the current title and Markdown creates no revision and answers the page unchanged. `summary` defaults to one the server writes.',
    'Anchored threads whose anchor is no longer in the Markdown get `detachedAt`; it is cleared when a later save brings the anchor back.',
  ].join('\n\n'),
  request: {
    params: pageParams,
    body: json(
      z
        .object({
          baseRevisionId: z.uuid().openapi({ description: 'The revision this edit was made on.' }),
          title: title.optional(),
          markdown: markdown.optional(),
          summary: z.string().trim().max(WIKI_LIMITS.summary).optional().openapi({
            description: 'What changed, in the editor’s words (at most 200 characters).',
          }),
        })
        .refine((body) => body.title !== undefined || body.markdown !== undefined, {
          message: 'send title and/or markdown',
        })
        .openapi('UpdateWikiPageRequest'),
    ),
  },
  responses: {
    200: jsonResponse(WikiPageSchema, 'The page with its new revision (or unchanged, for an identical save)'),
    409: archivedConflict,
    412: jsonResponse(
      WikiRevisionConflictSchema,
      '`baseRevisionId` is not the current revision (`REVISION_CONFLICT`): nothing was stored',
    ),
    413: tooLarge,
  },
});

export const moveWikiPageRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/wiki/{pageId}/move',
  operationId: 'moveWikiPage',
  tags,
  summary: 'Move a page: a new parent and/or a new place among its siblings',
  description:
    '`position` counts the new siblings without the page itself; past the end puts it last. A parent that is the page itself or one of its descendants (a cycle), of another project, or archived, is 400 on `parentId`. Siblings keep dense positions 0..n-1. Moves of one project are serialised.',
  request: {
    params: pageParams,
    body: json(
      z
        .object({
          parentId: z.uuid().nullable().openapi({ description: 'The new parent; null: top level.' }),
          position: z.number().int().min(0),
        })
        .openapi('MoveWikiPageRequest'),
    ),
  },
  responses: {
    200: jsonResponse(WikiPageListSchema, 'The project’s live pages after the move'),
    409: archivedConflict,
  },
});

export const archiveWikiPageRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/wiki/{pageId}/archive',
  operationId: 'archiveWikiPage',
  tags,
  summary: 'Archive a page and its descendants',
  description:
    'The page and every live descendant are archived with one timestamp; its live siblings close the gap. Archiving an archived page changes nothing.',
  request: { params: pageParams },
  responses: { 200: jsonResponse(WikiPageListSchema, 'The project’s live pages after the change') },
});

export const restoreWikiPageRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/wiki/{pageId}/restore',
  operationId: 'restoreWikiPage',
  tags,
  summary: 'Restore an archived page and the descendants archived with it',
  description:
    'The page goes back last among its parent’s live children, or last at the top level when its parent is still archived. Descendants archived with it (same timestamp) come back in their places. Restoring a live page changes nothing.',
  request: { params: pageParams },
  responses: { 200: jsonResponse(WikiPageListSchema, 'The project’s live pages after the change') },
});

export const listWikiRevisionsRoute = protectedRoute('read', {
  method: 'get',
  path: '/projects/{projectId}/wiki/{pageId}/revisions',
  operationId: 'listWikiRevisions',
  tags,
  summary: "A page's revisions, newest first, a page at a time",
  request: {
    params: pageParams,
    query: z.object({
      limit: z.coerce
        .number()
        .int()
        .min(1)
        .max(WIKI_LIMITS.revisionsPage)
        .default(50)
        .openapi({ param: { name: 'limit', in: 'query' }, description: '1..100, default 50.' }),
      before: z
        .uuid()
        .optional()
        .openapi({
          param: { name: 'before', in: 'query' },
          description:
            'Only revisions older than this one (a revision of this page: 400 otherwise); `nextBefore` of the previous page.',
        }),
    }),
  },
  responses: { 200: jsonResponse(WikiRevisionPageSchema, 'Revisions without their Markdown, newest first') },
});

export const getWikiRevisionRoute = protectedRoute('read', {
  method: 'get',
  path: '/projects/{projectId}/wiki/{pageId}/revisions/{revisionId}',
  operationId: 'getWikiRevision',
  tags,
  summary: 'Read one revision with its Markdown',
  request: { params: revisionParams },
  responses: { 200: jsonResponse(WikiRevisionSchema, 'The revision') },
});

export const restoreWikiRevisionRoute = protectedRoute('write', {
  method: 'post',
  path: '/projects/{projectId}/wiki/{pageId}/revisions/{revisionId}/restore',
  operationId: 'restoreWikiRevision',
  tags,
  summary: 'Restore a revision: a new revision with its title and Markdown',
  description:
    'An explicit action, so it needs no base revision; the new revision records `restoredFrom`. Anchored threads are re-checked as on a save.',
  request: { params: revisionParams },
  responses: { 201: jsonResponse(WikiPageSchema, 'The page with its new revision'), 409: archivedConflict },
});

export const listWikiCommentsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/wiki/{pageId}/comments',
    operationId: 'listWikiComments',
    tags,
    summary: "A page's comments: roots and replies, oldest first",
    description: 'Open to agent tokens: an agent mentioned in a thread (`agent.mentioned`) reads it to answer there.',
    request: { params: pageParams, query: CommentPageQuery },
    responses: { 200: jsonResponse(CommentPageSchema, 'A page of comments with the total') },
  },
  { agents: true },
);

export const createWikiCommentRoute = protectedRoute(
  'write',
  {
    method: 'post',
    path: '/projects/{projectId}/wiki/{pageId}/comments',
    operationId: 'createWikiComment',
    tags,
    summary: 'Comment on a page or a passage of it, or reply to a thread',
    description: [
      'Threads have one level: `parentId` must be a root comment of this page (a reply to a reply is 400). A reply to a resolved thread reopens it.',
      '`anchor` (roots only: 400 on a reply) is the id of a comment mark present in the page’s current Markdown, or `block:<key>` of a block present; 400 on `anchor` otherwise. `quote`, when absent, is the text of the marked passage (its runs joined, cut at 1,000 characters); it never changes afterwards.',
      COMMENT_MENTIONS_NOTE,
      `An agent token writes as the agent (\`authorAgentId\`): a new thread, or its answer in a thread it was mentioned in (\`agent.mentioned\`). ${agentCostNote('write')}`,
    ].join('\n\n'),
    request: {
      params: pageParams,
      body: json(
        z
          .object({
            text: CommentTextSchema,
            parentId: z.uuid().nullable().optional(),
            anchor: z.string().max(80).nullable().optional().openapi({
              description: 'A comment-mark id of the page (a UUID), or `block:<key>`. Roots only.',
            }),
            quote: z.string().max(WIKI_LIMITS.quote).optional().openapi({
              description:
                'The passage as the author saw it (at most 1,000 characters); derived from the page when absent.',
            }),
          })
          .openapi('CreateWikiCommentRequest'),
      ),
    },
    responses: { ...creditsExhaustedResponse, 201: jsonResponse(CommentSchema, 'The new comment') },
  },
  { agents: true },
);

export const updateWikiCommentRoute = protectedRoute('write', {
  method: 'patch',
  path: '/projects/{projectId}/wiki/{pageId}/comments/{commentId}',
  operationId: 'updateWikiComment',
  tags,
  summary: 'Edit your comment, or resolve / reopen a thread',
  description: `\`text\`: only the author may edit (403 otherwise); \`editedAt\` is set. \`resolved\`: anyone may resolve or reopen a thread, on its root only (400 on a reply). Anchor and quote never change. ${COMMENT_EDIT_MENTIONS_NOTE}`,
  request: { params: commentParams, body: json(UpdateCommentRequest) },
  responses: { 200: jsonResponse(CommentSchema, 'The updated comment') },
});

export const deleteWikiCommentRoute = protectedRoute('write', {
  method: 'delete',
  path: '/projects/{projectId}/wiki/{pageId}/comments/{commentId}',
  operationId: 'deleteWikiComment',
  tags,
  summary: 'Delete your own comment (a root takes its replies with it)',
  description: "Someone else's comment is refused with 403 `FORBIDDEN`.",
  request: { params: commentParams },
  responses: { 200: jsonResponse(SuccessSchema, 'Deleted') },
});
