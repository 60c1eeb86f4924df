import { Composer } from '@/features/comments';

/**
 * The composer of a new anchored thread. Its text is a draft kept per page until the thread
 * exists; a failed send keeps it and shows the message. Escape cancels (the passage keeps no mark:
 * it is only marked on send).
 */
export function NewThreadComposer({
  pageId,
  quote,
  pending,
  error,
  onSubmit,
  onCancel,
}: {
  pageId: string;
  quote: string;
  pending: boolean;
  error: unknown;
  onSubmit: (text: string, done: () => void) => void;
  onCancel: () => void;
}) {
  return (
    <div
      className="wiki-new-thread"
      role="group"
      aria-label="New comment"
      onKeyDown={(event) => {
        // A mention picker's Esc (default prevented) closes only its suggestions.
        if (event.key === 'Escape' && !pending && !event.defaultPrevented) {
          event.preventDefault();
          event.stopPropagation();
          onCancel();
        }
      }}
    >
      {quote && <p className="wiki-thread-quote">{quote}</p>}
      <Composer
        draftKey={`wiki:${pageId}:new`}
        label="Comment on the selection"
        submitLabel="Comment"
        autoFocus
        pending={pending}
        error={error}
        onSubmit={onSubmit}
        onCancel={onCancel}
      />
    </div>
  );
}
