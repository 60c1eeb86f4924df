import { type FormEvent, type LiHTMLAttributes, type ReactNode, type Ref, useRef, useState } from 'react';
import { errorMessage, type Comment } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { MentionText } from '@/features/mentions';
import { Avatar, Button, ConfirmDialog, FormError } from '@/ui';
import { useCommentDraft } from '../drafts';
import { useCommentHighlight } from '../highlight';
import type { useCommentMutations } from '../mutations';
import type { CommentTarget } from '../target';
import type { Thread } from '../threads';
import { COMMENT_MAX, Composer, TextArea } from './comment-composer';

export type Mutations = ReturnType<typeof useCommentMutations>;

/**
 * A thread (a list item): its root, its replies, and a reply composer. Hosts may name it, put
 * something before the root (a quoted passage), add actions, and set the item's own attributes.
 */
export function ThreadView({
  thread,
  target,
  userId,
  mutations,
  label,
  before,
  actions,
  itemProps,
}: {
  thread: Thread;
  target: CommentTarget;
  userId: string;
  mutations: Mutations;
  /** The item's accessible name; by default "Thread started by …". */
  label?: string;
  before?: ReactNode;
  /** Extra buttons after Reply and Resolve. */
  actions?: ReactNode;
  itemProps?: LiHTMLAttributes<HTMLLIElement> & { ref?: Ref<HTMLLIElement> } & {
    [data: `data-${string}`]: string | boolean | undefined;
  };
}) {
  const [replying, setReplying] = useState(false);
  const { root, replies } = thread;
  const resolved = Boolean(root.resolvedAt);
  const replyKey = `${target.id}:reply:${root.id}`;
  const hasDraft = Boolean(useCommentDraft(replyKey));
  return (
    <li
      {...itemProps}
      className={itemProps?.className ? `comment-thread ${itemProps.className}` : 'comment-thread'}
      data-resolved={resolved || undefined}
      aria-label={label ?? `Thread started by ${root.author}${resolved ? ', resolved' : ''}`}
    >
      {before}
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
        {actions}
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
  // The comment a link points at: highlighted, in view, focused.
  const element = useRef<HTMLElement>(null);
  const highlighted = useCommentHighlight(comment.id, element);
  return (
    <article
      ref={element}
      className="comment"
      aria-label={`${comment.author}, ${formatRelative(comment.at)}`}
      data-comment-id={comment.id}
      data-highlighted={highlighted || undefined}
      tabIndex={highlighted ? -1 : undefined}
    >
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
          <p className="comment-text">
            <MentionText text={comment.text} />
          </p>
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
          <FormError message={errorMessage(mutations.remove.error)} />
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
