import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { type KeyboardEventHandler, memo, type Ref } from 'react';
import type { BoardCard, Member } from '@/api';
import { formatDate } from '@/lib/format';
import { Avatar, BlockedIcon, ChecklistIcon, CommentIcon } from '@/ui';
import { priorityLabel } from '../filters';

type DragBindings = {
  setNodeRef: Ref<HTMLElement>;
  setHandleRef: Ref<HTMLElement>;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

type CardFaceProps = {
  card: BoardCard;
  assignee?: Member;
  index: number;
  /** Set while this card's face is a copy in the drag overlay. */
  overlay?: boolean;
  drag?: DragBindings;
  onMoveTo?: (card: BoardCard) => void;
  /** The card panel's address for a card, and how to open it in place. */
  linkFor?: (cardId: string) => string;
  onOpen?: (cardId: string) => void;
  now: number;
};

function dueState(due: string, now: number): 'overdue' | 'soon' | undefined {
  const at = Date.parse(due);
  if (at < now) return 'overdue';
  if (at - now < 2 * 86_400_000) return 'soon';
  return undefined;
}

/**
 * A card on the board. The whole face drags with a pointer; the keyboard drags from the handle
 * (Space), and "Move to…" does the same without dragging. The title opens the card panel.
 */
export const CardFace = memo(function CardFace({
  card,
  assignee,
  index,
  overlay,
  drag,
  onMoveTo,
  linkFor,
  onOpen,
  now,
}: CardFaceProps) {
  const done = card.checklist.filter((item) => item.done).length;
  const due = card.due ? dueState(card.due, now) : undefined;
  const { onKeyDown, ...pointerListeners } = drag?.listeners ?? {};
  return (
    <article
      ref={drag?.setNodeRef}
      className="card-face"
      data-card-id={card.id}
      data-index={index}
      data-overlay={overlay || undefined}
      data-blocked={card.blocked !== undefined || undefined}
      aria-labelledby={`card-title-${card.id}`}
      {...pointerListeners}
    >
      <div className="card-face-top">
        {/* A plain link: a router Link per card costs too much on a 2,000-card board. */}
        <a
          id={`card-title-${card.id}`}
          className="card-face-title"
          href={linkFor?.(card.id)}
          tabIndex={overlay ? -1 : undefined}
          draggable={false}
          onClick={(event) => {
            if (!onOpen || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
            event.preventDefault();
            onOpen(card.id);
          }}
        >
          {card.title}
        </a>
        {drag && (
          <button
            ref={drag.setHandleRef as Ref<HTMLButtonElement>}
            type="button"
            className="card-face-handle"
            aria-label={`Drag ${card.title}`}
            {...drag.attributes}
            onKeyDown={onKeyDown as KeyboardEventHandler<HTMLButtonElement> | undefined}
          >
            <svg width="12" height="16" viewBox="0 0 12 16" aria-hidden="true">
              {[3, 8, 13].flatMap((y) =>
                [3, 9].map((x) => <circle key={`${x}${y}`} cx={x} cy={y} r="1.4" fill="currentColor" />),
              )}
            </svg>
          </button>
        )}
      </div>
      {card.blocked !== undefined && (
        <p className="card-face-blocked">
          <BlockedIcon /> Blocked: {card.blocked}
        </p>
      )}
      {card.labels.length > 0 && (
        <ul className="card-face-labels" aria-label="Labels">
          {card.labels.map((label) => (
            <li key={label} className="label-chip">
              {label}
            </li>
          ))}
        </ul>
      )}
      <div className="card-face-meta">
        {card.priority !== 'none' && (
          <span className="priority" data-priority={card.priority} title={`Priority: ${priorityLabel[card.priority]}`}>
            <span className="visually-hidden">Priority: </span>
            {priorityLabel[card.priority]}
          </span>
        )}
        {card.due && (
          <time className="due" data-state={due} dateTime={card.due} title={`Due ${formatDate(card.due)}`}>
            <span className="visually-hidden">{due === 'overdue' ? 'Overdue, due ' : 'Due '}</span>
            {formatDate(card.due)}
          </time>
        )}
        {card.checklist.length > 0 && (
          <span className="meta-item" data-complete={done === card.checklist.length || undefined}>
            <ChecklistIcon />
            <span className="visually-hidden">Checklist </span>
            {done}/{card.checklist.length}
          </span>
        )}
        {card.comments.length > 0 && (
          <span className="meta-item">
            <CommentIcon /> {card.comments.length}
            <span className="visually-hidden"> comment{card.comments.length === 1 ? '' : 's'}</span>
          </span>
        )}
        <span className="card-face-spacer" />
        {assignee && (
          <span className="card-face-assignee" title={`${assignee.name}${assignee.kind === 'agent' ? ' (agent)' : ''}`}>
            <Avatar name={assignee.name} kind={assignee.kind} size={22} />
            <span className="visually-hidden">
              Assigned to {assignee.name}
              {assignee.kind === 'agent' ? ', an agent' : ''}
            </span>
          </span>
        )}
        {onMoveTo && !overlay && (
          <button
            type="button"
            className="card-face-move"
            onClick={() => onMoveTo(card)}
            aria-label={`Move ${card.title} to…`}
          >
            Move…
          </button>
        )}
      </div>
    </article>
  );
});
