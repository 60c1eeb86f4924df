import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { errorMessage, onLiveEvent, type Comment } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Avatar, Button, ConfirmDialog, Spinner } from '@/ui';
import { setDraft, useDrafts } from '../drafts';
import { type CommentChange, useCommentMutations } from '../mutations';
import { commentQueries } from '../queries';
import type { CommentTarget } from '../target';
import './comment-threads.css';

export const COMMENT_MAX = 10_000;

type Thread = { root: Comment; replies: Comment[] };

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
    const refresh = (event: { data: Record<string, unknown> }) => {
      if (target.matches(event.data)) void queryClient.invalidateQueries({ queryKey: target.key });
    };
    const types = ['comment.created', 'comment.updated', 'comment.resolved', 'comment.reopened', 'comment.deleted'];
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
      {query.isPending && (
        <p className="row muted">
          <Spinner /> Loading comments…
        </p>
      )}
      {query.isError && (
        <p className="notice" data-tone="danger" role="alert">
          {errorMessage(query.error)}
        </p>
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

type Mutations = ReturnType<typeof useCommentMutations>;

function ThreadView({
  thread,
  target,
  userId,
  mutations,
}: {
  thread: Thread;
  target: CommentTarget;
  userId: string;
  mutations: Mutations;
}) {
  const [replying, setReplying] = useState(false);
  const { root, replies } = thread;
  const resolved = Boolean(root.resolvedAt);
  const replyKey = `${target.id}:reply:${root.id}`;
  const hasDraft = Boolean(useDrafts((state) => state.drafts[replyKey]));
  return (
    <li
      className="comment-thread"
      data-resolved={resolved || undefined}
      aria-label={`Thread started by ${root.author}${resolved ? ', resolved' : ''}`}
    >
      <CommentView comment={root} userId={userId} mutations={mutations} />
      {replies.length > 0 && (
        <ol className="comment-replies">
          {replies.map((reply) => (
            <li key={reply.id}>
              <CommentView comment={reply} userId={userId} mutations={mutations} />
            </li>
          ))}
        </ol>
      )}
      <div className="row comment-thread-actions">
        {!(replying || hasDraft) && (
          <Button size="small" variant="ghost" onClick={() => setReplying(true)}>
            Reply
          </Button>
        )}
        <Button
          size="small"
          variant="ghost"
          busy={
            mutations.update.isPending &&
            mutations.update.variables?.comment.id === root.id &&
            mutations.update.variables.changes.resolved !== undefined
          }
          onClick={() => mutations.update.mutate({ comment: root, changes: { resolved: !resolved } })}
        >
          {resolved ? 'Reopen' : 'Resolve'}
        </Button>
        {resolved && (
          <span className="badge" data-tone="success">
            Resolved {formatRelative(root.resolvedAt!)}
          </span>
        )}
      </div>
      {(replying || hasDraft) && (
        <Composer
          draftKey={replyKey}
          label={`Reply to ${root.author}`}
          submitLabel="Reply"
          autoFocus={replying}
          pending={mutations.create.isPending && mutations.create.variables?.parentId === root.id}
          onSubmit={(text, done) =>
            mutations.create.mutate(
              { text, parentId: root.id },
              {
                onSuccess: () => {
                  done();
                  setReplying(false);
                },
              },
            )
          }
          onCancel={() => setReplying(false)}
          note={resolved ? 'Replying reopens this thread.' : undefined}
          error={
            mutations.create.isError && mutations.create.variables?.parentId === root.id ? mutations.create.error : null
          }
        />
      )}
    </li>
  );
}

function CommentView({ comment, userId, mutations }: { comment: Comment; userId: string; mutations: Mutations }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const mine = comment.authorUserId === userId;
  const isAgent = Boolean(comment.authorAgentId);
  return (
    <article className="comment" aria-label={`${comment.author}, ${formatRelative(comment.at)}`}>
      <Avatar name={comment.author} kind={isAgent ? 'agent' : 'human'} size={26} />
      <div className="comment-body">
        <div className="comment-meta">
          <strong>{comment.author}</strong>
          {isAgent && <span className="badge">Agent</span>}
          <time dateTime={comment.at} title={formatDateTime(comment.at)} className="muted">
            {formatRelative(comment.at)}
          </time>
          {comment.editedAt && (
            <span className="muted" title={`Edited ${formatDateTime(comment.editedAt)}`}>
              (edited)
            </span>
          )}
        </div>
        {editing ? (
          <EditForm comment={comment} mutations={mutations} onDone={() => setEditing(false)} />
        ) : (
          <p className="comment-text">{comment.text}</p>
        )}
        {mine && !editing && (
          <div className="row comment-actions">
            <Button size="small" variant="ghost" onClick={() => setEditing(true)} aria-label="Edit your comment">
              Edit
            </Button>
            <Button size="small" variant="ghost" onClick={() => setConfirming(true)} aria-label="Delete your comment">
              Delete
            </Button>
          </div>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        title="Delete this comment?"
        description={
          comment.parentId === null
            ? 'Its replies are deleted with it. This cannot be undone.'
            : 'This cannot be undone.'
        }
        confirmLabel="Delete comment"
        busy={mutations.remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => mutations.remove.mutate(comment, { onSettled: () => setConfirming(false) })}
      >
        {mutations.remove.isError && mutations.remove.variables?.id === comment.id && (
          <p className="notice" data-tone="danger" role="alert">
            {errorMessage(mutations.remove.error)}
          </p>
        )}
      </ConfirmDialog>
    </article>
  );
}

function EditForm({ comment, mutations, onDone }: { comment: Comment; mutations: Mutations; onDone: () => void }) {
  const [text, setText] = useState(comment.text);
  const failed = mutations.update.isError && mutations.update.variables?.comment.id === comment.id;
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim()) return;
    mutations.update.mutate({ comment, changes: { text } }, { onSuccess: onDone });
  }
  return (
    <form className="stack comment-edit" onSubmit={handleSubmit}>
      <TextArea label="Edit comment" value={text} onChange={setText} autoFocus onSubmit={handleSubmit} />
      {failed && (
        <p className="field-error" role="alert">
          {errorMessage(mutations.update.error)}
        </p>
      )}
      <div className="row">
        <Button
          type="submit"
          size="small"
          variant="primary"
          busy={mutations.update.isPending}
          disabled={!text.trim() || text.length > COMMENT_MAX}
        >
          Save
        </Button>
        <Button size="small" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function TextArea({
  label,
  value,
  onChange,
  autoFocus,
  onSubmit,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
  onSubmit: (event: FormEvent) => void;
}) {
  const near = value.length >= COMMENT_MAX * 0.9;
  return (
    <div className="field">
      <textarea
        className="input comment-input"
        rows={3}
        value={value}
        autoFocus={autoFocus}
        placeholder={label}
        aria-label={label}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) onSubmit(event);
        }}
        aria-invalid={value.length > COMMENT_MAX || undefined}
      />
      {near && (
        <span className="field-counter" data-over={value.length > COMMENT_MAX} aria-live="polite">
          {value.length.toLocaleString()}/{COMMENT_MAX.toLocaleString()}
        </span>
      )}
    </div>
  );
}

function Composer({
  draftKey,
  label,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  autoFocus,
  note,
  error,
}: {
  draftKey: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (text: string, done: () => void) => void;
  onCancel?: () => void;
  autoFocus?: boolean;
  note?: string;
  error: unknown;
}) {
  const text = useDrafts((state) => state.drafts[draftKey] ?? '');
  const tooLong = text.length > COMMENT_MAX;
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || tooLong || pending) return;
    onSubmit(text, () => setDraft(draftKey, ''));
  }
  return (
    <form className="comment-composer stack" onSubmit={handleSubmit}>
      <TextArea
        label={label}
        value={text}
        onChange={(value) => setDraft(draftKey, value)}
        autoFocus={autoFocus}
        onSubmit={handleSubmit}
      />
      {note && <p className="muted">{note}</p>}
      {Boolean(error) && (
        <p className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
      <div className="row">
        <Button type="submit" size="small" variant="primary" busy={pending} disabled={!text.trim() || tooLong}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button
            size="small"
            variant="ghost"
            onClick={() => {
              setDraft(draftKey, '');
              onCancel();
            }}
          >
            Cancel
          </Button>
        )}
        <span className="muted comment-hint">Ctrl+Enter to send</span>
      </div>
    </form>
  );
}
