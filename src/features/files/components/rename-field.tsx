import { useEffect, useId, useRef, useState } from 'react';
import { errorMessage, type FileNode } from '@/api';
import { useRenameNode } from '../mutations';
import { nameProblem } from '../format';

/**
 * The name of a row, editable in place (F2): Enter saves, Esc cancels. A refusal (a name taken,
 * a name not allowed) keeps what was typed and shows the server's message under it.
 */
export function RenameField({
  node,
  onDone: close,
}: {
  node: FileNode; /** `refocus`: the field had the focus when it closed (Enter, Esc): give it back to the row. */
  onDone: (refocus: boolean) => void;
}) {
  const [name, setName] = useState(node.name);
  const [error, setError] = useState<string | null>(null);
  const rename = useRenameNode();
  const input = useRef<HTMLInputElement>(null);
  const errorId = useId();
  // Closing removes the field, and a focused field that leaves the page may still report a blur.
  const closed = useRef(false);
  const onDone = (refocus: boolean) => {
    if (closed.current) return;
    closed.current = true;
    close(refocus);
  };

  useEffect(() => {
    const field = input.current;
    if (!field) return;
    field.focus();
    // The name without its extension is selected, as in a desktop file manager.
    const dot = node.type === 'file' ? node.name.lastIndexOf('.') : -1;
    field.setSelectionRange(0, dot > 0 ? dot : node.name.length);
  }, [node.type, node.name]);

  function save(refocus: boolean) {
    const trimmed = name.trim();
    if (rename.isPending || closed.current) return;
    if (!trimmed || trimmed === node.name) return onDone(refocus);
    const problem = nameProblem(trimmed);
    if (problem) {
      setError(problem);
      input.current?.focus();
      return;
    }
    rename.mutate(
      { node, name: trimmed },
      {
        onSuccess: () => onDone(refocus && document.activeElement === input.current),
        onError: (failure) => {
          setError(errorMessage(failure));
          input.current?.focus();
        },
      },
    );
  }

  return (
    <span className="files-rename">
      <input
        ref={input}
        className="input files-rename-input"
        aria-label={`New name for ${node.name}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={name}
        maxLength={255}
        readOnly={rename.isPending}
        onChange={(event) => {
          setName(event.target.value);
          setError(null);
        }}
        onKeyDown={(event) => {
          event.stopPropagation();
          if (event.key === 'Enter') {
            event.preventDefault();
            save(true);
          } else if (event.key === 'Escape') {
            event.preventDefault();
            onDone(true);
          }
        }}
        // Leaving the field saves the change; after a refusal it gives up (the name stays as it was).
        onBlur={() => {
          if (rename.isPending) return;
          if (error) onDone(false);
          else save(false);
        }}
        onClick={(event) => event.stopPropagation()}
        onDoubleClick={(event) => event.stopPropagation()}
      />
      {error && (
        <span id={errorId} role="alert" className="files-rename-error">
          {error}
        </span>
      )}
    </span>
  );
}
