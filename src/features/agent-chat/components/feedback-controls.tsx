import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/ui';
import type { AgentFeedback } from '../types';
import { ThumbDownIcon, ThumbUpIcon } from './icons';

/** The longest reason the server takes. */
const REASON_MAX = 2000;

/**
 * Thumbs up / thumbs down on an agent reply, as toggle buttons: pressing the pressed one takes the
 * thumb back. Thumbs down first asks for an optional reason (Enter sends, Esc cancels).
 */
export function FeedbackControls({
  feedback,
  onChange,
}: {
  feedback: AgentFeedback | null;
  onChange: (next: AgentFeedback | null) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const reasonField = useRef<HTMLInputElement>(null);
  const downButton = useRef<HTMLButtonElement>(null);
  const id = useId();
  const rating = feedback?.rating ?? null;

  useEffect(() => {
    if (asking) reasonField.current?.focus();
  }, [asking]);

  function close() {
    setAsking(false);
    setReason('');
    downButton.current?.focus();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const comment = reason.trim();
    onChange({ rating: 'down', comment: comment || null });
    close();
  }

  return (
    <div className="agent-feedback">
      <div className="agent-feedback-buttons" role="group" aria-label="Feedback on this reply">
        <button
          type="button"
          className="button agent-feedback-thumb"
          data-variant="ghost"
          data-size="small"
          aria-pressed={rating === 'up'}
          aria-label="Helpful"
          title="Helpful"
          onClick={() => {
            setAsking(false);
            onChange(rating === 'up' ? null : { rating: 'up', comment: null });
          }}
        >
          <ThumbUpIcon />
        </button>
        {/* A plain button: the focus comes back to it when the reason form closes. */}
        <button
          ref={downButton}
          type="button"
          className="button agent-feedback-thumb"
          data-variant="ghost"
          data-size="small"
          aria-pressed={rating === 'down'}
          aria-label="Not helpful"
          title="Not helpful"
          aria-controls={asking ? `${id}-form` : undefined}
          onClick={() => {
            if (rating === 'down') onChange(null);
            else if (asking) close();
            else setAsking(true);
          }}
        >
          <ThumbDownIcon />
        </button>
        {rating === 'down' && feedback?.comment && (
          <span className="muted agent-feedback-reason">Your reason: {feedback.comment}</span>
        )}
      </div>
      {asking && (
        <form id={`${id}-form`} className="agent-feedback-form" onSubmit={submit}>
          <label htmlFor={`${id}-reason`} className="field-label">
            What was wrong? (optional)
          </label>
          <div className="row">
            <input
              ref={reasonField}
              id={`${id}-reason`}
              className="input"
              value={reason}
              maxLength={REASON_MAX}
              onChange={(event) => setReason(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Escape') {
                  event.preventDefault();
                  event.stopPropagation();
                  close();
                }
              }}
            />
            <Button type="submit" size="small" variant="primary">
              Send feedback
            </Button>
            <Button size="small" variant="ghost" onClick={close}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
