import type { FormEvent } from 'react';
import { errorMessage } from '@/api';
import { useMentionPicker } from '@/features/mentions';
import { Button, useSingleFlight } from '@/ui';
import { setDraft, useCommentDraft } from '../drafts';
// The threads' styles, with the building block every thread view uses.
import './comment-threads.css';

/** The longest comment the server takes. */
export const COMMENT_MAX = 10_000;

/**
 * A comment's text box: Ctrl/⌘+Enter sends, `@` suggests people and agents to mention (the
 * mention is written into the text as `@[Name](person:<id>)`, visible as such while editing), and
 * a counter shows near the limit.
 */
export function TextArea({
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
  const mention = useMentionPicker({ value, onChange });
  return (
    <div className="field">
      <textarea
        className="input comment-input"
        rows={3}
        value={value}
        autoFocus={autoFocus}
        placeholder={label}
        aria-label={label}
        {...mention.textareaProps}
        onKeyDown={(event) => {
          if (mention.handleKeyDown(event)) return;
          if (event.key === 'Enter' && (event.metaKey || event.ctrlKey)) onSubmit(event);
        }}
        aria-invalid={value.length > COMMENT_MAX || undefined}
      />
      {mention.popup}
      {near && (
        <span className="field-counter" data-over={value.length > COMMENT_MAX} aria-live="polite">
          {value.length.toLocaleString()}/{COMMENT_MAX.toLocaleString()}
        </span>
      )}
    </div>
  );
}

/**
 * Writes a comment or a reply. The text is a draft kept per thread (it survives switching cards
 * and reloads) until it is sent; a refused send shows the server's message and keeps the text.
 */
export function Composer({
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
  const text = useCommentDraft(draftKey);
  const tooLong = text.length > COMMENT_MAX;
  const flight = useSingleFlight(pending, error);
  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || tooLong || pending || !flight.start()) return;
    onSubmit(text, () => {
      flight.finish();
      setDraft(draftKey, '');
    });
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
