import { type MouseEvent, useLayoutEffect, useMemo, useRef } from 'react';
import type { FileNode } from '@/api';
import type { FileSelection } from './use-file-selection';

/** What the list and the grid views are given by the page. */
export type FileViewProps = {
  /** The folder's name: the grid's accessible name. */
  label: string;
  nodes: FileNode[];
  hasMore: boolean;
  onLoadMore: () => void;
  selection: FileSelection;
  /** The node whose name is being edited in place (F2). */
  renamingId: string | null;
  onRenameDone: (refocus: boolean) => void;
  canChange: (node: FileNode) => boolean;
  onOpen: (node: FileNode) => void;
  /** Opens a node's menu beside `anchor` (its "Actions" button). */
  onMenu: (node: FileNode, anchor: HTMLElement) => void;
};

/** The "Actions for …" button of a node, which menus opened from the keyboard sit beside. */
export const menuButtonSelector = (nodeId: string) => `[data-menu-for="${nodeId}"]`;

/** What a row (or card) does with the pointer, in one object that never changes identity. */
export type ItemActions = {
  click: (node: FileNode, event: MouseEvent) => void;
  open: (node: FileNode) => void;
  focus: (node: FileNode) => void;
  /** Opens the node's menu beside `anchor`, selecting the node first if it is not selected. */
  menu: (node: FileNode, anchor: HTMLElement) => void;
  renameDone: (refocus: boolean) => void;
};

/**
 * The rows' actions, reading the page's latest state when called: rows are memoized, so a change
 * of the selection re-renders only the rows whose own props changed, not the whole window of rows.
 */
export function useItemActions(view: FileViewProps): ItemActions {
  const latest = useRef(view);
  useLayoutEffect(() => {
    latest.current = view;
  });
  return useMemo(
    () => ({
      click: (node, event) => latest.current.selection.handleClick(node, event),
      open: (node) => latest.current.onOpen(node),
      focus: (node) => latest.current.selection.noteFocus(node.id),
      menu: (node, anchor) => {
        latest.current.selection.selectForMenu(node);
        latest.current.onMenu(node, anchor);
      },
      renameDone: (refocus) => latest.current.onRenameDone(refocus),
    }),
    [],
  );
}
