import { api, unwrap, type LiveEventType } from '@/api';
import type { CommentTarget } from '@/features/comments';

const wikiCommentEvents = [
  'wiki.comment.created',
  'wiki.comment.updated',
  'wiki.comment.resolved',
  'wiki.comment.reopened',
  'wiki.comment.deleted',
] as const satisfies LiveEventType[];

/** The comments of one wiki page, for the shared thread components. */
export function wikiCommentTarget(projectId: string, pageId: string): CommentTarget {
  const path = { projectId, pageId };
  return {
    key: ['comments', 'wiki', pageId] as const,
    id: `wiki:${pageId}`,
    events: wikiCommentEvents,
    list: (query, signal) =>
      unwrap(api.GET('/projects/{projectId}/wiki/{pageId}/comments', { params: { path, query }, signal })),
    create: (body) => unwrap(api.POST('/projects/{projectId}/wiki/{pageId}/comments', { params: { path }, body })),
    update: (commentId, body) =>
      unwrap(
        api.PATCH('/projects/{projectId}/wiki/{pageId}/comments/{commentId}', {
          params: { path: { ...path, commentId } },
          body,
        }),
      ),
    remove: (commentId) =>
      unwrap(
        api.DELETE('/projects/{projectId}/wiki/{pageId}/comments/{commentId}', {
          params: { path: { ...path, commentId } },
        }),
      ),
    matches: (data) => data.pageId === pageId,
  };
}
