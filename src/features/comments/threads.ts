import type { Comment } from '@/api';

/** A thread: a root comment and its replies, oldest first. */
export type Thread = { root: Comment; replies: Comment[] };

/** Groups a flat comment list (oldest first) into threads. */
export function threadsOf(comments: Comment[]): Thread[] {
  const roots = comments.filter((comment) => comment.parentId === null);
  const replies = new Map<string, Comment[]>();
  for (const comment of comments) {
    if (comment.parentId) replies.set(comment.parentId, [...(replies.get(comment.parentId) ?? []), comment]);
  }
  return roots.map((root) => ({ root, replies: replies.get(root.id) ?? [] }));
}
