import { api, unwrap, type Comment, type CommentPage, type LiveEventType } from '@/api';

/** A new comment: a root (optionally anchored to a passage, wiki only) or a reply to one. */
export type NewComment = {
  text: string;
  parentId?: string | null;
  /** Root only: what the thread is attached to (a wiki comment mark id or `block:<key>`). */
  anchor?: string | null;
  /** Root only: the passage's text, frozen by the server. */
  quote?: string;
};

/**
 * What a comment thread is attached to: a card, or a wiki page. Both have the same contract,
 * so the same components serve both.
 */
export type CommentTarget = {
  /** Query key of the thread. */
  key: readonly unknown[];
  /** Identifies the thread in drafts. */
  id: string;
  /** The live event types that may change these comments; `matches` picks this target's. */
  events: readonly LiveEventType[];
  list(page: { limit: number; offset: number }, signal?: AbortSignal): Promise<CommentPage>;
  create(input: NewComment): Promise<Comment>;
  update(commentId: string, changes: { text?: string; resolved?: boolean }): Promise<Comment>;
  remove(commentId: string): Promise<unknown>;
  /** Whether a live comment event belongs to this target. */
  matches(data: Record<string, unknown>): boolean;
};

const cardEvents = [
  'comment.created',
  'comment.updated',
  'comment.resolved',
  'comment.reopened',
  'comment.deleted',
] as const satisfies LiveEventType[];

export function cardCommentTarget(projectId: string, cardId: string): CommentTarget {
  const path = { projectId, cardId };
  return {
    key: ['comments', 'card', cardId] as const,
    id: `card:${cardId}`,
    events: cardEvents,
    list: (query, signal) =>
      unwrap(api.GET('/projects/{projectId}/cards/{cardId}/comments', { params: { path, query }, signal })),
    // Cards have no anchors.
    create: ({ text, parentId }) =>
      unwrap(api.POST('/projects/{projectId}/cards/{cardId}/comments', { params: { path }, body: { text, parentId } })),
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
