import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { errorMessage, isApiError, type WikiPageSummary } from '@/api';
import { useRenamePage } from '../mutations';
import { titleProblem } from '../title';

/**
 * A tree row's title as a text field, to rename the page in place: Enter saves, Escape cancels,
 * leaving the field saves a changed title. A refused title stays as typed, with the reason.
 */
export function PageRenameField({
  projectId,
  page,
  onDone,
}: {
  projectId: string;
  page: WikiPageSummary;
  /** Editing is over: `title` is the new title when the page was renamed. */
  onDone: (title?: string) => void;
}) {
  const finished = useRef(false);
  const finish = (title?: string) => {
    if (finished.current) return;
    finished.current = true;
    onDone(title);
  };
  const rename = useRenamePage(projectId);
  const [value, setValue] = useState(page.title);
  const [problem, setProblem] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const errorId = useId();

  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);

  function save() {
    if (rename.isPending) return;
    const title = value.trim();
    if (title === page.title) return finish();
    const invalid = titleProblem(value);
    if (invalid) return setProblem(invalid);
    setProblem(null);
    rename.mutate(
      { page, title },
      {
        onSuccess: (saved) => finish(saved.title),
        onError: (error) => setProblem((isApiError(error) && error.fieldError('title')) || errorMessage(error)),
      },
    );
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // The row's own keys (tree moves, picking it up to drag) stay out of the field.
    event.stopPropagation();
    if (event.key === 'Enter') {
      event.preventDefault();
      save();
    } else if (event.key === 'Escape') {
      event.preventDefault();
      if (!rename.isPending) finish();
    }
  }

  return (
    <span className="wiki-tree-rename">
      <input
        ref={input}
        className="wiki-tree-rename-input"
        aria-label={`Rename ${page.title}`}
        aria-describedby={problem ? `${errorId} ${hintId}` : hintId}
        aria-invalid={problem ? true : undefined}
        aria-busy={rename.isPending || undefined}
        readOnly={rename.isPending}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (problem) setProblem(null);
        }}
        onKeyDown={handleKeyDown}
        onPointerDown={(event) => event.stopPropagation()}
        onClick={(event) => event.stopPropagation()}
        onBlur={() => {
          // A refused title stays open with its reason; an untouched or emptied one is let go.
          if (finished.current || problem || rename.isPending) return;
          if (value.trim() === page.title || !value.trim()) finish();
          else save();
        }}
      />
      <span id={hintId} className="visually-hidden">
        Enter saves, Escape cancels.
      </span>
      {problem && (
        <span id={errorId} className="wiki-tree-rename-error" role="alert">
          {problem}
        </span>
      )}
    </span>
  );
}
