import type { Comment } from '@/api';
import type { Thread } from '@/features/comments';

/** Where a thread is listed: open, resolved, or apart because its passage is gone. */
export type ThreadFilter = 'open' | 'resolved' | 'detached';

export function filterOf(root: Comment): ThreadFilter {
  if (root.detachedAt) return 'detached';
  return root.resolvedAt ? 'resolved' : 'open';
}

/** The thread a comment id names (a root, or the root of a reply). */
export function threadOf(threads: readonly Thread[], commentId: string | null | undefined): Thread | undefined {
  if (!commentId) return undefined;
  return threads.find(
    (thread) => thread.root.id === commentId || thread.replies.some((reply) => reply.id === commentId),
  );
}

/** A short form of a quote for labels. */
export function shortQuote(quote: string | null | undefined, max = 60): string {
  const text = (quote ?? '').replace(/\s+/g, ' ').trim();
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The accessible name of a thread: "Comment on “passage” by Ada, resolved". */
export function threadLabel(thread: Thread): string {
  const { root } = thread;
  const quote = shortQuote(root.quote);
  const on = quote ? `Comment on “${quote}”` : root.anchor ? 'Comment on a block' : 'Comment on the page';
  const state = root.detachedAt ? ', passage removed' : root.resolvedAt ? ', resolved' : '';
  return `${on} by ${root.author}${state}`;
}
