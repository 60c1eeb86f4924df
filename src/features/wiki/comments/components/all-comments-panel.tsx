import type { ReactNode } from 'react';
import { ThreadView, type CommentMutations, type CommentTarget, type Thread } from '@/features/comments';
import { Button, SidePanel } from '@/ui';
import { filterOf, threadLabel, type ThreadFilter } from '../model';

const FILTERS: { value: ThreadFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'detached', label: 'Detached' },
];

const EMPTY: Record<ThreadFilter, string> = {
  open: 'No open threads.',
  resolved: 'No resolved threads.',
  detached: 'No detached threads: every thread’s passage is still in the page.',
};

/**
 * Every thread of the page, filtered: open, resolved, or detached (the passage was deleted; the
 * thread keeps its quote). Each can be replied to, resolved, and shown in the text.
 */
export function AllCommentsPanel({
  filter,
  onFilter,
  onClose,
  threads,
  counts,
  present,
  activeId,
  target,
  userId,
  mutations,
  onShowInText,
  onActivate,
  composer,
}: {
  filter: ThreadFilter;
  onFilter: (filter: ThreadFilter) => void;
  onClose: () => void;
  threads: Thread[];
  counts: Record<ThreadFilter, number>;
  /** Anchors present in the editor's document. */
  present: ReadonlySet<string>;
  activeId: string | null;
  target: CommentTarget;
  userId: string;
  mutations: CommentMutations;
  onShowInText: (thread: Thread) => void;
  onActivate: (thread: Thread) => void;
  /** A new thread's composer, shown first (narrow screens). */
  composer?: ReactNode;
}) {
  const shown = threads.filter((thread) => filterOf(thread.root) === filter);
  return (
    <SidePanel label="Comments on this page" onClose={onClose} header={<h2 className="wiki-panel-title">Comments</h2>}>
      {composer}
      <div className="wiki-comment-filters" role="group" aria-label="Show threads">
        {FILTERS.map((option) => (
          <Button
            key={option.value}
            size="small"
            variant={filter === option.value ? 'primary' : 'ghost'}
            aria-pressed={filter === option.value}
            onClick={() => onFilter(option.value)}
          >
            {option.label} ({counts[option.value]})
          </Button>
        ))}
      </div>
      {shown.length === 0 ? (
        <p className="muted">{EMPTY[filter]}</p>
      ) : (
        <ol
          className="comment-threads wiki-panel-threads"
          aria-label={`${FILTERS.find((f) => f.value === filter)!.label} threads`}
        >
          {shown.map((thread) => {
            const { root } = thread;
            const inText = Boolean(root.anchor && present.has(root.anchor));
            return (
              <ThreadView
                key={root.id}
                thread={thread}
                target={target}
                userId={userId}
                mutations={mutations}
                label={threadLabel(thread)}
                before={
                  <div className="wiki-panel-thread-head">
                    {root.quote ? (
                      <blockquote className="wiki-thread-quote">{root.quote}</blockquote>
                    ) : (
                      <p className="muted">{root.anchor ? 'On a block of the page' : 'On the whole page'}</p>
                    )}
                    {root.detachedAt && (
                      <p className="muted wiki-detached-note">The commented passage was removed from the page.</p>
                    )}
                  </div>
                }
                actions={
                  inText && (
                    <Button size="small" variant="ghost" onClick={() => onShowInText(thread)}>
                      Show in text
                    </Button>
                  )
                }
                itemProps={{
                  id: `wiki-panel-thread-${root.id}`,
                  tabIndex: -1,
                  className: 'wiki-panel-thread',
                  'data-active': root.id === activeId || undefined,
                  onFocus: () => {
                    if (root.id !== activeId && inText) onActivate(thread);
                  },
                }}
              />
            );
          })}
        </ol>
      )}
    </SidePanel>
  );
}
