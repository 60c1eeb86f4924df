import { type KeyboardEvent, type MouseEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FileNode } from '@/api';
import { clickRow, emptySelection, moveFocus, pruneSelection, selectAll, type Selection } from '../selection';

/** What the keyboard asks of the page beyond moving the selection. */
export type SelectionActions = {
  onOpen: (node: FileNode) => void;
  onRename: (node: FileNode) => void;
  onDelete: (nodes: FileNode[]) => void;
  onMenu: (node: FileNode) => void;
};

/**
 * The selection of a folder's rows and the keys of a file manager over them: arrows (and, in the
 * grid view, left and right), Home/End, Page Up/Down, Shift to extend, Ctrl/⌘ to move without
 * selecting, Space to toggle, Ctrl/⌘+A, Enter opens, F2 renames, Delete deletes, Shift+F10 or the
 * menu key opens the row's menu, Esc clears. `focusTick` changes when the keyboard moved the
 * focus: the view then brings that row into view and focuses it.
 */
export function useFileSelection(nodes: FileNode[], actions: SelectionActions) {
  const ids = useMemo(() => nodes.map((node) => node.id), [nodes]);
  const [stored, setStored] = useState<{ state: Selection; ids: readonly string[] }>({
    state: emptySelection,
    ids,
  });
  // Rows that left the list (moved, deleted, elsewhere too) leave the selection; the focus stays near.
  const selection = stored.ids === ids ? stored.state : pruneSelection(stored.state, ids, stored.ids);
  if (stored.ids !== ids) setStored({ state: selection, ids });
  const [focusTick, setFocusTick] = useState(0);
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  const update = useCallback(
    (next: Selection, moved = false) => {
      setStored({ state: next, ids });
      if (moved) setFocusTick((tick) => tick + 1);
    },
    [ids],
  );

  const byId = useMemo(() => new Map(nodes.map((node) => [node.id, node])), [nodes]);
  const selectedNodes = useMemo(
    () => ids.filter((id) => selection.selected.has(id)).map((id) => byId.get(id)!),
    [ids, byId, selection.selected],
  );

  const handleClick = useCallback(
    (node: FileNode, event: MouseEvent) => {
      update(clickRow(selection, ids, node.id, { shift: event.shiftKey, toggle: event.ctrlKey || event.metaKey }));
    },
    [selection, ids, update],
  );

  /** Before a row's menu opens (by click): a row outside the selection becomes the selection. */
  const selectForMenu = useCallback(
    (node: FileNode) => {
      if (!selection.selected.has(node.id)) update(clickRow(selection, ids, node.id, {}));
    },
    [selection, ids, update],
  );

  const handleKeyDown = useCallback(
    (event: KeyboardEvent<HTMLElement>, layout: { columns: number; pageRows: number }) => {
      // Keys typed in the rename field are the field's.
      if ((event.target as HTMLElement).closest('input, textarea, button[aria-haspopup]')) return;
      const index = selection.focus === null ? -1 : ids.indexOf(selection.focus);
      const focused = index === -1 ? undefined : byId.get(ids[index]!);
      const mod = event.ctrlKey || event.metaKey;
      const to = (next: number) =>
        update(moveFocus(selection, ids, next, { shift: event.shiftKey, keep: mod && !event.shiftKey }), true);
      const { columns, pageRows } = layout;
      switch (event.key) {
        case 'ArrowDown':
          to(index === -1 ? 0 : index + columns);
          break;
        case 'ArrowUp':
          to(index === -1 ? 0 : index - columns);
          break;
        case 'ArrowRight':
          if (columns === 1) return;
          to(index + 1);
          break;
        case 'ArrowLeft':
          if (columns === 1) return;
          to(Math.max(0, index - 1));
          break;
        case 'Home':
          to(0);
          break;
        case 'End':
          to(ids.length - 1);
          break;
        case 'PageDown':
          to(index + pageRows * columns);
          break;
        case 'PageUp':
          to(Math.max(0, index - pageRows * columns));
          break;
        case ' ':
          if (!focused) return;
          update(clickRow(selection, ids, focused.id, { toggle: true, shift: event.shiftKey }));
          break;
        case 'a':
        case 'A':
          if (!mod) return;
          update(selectAll(selection, ids));
          break;
        case 'Escape':
          if (selection.selected.size === 0) return;
          update({ ...selection, selected: new Set() });
          break;
        case 'Enter':
          if (!focused) return;
          actionsRef.current.onOpen(focused);
          break;
        case 'F2':
          if (!focused) return;
          actionsRef.current.onRename(focused);
          break;
        case 'Delete':
        case 'Backspace': {
          const chosen = selectedNodes.length > 0 ? selectedNodes : focused ? [focused] : [];
          if (chosen.length === 0) return;
          actionsRef.current.onDelete(chosen);
          break;
        }
        case 'ContextMenu':
          if (!focused) return;
          actionsRef.current.onMenu(focused);
          break;
        case 'F10':
          if (!event.shiftKey || !focused) return;
          actionsRef.current.onMenu(focused);
          break;
        default:
          return;
      }
      event.preventDefault();
    },
    [selection, ids, byId, selectedNodes, update],
  );

  const clear = useCallback(() => update({ ...selection, selected: new Set() }), [selection, update]);
  /** A row took the focus (Tab into the list, a click): it becomes the tab stop. */
  const noteFocus = useCallback(
    (id: string) => {
      if (selection.focus !== id) update({ ...selection, focus: id, anchor: selection.anchor ?? id });
    },
    [selection, update],
  );
  /** Gives the focus back to the focused row (after renaming, after a menu or dialog closed). */
  const requestFocus = useCallback(() => setFocusTick((tick) => tick + 1), []);

  return {
    selection,
    selectedNodes,
    focusTick,
    handleClick,
    handleKeyDown,
    selectForMenu,
    clear,
    noteFocus,
    requestFocus,
  };
}

export type FileSelection = ReturnType<typeof useFileSelection>;

/**
 * Keeps the keyboard in the list when the focused row leaves it (moved, deleted, here or by a
 * colleague): the focus goes to the row that took its place. Only while the focus was in the
 * list: a row leaving never pulls the focus from elsewhere.
 */
export function useFocusRecovery(container: HTMLElement | null, focusId: string | null) {
  const within = useRef(false);
  useEffect(() => {
    if (!container) return;
    const onFocusIn = () => (within.current = true);
    const onFocusOut = (event: FocusEvent) => {
      // A row removed from the page reports no next target: the focus is still "in" the list.
      const next = event.relatedTarget as Node | null;
      if (next && !container.contains(next)) within.current = false;
    };
    container.addEventListener('focusin', onFocusIn);
    container.addEventListener('focusout', onFocusOut);
    return () => {
      container.removeEventListener('focusin', onFocusIn);
      container.removeEventListener('focusout', onFocusOut);
    };
  }, [container]);
  useEffect(() => {
    if (!container || !focusId || !within.current) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    container.querySelector<HTMLElement>(`[data-node-id="${focusId}"]`)?.focus({ preventScroll: true });
  });
}
