import { z } from '@hono/zod-openapi';
import { jsonResponse, protectedRoute, SuccessSchema, uuidParam } from '../../http/route.ts';
import {
  CommentPageQuery,
  CommentPageSchema,
  CommentSchema,
  CommentTextSchema,
  UpdateCommentRequest,
} from './schemas.ts';
import { agentCostNote, creditsExhaustedResponse } from '../credits/index.ts';
import { COMMENT_EDIT_MENTIONS_NOTE, COMMENT_MENTIONS_NOTE } from './mentions.ts';

const tags = ['Card comments'];
const cardParams = z.object({ projectId: uuidParam('projectId'), cardId: uuidParam('cardId') });
const commentParams = cardParams.extend({ commentId: uuidParam('commentId') });
const text = CommentTextSchema;

export const listCommentsRoute = protectedRoute(
  'read',
  {
    method: 'get',
    path: '/projects/{projectId}/cards/{cardId}/comments',
    operationId: 'listCardComments',
    tags,
    summary: "A card's comments: roots and replies, oldest first",
    request: {
      params: cardParams,
      query: CommentPageQuery,
    },
    responses: { 200: jsonResponse(CommentPageSchema, 'A page of comments with the total') },
  },
  { agents: true },
);

export const createCommentRoute = protectedRoute(
  'write',
  {
    method: 'post',
    path: '/projects/{projectId}/cards/{cardId}/comments',
    operationId: 'createCardComment',
    tags,
    summary: 'Comment on a card, or reply to a thread',
    description: `Threads have one level: \`parentId\` must be a root comment of this card (a reply to a reply is 400). A reply to a resolved thread reopens it.\n\n${COMMENT_MENTIONS_NOTE}\n\n${agentCostNote('write')}`,
    request: {
      params: cardParams,
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.object({ text, parentId: z.uuid().nullable().optional() }).openapi('CreateCommentRequest'),
          },
        },
      },
    },
    responses: {
      ...creditsExhaustedResponse,
      201: jsonResponse(CommentSchema, 'The new comment'),
    },
  },
  { agents: true },
);

export const updateCommentRoute = protectedRoute('write', {
  method: 'patch',
  path: '/projects/{projectId}/cards/{cardId}/comments/{commentId}',
  operationId: 'updateCardComment',
  tags,
  summary: 'Edit your comment, or resolve / reopen a thread',
  description: `\`text\`: only the author may edit (403 otherwise); \`editedAt\` is set. \`resolved\`: anyone may resolve or reopen a thread, on its root only (400 on a reply).\n\n${COMMENT_EDIT_MENTIONS_NOTE}`,
  request: {
    params: commentParams,
    body: {
      required: true,
      content: {
        'application/json': {
          schema: UpdateCommentRequest,
        },
      },
    },
  },
  responses: { 200: jsonResponse(CommentSchema, 'The updated comment') },
});

export const deleteCommentRoute = protectedRoute('write', {
  method: 'delete',
  path: '/projects/{projectId}/cards/{cardId}/comments/{commentId}',
  operationId: 'deleteCardComment',
  tags,
  summary: 'Delete your own comment (a root takes its replies with it)',
  description: "Someone else's comment is refused with 403 `FORBIDDEN`.",
  request: { params: commentParams },
  responses: { 200: jsonResponse(SuccessSchema, 'Deleted') },
});
