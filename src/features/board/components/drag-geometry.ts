import {
  type Active,
  closestCenter,
  type CollisionDetection,
  type KeyboardCoordinateGetter,
  type Over,
  pointerWithin,
} from '@dnd-kit/core';

/** Where a dragged card would land: a column, and its rank among the column's shown cards. */
export type Target = { columnId: string; index: number };

/** The column a droppable stands for (droppables are named `column:<id>`). */
export const columnIdOf = (over: Over | null) => (over ? String(over.id).replace(/^column:/, '') : undefined);

/** Columns under the pointer; for the keyboard (no pointer), the column nearest the card. */
export const detectColumn: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
};

/** Where a card whose centre is at `y` would land among the rendered cards of a column. */
export function indexAt(columnId: string, y: number, activeId: string): number {
  const list = document.querySelector(`[data-column-list="${columnId}"]`);
  if (!list) return 0;
  let after = -1;
  for (const element of list.querySelectorAll<HTMLElement>('[data-card-id]')) {
    if (element.dataset.cardId === activeId) continue;
    const index = Number(element.dataset.index);
    const rect = element.getBoundingClientRect();
    if (y < rect.top + rect.height / 2) return index;
    after = Math.max(after, index);
  }
  return after + 1;
}

export function centerY(active: Active): number | undefined {
  const rect = active.rect.current.translated ?? active.rect.current.initial;
  return rect ? rect.top + rect.height / 2 : undefined;
}

/**
 * Keyboard dragging: one slot per arrow press up and down, the neighbouring column sideways
 * (scrolled into view). `spot` is where the card would land now.
 */
export function keyboardStep(
  spot: Target | null,
  ...[event, { context, currentCoordinates }]: Parameters<KeyboardCoordinateGetter>
): ReturnType<KeyboardCoordinateGetter> {
  const rect = context.collisionRect ?? context.active?.rect.current.initial;
  if (!rect) return undefined;
  const half = rect.height / 2;
  const columns = [...document.querySelectorAll<HTMLElement>('[data-column-list]')];
  const list = spot ? document.querySelector<HTMLElement>(`[data-column-list="${spot.columnId}"]`) : null;
  const cardAt = (index: number) => list?.querySelector<HTMLElement>(`[data-card-id][data-index="${index}"]`);
  switch (event.code) {
    case 'ArrowDown': {
      event.preventDefault();
      const next = spot ? cardAt(spot.index) : undefined;
      const y = next ? next.getBoundingClientRect().bottom - 2 : rect.top + half + rect.height + 8;
      return { ...currentCoordinates, y: y - half };
    }
    case 'ArrowUp': {
      event.preventDefault();
      const previous = spot && spot.index > 0 ? cardAt(spot.index - 1) : undefined;
      const y = previous ? previous.getBoundingClientRect().top + 2 : rect.top + half - rect.height - 8;
      return { ...currentCoordinates, y: y - half };
    }
    case 'ArrowLeft':
    case 'ArrowRight': {
      event.preventDefault();
      const here = columns.findIndex((element) => element.dataset.columnList === spot?.columnId);
      const neighbour = columns[here + (event.code === 'ArrowRight' ? 1 : -1)];
      if (!neighbour) return currentCoordinates;
      neighbour.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const box = neighbour.getBoundingClientRect();
      return { x: box.left + 8, y: Math.min(Math.max(currentCoordinates.y, box.top), box.bottom - rect.height) };
    }
    default:
      return undefined;
  }
}
