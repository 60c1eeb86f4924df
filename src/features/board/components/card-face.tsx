import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { type KeyboardEventHandler, memo, type Ref } from 'react';
import type { AgentDelegation, BoardCard, Member } from '@/api';
import { formatDate } from '@/lib/format';
import { BlockedIcon, ChecklistIcon, CommentIcon, MoreIcon } from '@/ui';
import { priorityLabel } from '../filters';
import { CardAssignee } from './card-assignee';

type DragBindings = {
  setNodeRef: Ref<HTMLElement>;
  setHandleRef: Ref<HTMLElement>;
  attributes: DraggableAttributes;
  listeners: DraggableSyntheticListeners;
};

type CardFaceProps = {
  card: BoardCard;
  assignee?: Member;
  /** The agent's session on this card, when the card is delegated to its assignee (an agent). */
  delegation?: AgentDelegation;
  index: number;
  /** Set while this card's face is a copy in the drag overlay. */
  overlay?: boolean;
  drag?: DragBindings;
  /** Opens the card's menu (Open, Move to…, Copy link, Archive) beside `anchor`. */
  onMenu?: (card: BoardCard, anchor: HTMLElement) => void;
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

/** Keys that open a focused card's menu: `.`, the context-menu key, and Shift+F10. */
export function isMenuKey(event: {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
}) {
  if (event.ctrlKey || event.metaKey || event.altKey) return false;
  return event.key === '.' || event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey);
}

/**
 * A card on the board. The whole face drags with a pointer; the keyboard drags from the handle
 * (Space), and the card's menu ("⋯", or `.` on the focused card) moves it without dragging,
 * opens it, copies its link or archives it. The title opens the card panel.
 */
export const CardFace = memo(function CardFace({
  card,
  assignee,
  delegation,
  index,
  overlay,
  drag,
  onMenu,
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
      onKeyDown={(event) => {
        if (!onMenu || !isMenuKey(event)) return;
        const button = event.currentTarget.querySelector<HTMLElement>('.card-face-menu');
        if (!button) return;
        event.preventDefault();
        onMenu(card, button);
      }}
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
        {onMenu && !overlay && (
          <button
            type="button"
            className="card-face-menu"
            aria-label={`Actions for ${card.title}`}
            aria-haspopup="menu"
            aria-keyshortcuts="."
            onClick={(event) => onMenu(card, event.currentTarget)}
          >
            <MoreIcon />
          </button>
        )}
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
        {assignee && <CardAssignee assignee={assignee} delegation={delegation} />}
      </div>
    </article>
  );
});
