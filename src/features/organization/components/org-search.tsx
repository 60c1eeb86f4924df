import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { matchRanges } from '@/lib/fold';
import { Avatar, SearchIcon } from '@/ui';
import { type ChartIndex, searchNodes } from '../chart-model';
import { TeamMark } from './org-outline';

/** The name with the matched part marked. */
function Highlighted({ text, query }: { text: string; query: string }) {
  const [range] = matchRanges(text, query);
  if (!range) return <>{text}</>;
  return (
    <>
      {text.slice(0, range[0])}
      <mark>{text.slice(range[0], range[1])}</mark>
      {text.slice(range[1])}
    </>
  );
}

/**
 * Finds a person, agent or team by name, role or team, accents folded ("zoe" finds "Zoë"); choosing
 * a result (Enter, or a click) flies the chart to it. A combobox with a list of results (WAI-ARIA
 * combobox pattern: ↑ ↓ move through the results, Escape closes them, then clears the field).
 */
export function OrgSearch({ index, onPick }: { index: ChartIndex; onPick: (key: string) => void }) {
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const listId = useId();
  const results = useMemo(() => searchNodes(index, query, 8), [index, query]);
  const showList = open && query.trim() !== '';

  const pick = (key: string) => {
    onPick(key);
    setOpen(false);
  };

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case 'ArrowDown':
        setOpen(true);
        setActive((current) => Math.min(results.length - 1, current + 1));
        break;
      case 'ArrowUp':
        setActive((current) => Math.max(0, current - 1));
        break;
      case 'Enter': {
        const chosen = results[active] ?? results[0];
        if (!chosen) return;
        pick(chosen.node.key);
        break;
      }
      case 'Escape':
        if (showList) setOpen(false);
        else if (query) setQuery('');
        else return;
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  return (
    <div className="org-search">
      <SearchIcon />
      <input
        type="search"
        className="input"
        role="combobox"
        aria-label="Find a person, agent or team"
        aria-expanded={showList}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showList && results[active] ? `${listId}-${active}` : undefined}
        placeholder="Find a person, agent or team"
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={handleKeyDown}
      />
      <ul id={listId} role="listbox" aria-label="Matches" className="org-search-results" hidden={!showList}>
        {showList && results.length === 0 && (
          <li className="muted org-search-empty" role="presentation">
            Nobody matches “{query.trim()}”.
          </li>
        )}
        {showList &&
          results.map((info, position) => (
            <li
              key={info.node.key}
              id={`${listId}-${position}`}
              role="option"
              aria-selected={position === active}
              className="org-search-result"
              // Chosen on press, before the field's blur closes the list.
              onPointerDown={(event) => {
                event.preventDefault();
                pick(info.node.key);
              }}
              onPointerEnter={() => setActive(position)}
            >
              {info.node.kind === 'team' ? (
                <TeamMark teamId={info.node.id} />
              ) : (
                <Avatar name={info.node.name} size={22} kind={info.node.kind} />
              )}
              <span className="org-search-text">
                <span className="org-search-name">
                  <Highlighted text={info.node.name} query={query} />
                  {info.node.kind !== 'human' && (
                    <span className="org-outline-badge">{info.node.kind === 'agent' ? 'Agent' : 'Team'}</span>
                  )}
                </span>
                <span className="muted org-search-role">
                  {[info.node.role, info.node.kind !== 'team' ? info.teamName : null].filter(Boolean).join(' · ')}
                </span>
              </span>
            </li>
          ))}
      </ul>
    </div>
  );
}
