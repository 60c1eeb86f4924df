import { type ClipboardEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { CloseIcon } from '@/ui';
import { normalizeTag, TAGS_MAX, tagError } from '../rules';

type TagInputProps = {
  label: string;
  tags: string[];
  onChange: (tags: string[]) => void;
  /** The server's (or the form's) message about the tags. */
  error?: string;
};

/**
 * Tags as chips with a field to add more: Enter or a comma adds what was typed (lowercased,
 * spaces as dashes, a duplicate ignored), Backspace in the empty field removes the last tag, and
 * each chip has a remove button (Backspace or Delete on it removes it too). A typed tag the
 * server would refuse stays in the field with the reason beside it.
 */
export function TagInput({ label, tags, onChange, error }: TagInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [typedError, setTypedError] = useState<string | undefined>();
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const shownError = typedError ?? error;
  const descriptionId = `${id}-description`;
  const errorId = `${id}-error`;

  /** Adds the typed tags (several when separated by commas); keeps the text when one is refused. */
  function commit(raw: string): boolean {
    const candidates = raw.split(',').map(normalizeTag).filter(Boolean);
    if (candidates.length === 0) return false;
    const next = [...tags];
    for (const tag of candidates) {
      const problem = tagError(tag);
      if (problem) {
        setTypedError(`“${tag}”: ${problem}`);
        return false;
      }
      if (next.includes(tag)) continue;
      if (next.length >= TAGS_MAX) {
        setTypedError(`At most ${TAGS_MAX} tags: remove one first.`);
        return false;
      }
      next.push(tag);
    }
    setTypedError(undefined);
    setText('');
    if (next.length !== tags.length) {
      onChange(next);
      setAnnouncement(`Added ${next.slice(tags.length).join(', ')}`);
    }
    return true;
  }

  function remove(index: number, focusAfter: 'input' | 'chip') {
    const removed = tags[index];
    if (removed === undefined) return;
    onChange(tags.filter((_, at) => at !== index));
    setAnnouncement(`Removed ${removed}`);
    // Focus moves to the chip that takes its place (or the previous one), else to the field.
    requestAnimationFrame(() => {
      const buttons = list.current?.querySelectorAll<HTMLButtonElement>('button');
      const target = focusAfter === 'chip' ? (buttons?.[index] ?? buttons?.[index - 1]) : undefined;
      (target ?? input.current)?.focus();
    });
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.nativeEvent.isComposing) return;
    if (event.key === 'Enter' || event.key === ',') {
      // Enter adds a tag rather than submitting the form, when there is one to add.
      if (event.key === ',' || text.trim()) {
        event.preventDefault();
        commit(text);
      }
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      remove(tags.length - 1, 'input');
    }
  }

  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!pasted.includes(',')) return;
    event.preventDefault();
    const combined = text + pasted;
    if (!commit(combined)) setText(combined);
  }

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="content-tag-input" data-invalid={Boolean(shownError) || undefined}>
        {tags.length > 0 && (
          <ul ref={list} className="content-tags" aria-label={label}>
            {tags.map((tag, index) => (
              <li key={tag} className="content-tag">
                <span>{tag}</span>
                <button
                  type="button"
                  className="content-tag-remove"
                  aria-label={`Remove tag ${tag}`}
                  title={`Remove ${tag}`}
                  onClick={() => remove(index, 'chip')}
                  onKeyDown={(event) => {
                    if (event.key === 'Backspace' || event.key === 'Delete') {
                      event.preventDefault();
                      remove(index, 'chip');
                    }
                  }}
                >
                  <CloseIcon />
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          ref={input}
          id={id}
          className="content-tag-field"
          value={text}
          placeholder={tags.length === 0 ? 'e.g. release-notes' : ''}
          aria-describedby={[descriptionId, shownError ? errorId : ''].filter(Boolean).join(' ')}
          aria-invalid={Boolean(shownError) || undefined}
          onChange={(event) => {
            setText(event.target.value);
            setTypedError(undefined);
          }}
          onKeyDown={handleKeyDown}
          onPaste={handlePaste}
          // What was typed but not yet added is added on leaving the field (or kept, with the reason).
          onBlur={() => {
            if (text.trim()) commit(text);
          }}
        />
      </div>
      <p id={descriptionId} className="field-description">
        Up to {TAGS_MAX}. Enter or a comma adds one; Backspace in the empty field removes the last.
      </p>
      {shownError && (
        <p id={errorId} className="field-error">
          {shownError}
        </p>
      )}
      <span className="visually-hidden" role="status">
        {announcement}
      </span>
    </div>
  );
}
