import { type KeyboardEvent, useId, useRef, useState } from 'react';
import { CloseIcon } from '@/ui';

/** The server's rule for a tool name (`ToolName`), and its limits. */
const TOOL_NAME = /^[A-Za-z0-9_.:/-]+$/;
export const TOOLS_MAX = 50;
const TOOL_MAX_LENGTH = 100;

/** Why a typed tool name cannot be added, or null when it can. */
export function toolProblem(name: string, tools: string[]): string | null {
  if (name.length > TOOL_MAX_LENGTH) return `A tool name has at most ${TOOL_MAX_LENGTH} characters.`;
  if (!TOOL_NAME.test(name)) return 'A tool name has letters, digits and _ . : / - only.';
  if (tools.includes(name)) return `“${name}” is already in the list.`;
  if (tools.length >= TOOLS_MAX) return `At most ${TOOLS_MAX} tools.`;
  return null;
}

/**
 * Allowed tools as chips: Enter or a comma adds what was typed, Backspace in the empty field
 * removes the last chip, and each chip's remove button works from the keyboard. What is typed
 * but not yet added is added when the field loses focus.
 */
export function ToolsInput({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string;
  value: string[];
  onChange: (tools: string[]) => void;
  error?: string;
}) {
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const shownError = problem ?? error;
  const describedBy = [description && `${id}-description`, shownError && `${id}-error`].filter(Boolean).join(' ');

  /** Adds each comma-separated name of `text`; keeps in the field what could not be added. */
  function add(text: string): boolean {
    const names = text
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean);
    let tools = value;
    for (const [index, name] of names.entries()) {
      const reason = toolProblem(name, tools);
      if (reason) {
        setProblem(reason);
        setDraft(names.slice(index).join(', '));
        if (tools !== value) onChange(tools);
        return false;
      }
      tools = [...tools, name];
    }
    setProblem(null);
    setDraft('');
    if (tools !== value) {
      onChange(tools);
      setAnnouncement(`Added ${names.join(', ')}`);
    }
    return true;
  }

  function remove(index: number) {
    const name = value[index];
    onChange(value.filter((_, position) => position !== index));
    setAnnouncement(`Removed ${name}`);
    setProblem(null);
    input.current?.focus();
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      // Enter would submit the dialog's form: here it adds the tool.
      event.preventDefault();
      if (draft.trim()) add(draft);
    } else if (event.key === 'Backspace' && draft === '' && value.length > 0) {
      event.preventDefault();
      remove(value.length - 1);
    }
  }

  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      <div className="tools-input" data-invalid={shownError ? 'true' : undefined}>
        {value.length > 0 && (
          <ul className="tools-input-chips" aria-label={label}>
            {value.map((tool, index) => (
              <li key={tool} className="tool-chip">
                <span className="mono">{tool}</span>
                <button
                  type="button"
                  className="tool-chip-remove"
                  aria-label={`Remove ${tool}`}
                  onClick={() => remove(index)}
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
          className="tools-input-field"
          value={draft}
          placeholder={value.length === 0 ? 'e.g. issues.create' : undefined}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={describedBy || undefined}
          aria-invalid={shownError ? true : undefined}
          onChange={(event) => {
            const text = event.target.value;
            setProblem(null);
            // A pasted "a, b, c" becomes three chips.
            if (text.includes(',')) add(text);
            else setDraft(text);
          }}
          onKeyDown={handleKeyDown}
          onBlur={() => {
            if (draft.trim()) add(draft);
          }}
        />
      </div>
      {description && (
        <p id={`${id}-description`} className="field-description">
          {description}
        </p>
      )}
      {shownError && (
        <p id={`${id}-error`} className="field-error">
          {shownError}
        </p>
      )}
      <span className="visually-hidden" aria-live="polite">
        {announcement}
      </span>
    </div>
  );
}
