import { type ComponentType, type KeyboardEvent, Suspense, useCallback } from 'react';
import { errorMessage, type Card, type Member, type UpdateCardRequest } from '@/api';
import { formatDateTime } from '@/lib/format';
import { assigneeOptions } from '@/features/members';
import { Avatar, Button, DraftOffer, QueryNotice } from '@/ui';
import { PRIORITIES, priorityLabel } from '../filters';
import { useCardDrafts } from '../hooks/use-card-drafts';
import { useSaveState } from '../hooks/use-save-state';
import { useShownCard } from '../hooks/use-shown-card';
import { saveOnLeaving, useUpdateCard } from '../mutations';
import { CardAgent } from './card-agent';
import { CardStatus } from './card-status';
import type { CardField } from '../edit-conflict';
import { EditConflictNotice } from './edit-conflict-notice';
import { ChecklistEditor } from './checklist-editor';
import { LabelEditor } from './label-editor';
import { SaveStatus } from './save-status';
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

/**
 * The description's rich-text field (the wiki's Markdown editor, given by the route so the board
 * neither imports the wiki nor loads Tiptap before a card is opened): Markdown in and out.
 */
export type DescriptionFieldProps = {
  id: string;
  label: string;
  value: string;
  placeholder?: string;
  maxLength?: number;
  onFocus?: () => void;
  onChange: (markdown: string) => void;
  onBlur?: () => void;
};

type CardEditorProps = {
  projectId: string;
  cardId: string;
  members: Member[];
  DescriptionField: ComponentType<DescriptionFieldProps>;
};

/** Everything on a card, saved as you go, with a visible saving / saved / error state. */
export function CardEditor({ projectId, cardId, members, DescriptionField }: CardEditorProps) {
  const { query, card } = useShownCard(projectId, cardId);
  if (query.isPending) return <QueryNotice status="loading" label="Loading card…" />;
  if (query.isError || !card) {
    return <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  }
  return (
    <CardFields
      key={card.id}
      projectId={projectId}
      card={card}
      server={query.data}
      members={members}
      DescriptionField={DescriptionField}
    />
  );
}

const DRAFTED = new Set<CardField>(['title', 'description', 'blocked']);

function CardFields({
  projectId,
  card,
  server,
  members,
  DescriptionField,
}: Omit<CardEditorProps, 'cardId'> & { card: Card; server: Card }) {
  const { mutate, mutateAsync } = useUpdateCard(projectId, card.id);
  const { save, settle, persist: send } = useSaveState(mutateAsync);
  // A change made with a click names the version the panel shows (the server's copy).
  const version = server.version;
  const persist = useCallback(
    (changes: UpdateCardRequest) => send({ baseVersion: version, ...changes }),
    [send, version],
  );
  const conflict = save.conflict;
  const held = useCallback((field: CardField) => conflict?.fields.includes(field) ?? false, [conflict]);
  const drafts = useCardDrafts(card, persist, saveOnLeaving(mutate), server, held);
  /** Your value of a conflicting field: the text in the field (held until you choose), else what was sent. */
  const mine = (field: CardField) => {
    if (field === 'title') return drafts.title;
    if (field === 'description') return drafts.description;
    if (field === 'blocked') return drafts.blockedReason;
    return conflict?.sent[field];
  };
  const choose = (field: CardField, choice: 'mine' | 'theirs') => {
    settle(field);
    const value = mine(field);
    if (DRAFTED.has(field)) drafts.choose(field as 'title' | 'description' | 'blocked', choice, String(value ?? ''));
    else if (choice === 'mine') persist({ [field]: value ?? null, baseVersion: version });
  };
  /** The offer of a draft kept for `field`, if any (lib/drafts). */
  const draftOffer = (field: 'title' | 'description' | 'blocked', words: string) => {
    const offer = drafts.offers[field];
    return (
      offer && (
        <DraftOffer
          field={words}
          at={offer.at}
          text={offer.text}
          onRestore={() => drafts.restore(field)}
          onDiscard={() => drafts.discard(field)}
        />
      )
    );
  };
  const blurOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    (event.currentTarget as HTMLElement).blur();
  };
  const assignee = members.find((member) => member.id === card.assignee);
  const choices = assigneeOptions(members, [card.assignee]);

  return (
    <div className="card-editor">
      <SaveStatus save={save} />
      {conflict && (
        <EditConflictNotice fields={conflict.fields} card={server} mine={mine} members={members} onChoose={choose} />
      )}
      {card.archived && (
        <p className="notice" data-tone="warning">
          This card is archived and not on the board.{' '}
          <Button size="small" onClick={() => persist({ archived: false })}>
            Restore it
          </Button>
        </p>
      )}

      {draftOffer('title', 'the title')}
      <label className="visually-hidden" htmlFor="card-title-input">
        Title
      </label>
      <textarea
        id="card-title-input"
        className="card-editor-title"
        rows={1}
        maxLength={200}
        value={drafts.title}
        onFocus={() => drafts.focus('title')}
        onChange={(event) => drafts.setTitle(event.target.value.replace(/\n/g, ' '))}
        onBlur={() => drafts.blur('title')}
        onKeyDown={blurOnEnter}
      />

      <div className="card-editor-grid">
        <label htmlFor="card-status">Status</label>
        <CardStatus projectId={projectId} card={card} />

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
              {choices
                .filter((member) => member.kind === 'human')
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                  </option>
                ))}
            </optgroup>
            <optgroup label="Agents">
              {choices
                .filter((member) => member.kind === 'agent')
                .map((member) => (
                  <option key={member.id} value={member.id}>
                    {member.name}
                    {member.status === 'active' ? '' : ` (${member.status})`}
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

      {assignee?.kind === 'agent' && <CardAgent projectId={projectId} card={card} agent={assignee} />}

      <LabelEditor labels={card.labels} onChange={(labels) => persist({ labels })} />

      <fieldset className="card-editor-section">
        <legend>Blocked</legend>
        {draftOffer('blocked', 'the blocked reason')}
        <label className="row">
          <input
            type="checkbox"
            checked={drafts.blockedOpen}
            onChange={(event) => drafts.setBlocked(event.target.checked)}
          />
          This card is blocked
        </label>
        {drafts.blockedOpen && (
          <div className="row" style={{ flexWrap: 'nowrap' }}>
            <label className="visually-hidden" htmlFor="card-blocked-reason">
              Why is it blocked?
            </label>
            <input
              id="card-blocked-reason"
              className="input"
              maxLength={500}
              placeholder="Why is it blocked?"
              value={drafts.blockedReason}
              onFocus={() => drafts.focus('blocked')}
              onChange={(event) => drafts.setBlockedReason(event.target.value)}
              onBlur={() => drafts.blur('blocked')}
              onKeyDown={blurOnEnter}
            />
          </div>
        )}
      </fieldset>

      <div className="card-editor-section">
        <span className="card-editor-label" id="card-description-label">
          Description
        </span>
        {draftOffer('description', 'the description')}
        <Suspense
          fallback={
            <div className="card-editor-description-loading" aria-busy="true">
              {drafts.description}
            </div>
          }
        >
          <DescriptionField
            id="card-description"
            label="Description"
            value={drafts.description}
            maxLength={20_000}
            placeholder="Add details, links, acceptance criteria…"
            onFocus={() => drafts.focus('description')}
            onChange={drafts.setDescription}
            onBlur={() => drafts.blur('description')}
          />
        </Suspense>
      </div>

      <ChecklistEditor
        items={card.checklist}
        onChange={(checklist) => persist({ checklist })}
        draftKey={`card:${card.id}:checklist-item`}
      />

      <div className="card-editor-footer">
        <span className="muted">
          Created {formatDateTime(card.createdAt)} · updated {formatDateTime(card.updatedAt)}
        </span>
        {!card.archived && (
          // Archiving is undone from the card (Restore it): a quiet action at the panel's foot, not a danger.
          <Button variant="ghost" size="small" onClick={() => persist({ archived: true })}>
            Archive card
          </Button>
        )}
      </div>
    </div>
  );
}
