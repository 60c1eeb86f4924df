import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { fold, matchRanges } from '@/lib/fold';
import {
  AgentIcon,
  BoardIcon,
  BookIcon,
  MoveIcon as CommandIcon,
  PageIcon,
  PeopleIcon,
  SearchIcon,
  Spinner,
  TeamIcon,
} from '@/ui';
import { usePaletteCommands } from '../commands';
import { searchQueries } from '../queries';
import { addRecent, closePalette, type RecentItem, usePalette, useRecent } from '../store';
import './palette.css';

type Result = RecentItem & { archived?: boolean };
type Option = {
  key: string;
  group: string;
  label: string;
  context?: string;
  icon: ReactNode;
  archived?: boolean;
  hint?: string;
  run: () => void;
};

const kindLabels: Record<string, string> = {
  person: 'People',
  agent: 'Agents',
  team: 'Teams',
  project: 'Projects',
  card: 'Cards',
  wiki_page: 'Wiki pages',
  session: 'Sessions',
  cron_job: 'Cron jobs',
  webhook_endpoint: 'Webhook endpoints',
  file: 'Files',
  integration: 'Integrations',
};

const kindIcons: Record<string, ReactNode> = {
  person: <PeopleIcon />,
  agent: <AgentIcon />,
  team: <TeamIcon />,
  project: <BoardIcon />,
  card: <BoardIcon />,
  wiki_page: <BookIcon />,
  file: <PageIcon />,
};

function Highlight({ text, query }: { text: string; query: string }) {
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
 * The Cmd/Ctrl+K palette: search everything the company has, open a result where it lives, or
 * run a command. A combobox over a grouped listbox, all of it usable from the keyboard.
 */
export default function Palette() {
  const open = usePalette((state) => state.open);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      const previous = document.activeElement as HTMLElement | null;
      element.showModal();
      return () => {
        element.close();
        previous?.focus?.();
      };
    }
  }, [open]);
  return (
    <dialog
      ref={dialog}
      className="palette"
      aria-label="Search and commands"
      onCancel={(event) => {
        event.preventDefault();
        closePalette();
      }}
      onClick={(event) => {
        if (event.target === dialog.current) closePalette();
      }}
    >
      {open && <PaletteBody />}
    </dialog>
  );
}

function PaletteBody() {
  const [text, setText] = useState('');
  const [active, setActive] = useState(0);
  // Every keystroke asks at once: React Query cancels the request of the query typed over, so
  // a pause-before-asking delay would only add latency.
  const query = text.trim();
  const navigate = useNavigate();
  const commands = usePaletteCommands();
  const recent = useRecent((state) => state.items);
  const searchable = usePalette((state) => state.searchable);
  const search = useQuery(searchQueries.results(query, searchable));
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);

  const openResult = useCallback(
    (result: Result) => {
      addRecent({
        kind: result.kind,
        id: result.id,
        label: result.label,
        context: result.context,
        projectId: result.projectId,
      });
      closePalette();
      switch (result.kind) {
        case 'person':
          return void navigate({ to: '/people', search: { person: result.id } });
        case 'agent':
          return void navigate({ to: '/agents', search: { agent: result.id } });
        case 'team':
          return void navigate({ to: '/teams', search: { team: result.id } });
        case 'project':
          return void navigate({ to: '/projects/$projectId', params: { projectId: result.id } });
        case 'card':
          if (result.projectId)
            void navigate({
              to: '/projects/$projectId',
              params: { projectId: result.projectId },
              search: { card: result.id },
            });
          return;
        case 'wiki_page':
          if (result.projectId)
            void navigate({
              to: '/projects/$projectId/wiki/$pageId',
              params: { projectId: result.projectId, pageId: result.id },
            });
          return;
        case 'file':
          // The Files page opens the file's folder with its preview (a folder: the folder itself).
          return void navigate({ to: '/files', search: { preview: result.id } });
      }
    },
    [navigate],
  );

  const options = useMemo<Option[]>(() => {
    const resultOption =
      (group: string) =>
      (result: Result): Option => ({
        key: `${group}:${result.kind}:${result.id}`,
        group,
        label: result.label,
        context: result.context,
        icon: kindIcons[result.kind] ?? <SearchIcon />,
        archived: result.archived,
        run: () => openResult(result),
      });
    const commandOption = (command: (typeof commands)[number]): Option => ({
      key: `command:${command.id}`,
      group: 'Commands',
      label: command.label,
      hint: command.hint,
      icon: command.icon ?? <CommandIcon />,
      run: () => {
        closePalette();
        command.run();
      },
    });
    if (!text.trim()) {
      return [...(searchable ? recent.map(resultOption('Recent')) : []), ...commands.map(commandOption)];
    }
    const needle = fold(text.trim());
    const found = (search.data ?? []).map((result) => resultOption(kindLabels[result.kind] ?? result.kind)(result));
    // Results come best first; grouping keeps each kind's first appearance in that order.
    const groups = [...new Set(found.map((option) => option.group))];
    const grouped = groups.flatMap((group) => found.filter((option) => option.group === group));
    const matching = commands.filter((command) => fold(`${command.label} ${command.keywords ?? ''}`).includes(needle));
    return [...grouped, ...matching.map(commandOption)];
  }, [text, search.data, recent, commands, openResult, searchable]);

  const current = Math.min(active, Math.max(0, options.length - 1));
  const activeOption = options[current];
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    if (event.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1);
    else if (event.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1);
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'End' && event.ctrlKey) setActive(last);
    else if (event.key === 'Enter') {
      // Results still showing the previous query's answer are not what was typed: wait.
      if (!(search.isPlaceholderData && text.trim())) activeOption?.run();
    } else return;
    event.preventDefault();
  }

  const groups = [...new Set(options.map((option) => option.group))];
  const searching = Boolean(query) && search.isFetching;
  const status = !text.trim()
    ? searchable
      ? `${recent.length} recent items and ${commands.length} commands`
      : `${commands.length} commands`
    : search.isError
      ? errorMessage(search.error)
      : searching && !search.data
        ? 'Searching…'
        : options.length === 0
          ? 'No results'
          : `${options.length} result${options.length === 1 ? '' : 's'}`;

  return (
    <div className="palette-body">
      <div className="palette-input-row">
        <SearchIcon />
        <input
          className="palette-input"
          role="combobox"
          aria-label={
            searchable
              ? 'Search people, agents, teams, projects, cards, wiki pages and files, or type a command'
              : 'Type a command'
          }
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${current}` : undefined}
          placeholder={searchable ? 'Search or type a command…' : 'Type a command…'}
          autoFocus
          maxLength={80}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={handleKeyDown}
        />
        {searching && <Spinner size={14} />}
        <kbd>Esc</kbd>
      </div>
      <p className="visually-hidden" role="status" aria-live="polite">
        {status}
      </p>
      {search.isError && text.trim() ? (
        <p className="palette-message notice" data-tone="danger">
          {errorMessage(search.error)}
        </p>
      ) : null}
      <ul ref={list} id={listId} role="listbox" aria-label="Results" className="palette-list">
        {groups.map((group, groupIndex) => (
          <li key={group} role="presentation">
            <div className="palette-group" id={`${listId}-group-${groupIndex}`} role="presentation">
              {group}
            </div>
            <ul role="group" aria-labelledby={`${listId}-group-${groupIndex}`} className="palette-options">
              {options.map((option, index) =>
                option.group === group ? (
                  <li
                    key={option.key}
                    id={`${listId}-${index}`}
                    role="option"
                    aria-selected={index === current}
                    className="palette-option"
                    onMouseMove={() => index !== current && setActive(index)}
                    onClick={option.run}
                  >
                    <span className="palette-icon">{option.icon}</span>
                    <span className="palette-text">
                      <span className="palette-label">
                        <span>
                          <Highlight text={option.label} query={text} />
                        </span>
                        {option.archived && <span className="badge">archived</span>}
                      </span>
                      {option.context && <span className="palette-context">{option.context}</span>}
                    </span>
                    {option.hint && <kbd className="palette-hint">{option.hint}</kbd>}
                  </li>
                ) : null,
              )}
            </ul>
          </li>
        ))}
      </ul>
      {searchable && text.trim() && !search.isPending && !search.isError && options.length === 0 && (
        <p className="palette-message muted">
          No results for “{text.trim()}”. Try part of a name, like a first name or one word of a card title.
        </p>
      )}
      {!searchable && text.trim() && options.length === 0 && (
        <p className="palette-message muted">No command matches “{text.trim()}”.</p>
      )}
      {searchable && !text.trim() && recent.length === 0 && (
        <p className="palette-message muted">
          Type to search people, agents, teams, projects, cards, wiki pages and files.
        </p>
      )}
    </div>
  );
}
