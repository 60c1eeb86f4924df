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

/**
 * Columns under the pointer. A keyboard drag (no pointer) is over the column it targets (`keyboard`,
 * worked out from the board); without one, the column nearest the card.
 */
export function detectColumn(args: Parameters<CollisionDetection>[0], keyboard: Target | null) {
  if (keyboard) return [{ id: `column:${keyboard.columnId}` }];
  const hits = pointerWithin(args);
  return hits.length > 0 ? hits : closestCenter(args);
}

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

/** A column's place in a keyboard drag: its id and how many cards it shows (the dragged one lifted out). */
export type ColumnSlots = { columnId: string; count: number };

/**
 * Where one arrow press takes a card dragged with the keyboard, worked out from the board, not
 * from what is on screen: Up and Down one place in the column, Left and Right the neighbouring
 * column in the board's order at the same position (the last one, in a column with fewer cards).
 * At an edge the card stays; null for any other key.
 */
export function keyboardTarget(spot: Target, code: string, columns: ColumnSlots[]): Target | null {
  const here = columns.findIndex((column) => column.columnId === spot.columnId);
  if (here < 0) return null;
  const count = columns[here]!.count;
  switch (code) {
    case 'ArrowDown':
      return { ...spot, index: Math.min(spot.index + 1, count) };
    case 'ArrowUp':
      return { ...spot, index: Math.max(spot.index - 1, 0) };
    case 'ArrowLeft':
    case 'ArrowRight': {
      const next = columns[here + (code === 'ArrowRight' ? 1 : -1)];
      return next ? { columnId: next.columnId, index: Math.min(spot.index, next.count) } : spot;
    }
    default:
      return null;
  }
}

/**
 * Where the dragged card is drawn for a keyboard target: over its column, at the card now in that
 * place (or under the column's last rendered card), the column scrolled into view.
 */
export function keyboardCoordinates(
  spot: Target,
  ...[, { context, currentCoordinates }]: Parameters<KeyboardCoordinateGetter>
): ReturnType<KeyboardCoordinateGetter> {
  const rect = context.collisionRect ?? context.active?.rect.current.initial;
  const list = document.querySelector<HTMLElement>(`[data-column-list="${spot.columnId}"]`);
  if (!rect || !list) return currentCoordinates;
  list.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  const box = list.getBoundingClientRect();
  const cards = [...list.querySelectorAll<HTMLElement>('[data-card-id]')].filter(
    (element) => element.dataset.cardId !== String(context.active?.id),
  );
  const at = cards.find((element) => Number(element.dataset.index) === spot.index);
  const last = cards.at(-1);
  const y = at ? at.getBoundingClientRect().top : last ? last.getBoundingClientRect().bottom + 8 : box.top;
  return { x: box.left + Math.max(0, (box.width - rect.width) / 2), y };
}
