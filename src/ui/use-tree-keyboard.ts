import type { KeyboardEvent } from 'react';

type TreeKeyboardOptions<Row> = {
  /** The visible rows, in order (collapsed subtrees left out). */
  rows: readonly Row[];
  /** The row a `role="treeitem"` element stands for (from its data attribute). */
  rowOf: (item: HTMLElement) => Row | undefined;
  /** Depth, 1 for the top level: a row's parent is the nearest row above it one level up. */
  levelOf: (row: Row) => number;
  hasChildren: (row: Row) => boolean;
  isExpanded: (row: Row) => boolean;
  /** Moves the focus (and the tab stop) to a row. */
  onMove: (row: Row) => void;
  onToggle: (row: Row, expand: boolean) => void;
  /** Enter. */
  onOpen: (row: Row) => void;
  /** The period key, the context-menu key or Shift+F10: the row's actions. */
  onMenu: (row: Row, item: HTMLElement) => void;
  /** Keys of the tree's own (Alt+arrows, F2), tried first; true when handled. */
  onKey?: (event: KeyboardEvent<HTMLElement>, row: Row, item: HTMLElement) => boolean;
  /** No keys while true (during a drag, whose sensor owns the arrow keys). */
  disabled?: boolean;
};

/**
 * The keyboard of a WAI-ARIA tree with one tab stop: ↑ ↓ move, → opens a level or goes into it,
 * ← closes it or goes up to the parent, Home and End go to the first and last row, Enter opens,
 * the period key (or Shift+F10, or the context-menu key) opens the row's actions. Returns the
 * tree element's `onKeyDown`; only keys pressed on a treeitem itself count (not on a field in it).
 */
export function useTreeKeyboard<Row>(options: TreeKeyboardOptions<Row>) {
  return function handleKeyDown(event: KeyboardEvent<HTMLElement>) {
    const { rows, levelOf, onMove } = options;
    if (options.disabled) return;
    const item = (event.target as HTMLElement).closest<HTMLElement>('[role="treeitem"]');
    const row = item ? options.rowOf(item) : undefined;
    if (!item || row === undefined || event.target !== item) return;
    const at = rows.indexOf(row);
    if (at < 0) return;
    if (options.onKey?.(event, row, item)) {
      event.preventDefault();
      return;
    }
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    const go = (target: Row | undefined) => target !== undefined && onMove(target);
    switch (event.key) {
      case 'ArrowDown':
        go(rows[at + 1]);
        break;
      case 'ArrowUp':
        go(rows[at - 1]);
        break;
      case 'Home':
        go(rows[0]);
        break;
      case 'End':
        go(rows.at(-1));
        break;
      case 'ArrowRight':
        if (!options.hasChildren(row)) return;
        if (!options.isExpanded(row)) options.onToggle(row, true);
        else go(rows[at + 1]);
        break;
      case 'ArrowLeft':
        if (options.hasChildren(row) && options.isExpanded(row)) options.onToggle(row, false);
        else go(rows.slice(0, at).findLast((other) => levelOf(other) === levelOf(row) - 1));
        break;
      case 'Enter':
        options.onOpen(row);
        break;
      case '.':
      case 'ContextMenu':
        options.onMenu(row, item);
        break;
      case 'F10':
        if (!event.shiftKey) return;
        options.onMenu(row, item);
        break;
      default:
        return;
    }
    event.preventDefault();
  };
}
