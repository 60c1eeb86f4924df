import { type KeyboardEvent, useEffect, useId, useMemo, useState } from 'react';
import { fold } from '@/lib/fold';
import { AgentIcon, PeopleIcon, TeamIcon } from '@/ui';

/** One choice of a picker: a person, an agent, a team, or "nobody". */
export type PickerOption = {
  value: string;
  label: string;
  kind: 'human' | 'agent' | 'team' | 'none';
  /** A title, a role, a team: shown beside the name and matched by the filter. */
  detail?: string;
  /** Why choosing it will not work, or is refused (shown under the name). */
  note?: string;
  /** Cannot be chosen at all (it would make a loop); `note` says why. */
  disabled?: boolean;
  current?: boolean;
};

/** How many matches are drawn at once: a company of 5,000 is filtered, not scrolled. */
const SHOWN = 60;

const icons = { human: <PeopleIcon />, agent: <AgentIcon />, team: <TeamIcon />, none: null };

/**
 * A filter field over a list of choices (a combobox over a listbox): typing narrows the list,
 * arrows choose, Enter submits the form it is in. The choice is `value`.
 */
export function MemberPicker({
  label,
  listLabel,
  options,
  value,
  onChange,
}: {
  /** The filter field's label ("Find a person"). */
  label: string;
  /** The list's name ("People"). */
  listLabel: string;
  options: PickerOption[];
  value: string | null;
  onChange: (value: string) => void;
}) {
  const [query, setQuery] = useState('');
  const listId = useId();
  const matches = useMemo(() => {
    const needle = fold(query.trim());
    if (!needle) return options;
    return options.filter((option) => fold(`${option.label} ${option.detail ?? ''}`).includes(needle));
  }, [options, query]);
  const shown = matches.slice(0, SHOWN);
  const optionId = (option: PickerOption) => `${listId}-${option.value}`;
  const active = shown.find((option) => option.value === value);

  useEffect(() => {
    if (!active) return;
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the id follows the active option
  }, [active?.value]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const choosable = shown.filter((option) => !option.disabled);
    if (choosable.length === 0) return;
    const at = choosable.findIndex((option) => option.value === value);
    let next: PickerOption | undefined;
    if (event.key === 'ArrowDown') next = choosable[at < 0 ? 0 : Math.min(choosable.length - 1, at + 1)];
    else if (event.key === 'ArrowUp') next = choosable[at < 0 ? 0 : Math.max(0, at - 1)];
    else if (event.key === 'Home' && event.ctrlKey) next = choosable[0];
    else if (event.key === 'End' && event.ctrlKey) next = choosable.at(-1);
    else if (event.key === 'Enter' && !active) next = choosable[0];
    if (!next) return;
    event.preventDefault();
    onChange(next.value);
  }

  return (
    <div className="stack org-picker">
      <div className="field">
        <label className="field-label" htmlFor={`${listId}-filter`}>
          {label}
        </label>
        <input
          id={`${listId}-filter`}
          className="input"
          type="search"
          role="combobox"
          autoComplete="off"
          aria-expanded={shown.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={active ? optionId(active) : undefined}
          aria-describedby={`${listId}-hint`}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={handleKeyDown}
        />
      </div>
      <ul id={listId} role="listbox" aria-label={listLabel} className="org-picker-list" hidden={shown.length === 0}>
        {shown.map((option) => (
          <li
            key={option.value}
            id={optionId(option)}
            role="option"
            aria-selected={option.value === value}
            aria-disabled={option.disabled || undefined}
            className="org-picker-option"
            onClick={() => !option.disabled && onChange(option.value)}
          >
            <span className="org-picker-icon" aria-hidden="true">
              {icons[option.kind]}
            </span>
            <span className="org-picker-text">
              <span className="org-picker-name">
                {option.label}
                {option.current && <span className="org-picker-current"> (current)</span>}
              </span>
              {option.detail && <span className="org-picker-detail">{option.detail}</span>}
              {option.note && <span className="org-picker-note">{option.note}</span>}
            </span>
          </li>
        ))}
      </ul>
      {shown.length === 0 && <p className="org-picker-empty">Nothing matches “{query}”.</p>}
      <p id={`${listId}-hint`} className="org-picker-hint">
        {matches.length > shown.length ? `Showing ${shown.length} of ${matches.length}: type to narrow. ` : ''}
        Up and down arrows choose, Enter confirms.
      </p>
    </div>
  );
}
