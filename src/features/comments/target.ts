import { api, unwrap, type Comment, type CommentPage } from '@/api';

/**
 * What a comment thread is attached to. Cards now; wiki pages use the same shape and contract,
 * so the same components serve both.
 */
export type CommentTarget = {
  /** Query key of the thread. */
  key: readonly unknown[];
  /** Identifies the thread in live events and drafts. */
  id: string;
  list(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<CommentPage>;
  create(input: { text: string; parentId?: string | null }): Promise<Comment>;
  update(commentId: string, changes: { text?: string; resolved?: boolean }): Promise<Comment>;
  remove(commentId: string): Promise<unknown>;
  /** Whether a live comment event belongs to this thread. */
  matches(data: Record<string, unknown>): boolean;
};

export function cardCommentTarget(projectId: string, cardId: string): CommentTarget {
  const path = { projectId, cardId };
  return {
    key: ['comments', 'card', cardId] as const,
    id: `card:${cardId}`,
    list: (query, signal) =>
      unwrap(api.GET('/projects/{projectId}/cards/{cardId}/comments', { params: { path, query }, signal })),
    create: (body) => unwrap(api.POST('/projects/{projectId}/cards/{cardId}/comments', { params: { path }, body })),
    update: (commentId, body) =>
      unwrap(
        api.PATCH('/projects/{projectId}/cards/{cardId}/comments/{commentId}', {
          params: { path: { ...path, commentId } },
          body,
        }),
      ),
    remove: (commentId) =>
      unwrap(
        api.DELETE('/projects/{projectId}/cards/{cardId}/comments/{commentId}', {
          params: { path: { ...path, commentId } },
        }),
      ),
    matches: (data) => data.cardId === cardId,
  };
}
