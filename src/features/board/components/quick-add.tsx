import { type FormEvent, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { Button } from '@/ui';
import { useCreateCard } from '../mutations';

const TITLE_MAX = 200;

/** "Add a card" at the bottom of a column: Enter adds and stays open for the next, Esc closes. */
export function QuickAdd({
  projectId,
  columnId,
  columnName,
}: {
  projectId: string;
  columnId: string;
  columnName: string;
}) {
  const [open, setOpen] = useState(false);
  const [title, setTitle] = useState('');
  const create = useCreateCard(projectId);
  const input = useRef<HTMLTextAreaElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    // Back to the button that opened the form once it is shown again.
    requestAnimationFrame(() => opener.current?.focus());
  };

  function handleSubmit(event?: FormEvent) {
    event?.preventDefault();
    const value = title.trim();
    if (!value || create.isPending) return;
    create.mutate(
      { columnId, title: value },
      {
        onSuccess: () => {
          setTitle('');
          input.current?.focus();
        },
      },
    );
  }

  if (!open) {
    return (
      <Button
        variant="ghost"
        size="small"
        className="quick-add-open"
        onClick={() => setOpen(true)}
        aria-label={`Add a card to ${columnName}`}
      >
        + Add a card
      </Button>
    );
  }
  return (
    <form className="quick-add" onSubmit={handleSubmit}>
      <label className="visually-hidden" htmlFor={`quick-add-${columnId}`}>
        Title of the new card in {columnName}
      </label>
      <textarea
        id={`quick-add-${columnId}`}
        ref={input}
        className="input"
        rows={2}
        autoFocus
        maxLength={TITLE_MAX}
        placeholder="What needs doing?"
        value={title}
        onChange={(event) => setTitle(event.target.value.replace(/\n/g, ' '))}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            handleSubmit();
          }
          if (event.key === 'Escape') {
            event.preventDefault();
            close();
          }
        }}
        aria-describedby={create.error ? `quick-add-error-${columnId}` : undefined}
      />
      {create.error && (
        <p id={`quick-add-error-${columnId}`} className="field-error" role="alert">
          {errorMessage(create.error)}
        </p>
      )}
      <div className="row">
        <Button type="submit" variant="primary" size="small" busy={create.isPending} disabled={!title.trim()}>
          Add card
        </Button>
        <Button size="small" variant="ghost" onClick={close}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
