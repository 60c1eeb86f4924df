import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { Button } from '@/ui';
import { useRenameSession } from '../mutations';
import type { AgentSession } from '../types';

/** The longest title the server takes. */
const TITLE_MAX = 200;

/**
 * The conversation's title as the page heading; its owner may rename it in place: Enter saves,
 * Esc cancels. A refusal keeps what was typed and shows the server's message under it.
 */
export function SessionTitle({ session, canRename }: { session: AgentSession; canRename: boolean }) {
  const [editing, setEditing] = useState(false);
  const renameButton = useRef<HTMLButtonElement>(null);
  const reopen = useRef(false);

  useEffect(() => {
    if (!editing && reopen.current) {
      reopen.current = false;
      renameButton.current?.focus();
    }
  }, [editing]);

  if (editing) {
    return (
      <TitleField
        session={session}
        onDone={() => {
          reopen.current = true;
          setEditing(false);
        }}
      />
    );
  }
  return (
    <div className="agent-chat-title">
      <h1>{session.title}</h1>
      {canRename && (
        // A plain button: the focus comes back to it when the field closes.
        <button
          ref={renameButton}
          type="button"
          className="button"
          data-variant="ghost"
          data-size="small"
          onClick={() => setEditing(true)}
        >
          Rename
        </button>
      )}
    </div>
  );
}

function TitleField({ session, onDone }: { session: AgentSession; onDone: () => void }) {
  const [title, setTitle] = useState(session.title);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameSession(session.agentId, session.id);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();

  useEffect(() => {
    field.current?.focus();
    field.current?.select();
  }, []);

  function save() {
    if (rename.isPending) return;
    const trimmed = title.trim();
    if (trimmed === session.title) return onDone();
    rename.mutate(trimmed, {
      onSuccess: onDone,
      onError: (failure) => {
        setError(errorMessage(failure));
        field.current?.focus();
      },
    });
  }

  return (
    <form
      className="agent-chat-title-form"
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <label htmlFor={`${id}-title`} className="visually-hidden">
        Conversation title
      </label>
      <div className="row">
        <input
          ref={field}
          id={`${id}-title`}
          className="input agent-chat-title-input"
          value={title}
          maxLength={TITLE_MAX}
          readOnly={rename.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          onChange={(event) => {
            setTitle(event.target.value);
            setError(null);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') {
              event.preventDefault();
              onDone();
            }
          }}
        />
        <Button type="submit" size="small" variant="primary" busy={rename.isPending}>
          Save
        </Button>
        <Button size="small" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="visually-hidden">
          Enter saves, Esc cancels.
        </p>
      )}
    </form>
  );
}
