import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type KeyboardEvent, type ReactNode, useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { fold, matchRanges } from '@/lib/fold';
import { MoveIcon as CommandIcon, SearchIcon, Spinner } from '@/ui';
import { type PaletteCommand, usePaletteCommands } from '../commands';
import { searchQueries } from '../queries';
import { addRecent, closePalette, type RecentItem, usePalette, useRecent } from '../store';
import { kindIcons, kindLabels } from './result-kinds';
import { choicesStatus, matchingChoices, useCommandChoices } from './use-command-choices';
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
  // A command that lists choices ("Ask an agent…") while the person picks one.
  const { picking, query: choices, open: openChoices, close: closeChoices } = useCommandChoices();
  // Every keystroke asks at once: React Query cancels the request of the query typed over, so
  // a pause-before-asking delay would only add latency.
  const query = text.trim();
  const navigate = useNavigate();
  const commands = usePaletteCommands();
  const recent = useRecent((state) => state.items);
  const searchable = usePalette((state) => state.searchable);
  const search = useQuery(searchQueries.results(query, searchable && !picking));
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  const input = useRef<HTMLInputElement>(null);
  // Into a command's choices and back (by a click too): typing goes on in the field.
  useEffect(() => input.current?.focus(), [picking]);

  const openResult = useCallback(
    (result: Result) => {
      addRecent({
        kind: result.kind,
        id: result.id,
        label: result.label,
        context: result.context,
        projectId: result.projectId,
        agentId: result.agentId,
      });
      closePalette();
      switch (result.kind) {
        case 'person':
          return void navigate({ to: '/people', search: { person: result.id } });
        case 'agent':
          return void navigate({ to: '/agents/$agentId', params: { agentId: result.id } });
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
        case 'session':
          // One of the caller's own chat sessions, in its conversation.
          if (result.agentId)
            void navigate({
              to: '/agents/$agentId/sessions/$sessionId',
              params: { agentId: result.agentId, sessionId: result.id },
            });
          return;
        case 'integration':
          return void navigate({ to: '/settings/integrations', search: { connection: result.id } });
        case 'cron_job':
        case 'webhook_endpoint':
          // The agent's page, at its Schedules or Webhooks section.
          if (result.agentId)
            void navigate({
              to: '/agents/$agentId',
              params: { agentId: result.agentId },
              hash: result.kind === 'cron_job' ? 'schedules' : 'webhooks',
            });
          return;
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
    const commandOption = (command: PaletteCommand): Option => ({
      key: `command:${command.id}`,
      group: 'Commands',
      label: command.label,
      hint: command.hint,
      icon: command.icon ?? <CommandIcon />,
      run: () => {
        if (command.choices) {
          // The palette stays open and lists the command's choices.
          openChoices({ ...command, choices: command.choices });
          setText('');
          setActive(0);
          return;
        }
        closePalette();
        command.run();
      },
    });
    if (picking) {
      return matchingChoices(choices.data, text).map((choice) => ({
        key: `choice:${choice.id}`,
        group: picking.choices.group,
        label: choice.label,
        context: choice.context,
        icon: picking.choices.icon ?? <CommandIcon />,
        run: () => {
          closePalette();
          picking.choices.choose(choice);
        },
      }));
    }
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
  }, [text, search.data, recent, commands, openResult, searchable, picking, choices.data, openChoices]);

  const current = Math.min(active, Math.max(0, options.length - 1));
  const activeOption = options[current];
  useEffect(() => {
    list.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: 'nearest' });
  }, [current]);

  /** Back from a command's choices to the commands. */
  function leaveChoices() {
    closeChoices();
    setText('');
    setActive(0);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1;
    if (picking && (event.key === 'Escape' || (event.key === 'Backspace' && !text))) {
      // Escape goes back one step (the dialog closes on the next one), like Backspace in an empty field.
      event.preventDefault();
      event.stopPropagation();
      leaveChoices();
      return;
    }
    if (event.key === 'ArrowDown') setActive(current >= last ? 0 : current + 1);
    else if (event.key === 'ArrowUp') setActive(current <= 0 ? last : current - 1);
    else if (event.key === 'Home' && event.ctrlKey) setActive(0);
    else if (event.key === 'End' && event.ctrlKey) setActive(last);
    else if (event.key === 'Enter') {
      // Results still showing the previous query's answer are not what was typed: wait.
      if (picking || !(search.isPlaceholderData && text.trim())) activeOption?.run();
    } else return;
    event.preventDefault();
  }

  const groups = [...new Set(options.map((option) => option.group))];
  const searching = picking ? choices.isFetching : Boolean(query) && search.isFetching;
  const status = picking
    ? choicesStatus(choices, options.length, text.trim(), picking.choices.empty)
    : !text.trim()
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
        {picking && (
          <button type="button" className="palette-scope" onClick={leaveChoices} title="Back to the commands">
            {picking.label}
            <span className="visually-hidden"> (back to the commands)</span>
          </button>
        )}
        <input
          ref={input}
          className="palette-input"
          role="combobox"
          aria-label={
            picking
              ? picking.choices.label
              : searchable
                ? 'Search people, agents, teams, projects, cards, wiki pages and files, or type a command'
                : 'Type a command'
          }
          aria-expanded="true"
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeOption ? `${listId}-${current}` : undefined}
          placeholder={
            picking ? picking.choices.placeholder : searchable ? 'Search or type a command…' : 'Type a command…'
          }
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
      {!picking && search.isError && text.trim() ? (
        <p className="palette-message notice" data-tone="danger">
          {errorMessage(search.error)}
        </p>
      ) : null}
      {picking && choices.isError && (
        <p className="palette-message notice" data-tone="danger">
          {errorMessage(choices.error)}
        </p>
      )}
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
      {picking && choices.isSuccess && options.length === 0 && (
        <p className="palette-message muted">
          {text.trim() ? `Nothing matches “${text.trim()}”.` : picking.choices.empty}
        </p>
      )}
      {!picking && searchable && text.trim() && !search.isPending && !search.isError && options.length === 0 && (
        <p className="palette-message muted">
          No results for “{text.trim()}”. Try part of a name, like a first name or one word of a card title.
        </p>
      )}
      {!picking && !searchable && text.trim() && options.length === 0 && (
        <p className="palette-message muted">No command matches “{text.trim()}”.</p>
      )}
      {!picking && searchable && !text.trim() && recent.length === 0 && (
        <p className="palette-message muted">
          Type to search people, agents, teams, projects, cards, wiki pages and files.
        </p>
      )}
    </div>
  );
}
