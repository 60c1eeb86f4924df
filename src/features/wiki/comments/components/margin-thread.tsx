import { memo } from 'react';
import { ThreadView, type CommentMutations, type CommentTarget, type Thread } from '@/features/comments';
import { mentionsAsText } from '@/features/mentions';
import { Button } from '@/ui';
import { threadLabel } from '../model';

/**
 * One thread in the margin, level with its passage (the margin sets its `top`). Pointing at it
 * lights its passage; clicking or focusing it makes it the active thread.
 */
export const MarginThread = memo(function MarginThread({
  thread,
  target,
  userId,
  mutations,
  active,
  hovered,
  onHover,
  onActivate,
  onShowInText,
}: {
  thread: Thread;
  target: CommentTarget;
  userId: string;
  mutations: CommentMutations;
  active: boolean;
  hovered: boolean;
  onHover: (anchor: string | null) => void;
  onActivate: () => void;
  onShowInText: () => void;
}) {
  const { root } = thread;
  return (
    <ThreadView
      thread={thread}
      target={target}
      userId={userId}
      mutations={mutations}
      label={threadLabel(thread)}
      before={
        <span id={`wiki-thread-desc-${root.id}`} className="visually-hidden">
          {`Commented by ${root.author}: ${mentionsAsText(root.text).slice(0, 200)}`}
        </span>
      }
      actions={
        <Button size="small" variant="ghost" onClick={onShowInText}>
          Show in text
        </Button>
      }
      itemProps={{
        id: `wiki-thread-${root.id}`,
        className: 'wiki-margin-card',
        tabIndex: -1,
        'data-margin-id': root.id,
        'data-margin-anchor': root.anchor ?? undefined,
        'data-active': active || undefined,
        'data-hovered': hovered || undefined,
        onMouseEnter: () => onHover(root.anchor ?? null),
        onMouseLeave: () => onHover(null),
        onClick: onActivate,
        onFocus: onActivate,
      }}
    />
  );
});
