import { type FormEvent, type KeyboardEvent, useId } from 'react';
import { errorMessage } from '@/api';
import { useMentionPicker } from '@/features/mentions';
import { Button, useSingleFlight } from '@/ui';
import { getChatDraft, setChatDraft, useChatDraft } from '../drafts';
import { SendIcon } from './icons';

/** The longest message the server takes. */
export const MESSAGE_MAX = 20_000;
/** The counter shows from here on. */
const COUNTER_FROM = MESSAGE_MAX * 0.9;

/**
 * Writes a message to an agent. Enter sends, Shift+Enter starts a new line, Esc leaves the field;
 * `@` suggests people and agents to mention (while suggestions show, Enter and Esc are theirs).
 * The text is a draft kept per conversation until it is sent; a refused send shows the server's
 * message and keeps the text. When the agent takes no new work, the field says why and is off.
 */
export function ChatComposer({
  draftKey,
  label,
  pending,
  error,
  disabledReason,
  autoFocus,
  onSend,
}: {
  /** Where the draft is kept (`session:<id>`, `agent:<id>`). */
  draftKey: string;
  /** The field's name ("Message Cafébot"). */
  label: string;
  pending: boolean;
  /** The last refusal, shown under the field until the next send. */
  error: unknown;
  /** Why nothing can be sent (the agent is paused or completed); the field is off while set. */
  disabledReason?: string;
  autoFocus?: boolean;
  /** Sends `text`; call `sent` once the server took it, to clear the draft. */
  onSend: (text: string, sent: () => void) => void;
}) {
  const text = useChatDraft(draftKey);
  const id = useId();
  const hintId = `${id}-hint`;
  const reasonId = `${id}-reason`;
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const tooLong = text.length > MESSAGE_MAX;
  const disabled = Boolean(disabledReason);
  const canSend = !disabled && !pending && !tooLong && text.trim().length > 0;
  const mention = useMentionPicker({ value: text, onChange: (value) => setChatDraft(draftKey, value) });

  const flight = useSingleFlight(pending, error);

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend || !flight.start()) return;
    const sending = text.trim();
    onSend(sending, () => {
      flight.finish();
      // Text typed while the message was on its way is a new draft: it stays.
      const now = getChatDraft(draftKey);
      if (now.trim() === sending) setChatDraft(draftKey, '');
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    // A key that ends an IME composition is not a send.
    if (event.nativeEvent.isComposing) return;
    if (mention.handleKeyDown(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      send();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.currentTarget.blur();
    }
  }

  const describedBy =
    [disabled ? reasonId : hintId, error ? errorId : '', text.length >= COUNTER_FROM ? counterId : '']
      .filter(Boolean)
      .join(' ') || undefined;

  return (
    <form className="agent-composer" onSubmit={send}>
      <label className="visually-hidden" htmlFor={`${id}-field`}>
        {label}
      </label>
      <div className="agent-composer-box">
        <textarea
          id={`${id}-field`}
          className="input textarea agent-composer-input"
          rows={3}
          value={text}
          placeholder={disabled ? undefined : `${label}…`}
          disabled={disabled}
          autoFocus={autoFocus && !disabled}
          aria-invalid={tooLong || Boolean(error) || undefined}
          aria-describedby={describedBy}
          {...mention.textareaProps}
          onKeyDown={handleKeyDown}
        />
        {mention.popup}
        <Button type="submit" variant="primary" busy={pending} disabled={!canSend && !pending}>
          <SendIcon /> Send
        </Button>
      </div>
      <div className="agent-composer-footer">
        {disabled ? (
          <p id={reasonId} className="agent-composer-reason">
            {disabledReason}
          </p>
        ) : (
          <p id={hintId} className="muted agent-composer-hint">
            Enter to send · Shift+Enter for a new line · Esc to leave the field
          </p>
        )}
        {text.length >= COUNTER_FROM && (
          <span id={counterId} className="field-counter" data-over={tooLong} aria-live="polite">
            {text.length.toLocaleString()}/{MESSAGE_MAX.toLocaleString()}
          </span>
        )}
      </div>
      {Boolean(error) && (
        <p id={errorId} className="field-error" role="alert">
          {errorMessage(error)}
        </p>
      )}
    </form>
  );
}
