import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { errorMessage } from '@/api';
import { QueryNotice } from '@/ui';
import { useHighlightedComment } from '../highlight';
import { useCommentLive } from '../live';
import { type CommentChange, useCommentMutations } from '../mutations';
import { commentQueries } from '../queries';
import type { CommentTarget } from '../target';
import { threadsOf } from '../threads';
import { Composer } from './comment-composer';
import { ThreadView } from './comment-view';

type ThreadsProps = {
  target: CommentTarget;
  /** The signed-in user: their comments can be edited and deleted. */
  userId: string;
  onChange?: (change: CommentChange) => void;
};

/**
 * Comment threads: roots with one level of replies, oldest first. Reply, edit and delete your
 * own, resolve and reopen threads, show or hide resolved ones. Unsent text is kept per thread.
 */
export function CommentThreads({ target, userId, onChange }: ThreadsProps) {
  const query = useQuery(commentQueries.thread(target));
  const [showResolved, setShowResolved] = useState(false);
  const mutations = useCommentMutations(target, onChange);

  // Colleagues' comments arrive live.
  useCommentLive(target);

  const threads = useMemo(() => threadsOf(query.data ?? []), [query.data]);

  // A linked comment (`?comment=`) in a resolved thread: show the resolved ones, once per link.
  const linked = useHighlightedComment();
  const linkedThread = linked
    ? threads.find((thread) => thread.root.id === linked || thread.replies.some((reply) => reply.id === linked))
    : undefined;
  const [revealedFor, setRevealedFor] = useState<string | undefined>(undefined);
  if (linked && linkedThread?.root.resolvedAt && revealedFor !== linked) {
    setRevealedFor(linked);
    setShowResolved(true);
  }
  const linkGone = Boolean(linked && query.data && !linkedThread);

  const resolvedCount = threads.filter((thread) => thread.root.resolvedAt).length;
  const shown = threads.filter((thread) => showResolved || !thread.root.resolvedAt);

  return (
    <section className="comments" aria-labelledby="comments-heading">
      <header className="comments-header">
        <h2 id="comments-heading">Comments {query.data && <span className="muted">({query.data.length})</span>}</h2>
        {resolvedCount > 0 && (
          <label className="row comments-toggle">
            <input type="checkbox" checked={showResolved} onChange={(event) => setShowResolved(event.target.checked)} />
            Show resolved ({resolvedCount})
          </label>
        )}
      </header>
      {/* Always there (a live region must exist before it speaks); out of the layout while empty. */}
      <p className={linkGone ? 'muted' : 'visually-hidden'} role="status">
        {linkGone ? 'That comment was deleted.' : ''}
      </p>
      {query.isPending && <QueryNotice status="loading" label="Loading comments…" />}
      {query.isError && (
        <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      )}
      {query.data && shown.length === 0 && (
        <p className="muted">{threads.length === 0 ? 'No comments yet.' : 'All threads are resolved.'}</p>
      )}
      <ol className="comment-threads">
        {shown.map((thread) => (
          <ThreadView key={thread.root.id} thread={thread} target={target} userId={userId} mutations={mutations} />
        ))}
      </ol>
      <Composer
        draftKey={target.id}
        label="New comment"
        submitLabel="Comment"
        pending={mutations.create.isPending}
        onSubmit={(text, done) => mutations.create.mutate({ text }, { onSuccess: done })}
        error={mutations.create.isError && !mutations.create.variables?.parentId ? mutations.create.error : null}
      />
    </section>
  );
}
