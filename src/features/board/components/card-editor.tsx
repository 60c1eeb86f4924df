import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { errorMessage, isApiError, type Card, type ChecklistItem, type Member, type UpdateCardRequest } from '@/api';
import { formatDateTime } from '@/lib/format';
import { Avatar, Button, Spinner } from '@/ui';
import { PRIORITIES, priorityLabel } from '../filters';
import { useUpdateCard } from '../mutations';
import { boardQueries } from '../queries';
import './card-editor.css';

/** yyyy-mm-dd in local time, for <input type="date">. */
function toDateInput(iso?: string) {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The end of that day, local time, as an instant. */
function fromDateInput(value: string): string {
  const [year, month, day] = value.split('-').map(Number);
  return new Date(year!, month! - 1, day!, 17, 0, 0).toISOString();
}

type SaveState = { status: 'idle' | 'saving' | 'saved' | 'error'; message?: string; retry?: () => void };

/** Everything on a card, saved as you go, with a visible saving / saved / error state. */
export function CardEditor({ projectId, cardId, members }: { projectId: string; cardId: string; members: Member[] }) {
  const query = useQuery(boardQueries.card(projectId, cardId));
  if (query.isPending) {
    return (
      <p className="row muted">
        <Spinner /> Loading card…
      </p>
    );
  }
  if (query.isError) {
    return (
      <p className="notice" data-tone="danger" role="alert">
        {errorMessage(query.error)}
      </p>
    );
  }
  return <CardFields key={query.data.id} projectId={projectId} card={query.data} members={members} />;
}

function CardFields({ projectId, card, members }: { projectId: string; card: Card; members: Member[] }) {
  const update = useUpdateCard(projectId, card.id);
  const [save, setSave] = useState<SaveState>({ status: 'idle' });
  const [title, setTitle] = useState(card.title);
  const [description, setDescription] = useState(card.description);
  const [blockedReason, setBlockedReason] = useState(card.blocked ?? '');
  const [blockedOpen, setBlockedOpen] = useState(card.blocked !== undefined);
  const [newLabel, setNewLabel] = useState('');
  const [newItem, setNewItem] = useState('');
  const focused = useRef<string | null>(null);
  const descriptionTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // A new value from the server (a colleague, another tab, a save) replaces the field's draft,
  // except while the field is being edited. A failed save leaves the server value as it was, so
  // what the person typed stays.
  const synced = useRef({ title: card.title, description: card.description, blocked: card.blocked });
  useEffect(() => {
    const last = synced.current;
    if (card.title !== last.title && focused.current !== 'title') setTitle(card.title);
    if (card.description !== last.description && focused.current !== 'description') setDescription(card.description);
    if (card.blocked !== last.blocked && focused.current !== 'blocked') {
      setBlockedReason(card.blocked ?? '');
      setBlockedOpen(card.blocked !== undefined);
    }
    synced.current = { title: card.title, description: card.description, blocked: card.blocked };
  }, [card]);

  // Closing the panel (Esc, J/K, another card) must not drop what was typed but not yet saved.
  const latest = useRef({ title, description, card });
  useEffect(() => {
    latest.current = { title, description, card };
  });
  const { mutate } = update;
  useEffect(
    () => () => {
      clearTimeout(descriptionTimer.current);
      const { title: typedTitle, description: typedDescription, card: shown } = latest.current;
      const changes: UpdateCardRequest = {};
      if (typedTitle.trim() && typedTitle.trim() !== shown.title) changes.title = typedTitle.trim();
      if (typedDescription !== shown.description) changes.description = typedDescription;
      if (Object.keys(changes).length > 0) mutate(changes);
    },
    [mutate],
  );

  function persist(changes: UpdateCardRequest) {
    setSave({ status: 'saving' });
    update.mutate(changes, {
      onSuccess: () => setSave({ status: 'saved' }),
      onError: (error) =>
        setSave({
          status: 'error',
          message:
            isApiError(error) && error.issues[0]
              ? `${error.issues[0].path}: ${error.issues[0].message}`
              : errorMessage(error),
          retry: () => persist(changes),
        }),
    });
  }

  const saveTitle = () => {
    const value = title.trim();
    if (!value) return setTitle(card.title);
    if (value !== card.title) persist({ title: value });
  };
  const saveDescription = () => {
    clearTimeout(descriptionTimer.current);
    if (description !== card.description) persist({ description });
  };
  const saveChecklist = (checklist: ChecklistItem[]) => persist({ checklist });
  const moveItem = (index: number, by: number) => {
    const next = [...card.checklist];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    saveChecklist(next);
  };
  const addLabel = () => {
    const value = newLabel.trim();
    if (!value) return;
    setNewLabel('');
    if (!card.labels.some((label) => label.toLowerCase() === value.toLowerCase()))
      persist({ labels: [...card.labels, value] });
  };
  const addItem = () => {
    const value = newItem.trim();
    if (!value) return;
    setNewItem('');
    saveChecklist([...card.checklist, { text: value, done: false }]);
  };
  const onEnter = (action: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      action();
    }
  };
  const done = card.checklist.filter((item) => item.done).length;
  const assignee = members.find((member) => member.id === card.assignee);

  return (
    <div className="card-editor">
      <div className="card-editor-status" role="status" aria-live="polite">
        {save.status === 'saving' && (
          <span className="row muted">
            <Spinner size={12} /> Saving…
          </span>
        )}
        {save.status === 'saved' && <span className="muted">Saved</span>}
        {save.status === 'error' && (
          <span className="card-editor-error">
            Not saved: {save.message}{' '}
            <Button size="small" onClick={save.retry}>
              Retry
            </Button>
          </span>
        )}
      </div>
      {card.archived && (
        <p className="notice" data-tone="warning">
          This card is archived and not on the board.{' '}
          <Button size="small" onClick={() => persist({ archived: false })}>
            Restore it
          </Button>
        </p>
      )}

      <label className="visually-hidden" htmlFor="card-title-input">
        Title
      </label>
      <textarea
        id="card-title-input"
        className="card-editor-title"
        rows={1}
        maxLength={200}
        value={title}
        onFocus={() => (focused.current = 'title')}
        onChange={(event) => setTitle(event.target.value.replace(/\n/g, ' '))}
        onBlur={() => {
          focused.current = null;
          saveTitle();
        }}
        onKeyDown={onEnter(() => (document.activeElement as HTMLElement | null)?.blur())}
      />

      <div className="card-editor-grid">
        <label htmlFor="card-assignee">Assignee</label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          {assignee && <Avatar name={assignee.name} kind={assignee.kind} size={24} />}
          <select
            id="card-assignee"
            className="select"
            value={card.assignee ?? ''}
            onChange={(event) => persist({ assignee: event.target.value || null })}
          >
            <option value="">Unassigned</option>
            <optgroup label="People">
              {members
                .filter((member) => member.kind === 'human')
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
            </optgroup>
            <optgroup label="Agents">
              {members
                .filter(
                  (member) => member.kind === 'agent' && (member.status !== 'completed' || member.id === card.assignee),
                )
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
            </optgroup>
          </select>
        </div>

        <label htmlFor="card-priority">Priority</label>
        <select
          id="card-priority"
          className="select"
          value={card.priority}
          onChange={(event) => persist({ priority: event.target.value as Card['priority'] })}
        >
          {PRIORITIES.map((priority) => (
            <option key={priority} value={priority}>
              {priorityLabel[priority]}
            </option>
          ))}
        </select>

        <label htmlFor="card-due">Due</label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <input
            id="card-due"
            type="date"
            className="input"
            value={toDateInput(card.due)}
            onChange={(event) => event.target.value && persist({ due: fromDateInput(event.target.value) })}
          />
          {card.due && (
            <Button size="small" variant="ghost" onClick={() => persist({ due: null })} aria-label="Clear the due date">
              Clear
            </Button>
          )}
        </div>
      </div>

      <fieldset className="card-editor-section">
        <legend>Labels</legend>
        <ul className="card-face-labels">
          {card.labels.map((label) => (
            <li key={label} className="label-chip label-chip-removable">
              {label}
              <button
                type="button"
                aria-label={`Remove label ${label}`}
                onClick={() => persist({ labels: card.labels.filter((item) => item !== label) })}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <label className="visually-hidden" htmlFor="card-new-label">
            New label
          </label>
          <input
            id="card-new-label"
            className="input"
            maxLength={40}
            placeholder="Add a label"
            value={newLabel}
            onChange={(event) => setNewLabel(event.target.value)}
            onKeyDown={onEnter(addLabel)}
          />
          <Button size="small" onClick={addLabel} disabled={!newLabel.trim() || card.labels.length >= 20}>
            Add
          </Button>
        </div>
      </fieldset>

      <fieldset className="card-editor-section">
        <legend>Blocked</legend>
        <label className="row">
          <input
            type="checkbox"
            checked={blockedOpen}
            onChange={(event) => {
              setBlockedOpen(event.target.checked);
              if (!event.target.checked && card.blocked !== undefined) {
                setBlockedReason('');
                persist({ blocked: null });
              }
            }}
          />
          This card is blocked
        </label>
        {blockedOpen && (
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <label className="visually-hidden" htmlFor="card-blocked-reason">
              Why is it blocked?
            </label>
            <input
              id="card-blocked-reason"
              className="input"
              maxLength={500}
              placeholder="Why is it blocked?"
              value={blockedReason}
              onFocus={() => (focused.current = 'blocked')}
              onChange={(event) => setBlockedReason(event.target.value)}
              onBlur={() => {
                focused.current = null;
                const value = blockedReason.trim();
                if (value && value !== card.blocked) persist({ blocked: value });
              }}
              onKeyDown={onEnter(() => (document.activeElement as HTMLElement | null)?.blur())}
            />
          </div>
        )}
      </fieldset>

      <div className="card-editor-section">
        <label className="card-editor-label" htmlFor="card-description">
          Description
        </label>
        <textarea
          id="card-description"
          className="input"
          rows={5}
          maxLength={20_000}
          placeholder="Add details, links, acceptance criteria…"
          value={description}
          onFocus={() => (focused.current = 'description')}
          onChange={(event) => {
            setDescription(event.target.value);
            clearTimeout(descriptionTimer.current);
            const value = event.target.value;
            descriptionTimer.current = setTimeout(
              () => value !== card.description && persist({ description: value }),
              900,
            );
          }}
          onBlur={() => {
            focused.current = null;
            saveDescription();
          }}
        />
      </div>

      <fieldset className="card-editor-section">
        <legend>
          Checklist{' '}
          {card.checklist.length > 0 && (
            <span className="muted">
              ({done}/{card.checklist.length})
            </span>
          )}
        </legend>
        <ul className="checklist">
          {card.checklist.map((item, index) => (
            <li key={`${index}-${item.text}`} className="checklist-item">
              <label className="row" style={{ flex: 1, flexWrap: 'nowrap' }}>
                <input
                  type="checkbox"
                  checked={item.done}
                  onChange={() =>
                    saveChecklist(
                      card.checklist.map((entry, i) => (i === index ? { ...entry, done: !entry.done } : entry)),
                    )
                  }
                />
                <span data-done={item.done || undefined}>{item.text}</span>
              </label>
              <Button
                size="small"
                variant="ghost"
                disabled={index === 0}
                onClick={() => moveItem(index, -1)}
                aria-label={`Move “${item.text}” up`}
              >
                ↑
              </Button>
              <Button
                size="small"
                variant="ghost"
                disabled={index === card.checklist.length - 1}
                onClick={() => moveItem(index, 1)}
                aria-label={`Move “${item.text}” down`}
              >
                ↓
              </Button>
              <Button
                size="small"
                variant="ghost"
                onClick={() => saveChecklist(card.checklist.filter((_, i) => i !== index))}
                aria-label={`Remove “${item.text}”`}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <label className="visually-hidden" htmlFor="card-new-item">
            New checklist item
          </label>
          <input
            id="card-new-item"
            className="input"
            maxLength={500}
            placeholder="Add an item"
            value={newItem}
            onChange={(event) => setNewItem(event.target.value)}
            onKeyDown={onEnter(addItem)}
          />
          <Button size="small" onClick={addItem} disabled={!newItem.trim() || card.checklist.length >= 100}>
            Add
          </Button>
        </div>
      </fieldset>

      <div className="card-editor-footer">
        <span className="muted">
          Created {formatDateTime(card.createdAt)} · updated {formatDateTime(card.updatedAt)}
        </span>
        {!card.archived && (
          <Button variant="danger" size="small" onClick={() => persist({ archived: true })}>
            Archive card
          </Button>
        )}
      </div>
    </div>
  );
}
