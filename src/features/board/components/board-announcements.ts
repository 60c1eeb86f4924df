import type { Active, Announcements, Over } from '@dnd-kit/core';
import { type RefObject, useRef } from 'react';
import type { BoardCard, BoardColumn, ProjectDetail } from '@/api';
import type { Target } from './drag-geometry';

type AnnouncementInput = {
  board: ProjectDetail;
  /** The cards each column shows (filters applied, the dragged card lifted out). */
  shown: Map<string, BoardCard[]>;
  cardById: (id: string) => { card: BoardCard; column: BoardColumn } | undefined;
  targetFor: (dragged: Active, over: Over | null) => Target | null;
  /** Where the card would land now. */
  target: RefObject<Target | null>;
};

/**
 * What screen readers hear during a drag: where the card was picked up, each new place it would
 * land ("Write brief: Doing, position 2 of 3."), and where it was dropped or that it stayed.
 */
export function useBoardAnnouncements({
  board,
  shown,
  cardById,
  targetFor,
  target: targetRef,
}: AnnouncementInput): Announcements {
  // The last place said, so each place is said once.
  const lastAnnounced = useRef('');
  const columnName = (columnId?: string) => board.columns.find((column) => column.id === columnId)?.name ?? 'no column';
  const describe = (dragged: Active, over: Over | null) => {
    const card = cardById(String(dragged.id))?.card;
    const spot = targetFor(dragged, over);
    if (!card || !spot) return card ? `${card.title} is not over a column.` : undefined;
    const count = (shown.get(spot.columnId) ?? []).length;
    return `${card.title}: ${columnName(spot.columnId)}, position ${spot.index + 1} of ${count + 1}.`;
  };
  /** Says where the card would land, once per change of place. */
  const announceSpot = (dragged: Active, over: Over | null) => {
    const text = describe(dragged, over);
    if (!text || text === lastAnnounced.current) return undefined;
    lastAnnounced.current = text;
    return text;
  };
  return {
    onDragStart: ({ active: dragged }) => {
      const found = cardById(String(dragged.id));
      if (!found) return undefined;
      const index = found.column.cards.findIndex((card) => card.id === found.card.id);
      // Where it starts is already said here; the first "over" report would repeat it.
      lastAnnounced.current = `${found.card.title}: ${found.column.name}, position ${index + 1} of ${found.column.cards.length}.`;
      return `Picked up ${found.card.title}, in ${found.column.name}, position ${index + 1} of ${found.column.cards.length}. Arrow keys move it, Space drops it, Escape cancels.`;
    },
    onDragOver: ({ active: dragged, over }) => announceSpot(dragged, over),
    onDragMove: ({ active: dragged, over }) => announceSpot(dragged, over),
    onDragEnd: ({ active: dragged, over }) => {
      const card = cardById(String(dragged.id))?.card;
      const spot = targetRef.current ?? targetFor(dragged, over);
      if (!card) return undefined;
      return spot
        ? `Dropped ${card.title} in ${columnName(spot.columnId)} at position ${spot.index + 1}.`
        : `${card.title} was dropped outside the board and stays where it was.`;
    },
    onDragCancel: ({ active: dragged }) => {
      const card = cardById(String(dragged.id))?.card;
      return card ? `Cancelled. ${card.title} stays in ${columnName(card.column)}.` : undefined;
    },
  };
}
