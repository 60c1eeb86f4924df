import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage, onLiveEvent, type Comment, type LiveEvent, type LiveEventType } from '@/api';
import { QueryNotice } from '@/ui';
import { type CommentChange, useCommentMutations } from '../mutations';
import { commentQueries } from '../queries';
import type { CommentTarget } from '../target';
import { Composer } from './comment-composer';
import { ThreadView, type Thread } from './comment-view';
import './comment-threads.css';

function threadsOf(comments: Comment[]): Thread[] {
  const roots = comments.filter((comment) => comment.parentId === null);
  const replies = new Map<string, Comment[]>();
  for (const comment of comments) {
    if (comment.parentId) replies.set(comment.parentId, [...(replies.get(comment.parentId) ?? []), comment]);
  }
  return roots.map((root) => ({ root, replies: replies.get(root.id) ?? [] }));
}

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
  const queryClient = useQueryClient();
  const [showResolved, setShowResolved] = useState(false);
  const mutations = useCommentMutations(target, onChange);

  // Colleagues' comments arrive live.
  useEffect(() => {
    const types = [
      'comment.created',
      'comment.updated',
      'comment.resolved',
      'comment.reopened',
      'comment.deleted',
    ] as const satisfies LiveEventType[];
    const refresh = ({ data }: LiveEvent<(typeof types)[number]>) => {
      if (target.matches(data)) void queryClient.invalidateQueries({ queryKey: target.key });
    };
    const stops = types.map((type) => onLiveEvent(type, refresh));
    return () => stops.forEach((stop) => stop());
  }, [queryClient, target]);

  const threads = useMemo(() => threadsOf(query.data ?? []), [query.data]);
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
