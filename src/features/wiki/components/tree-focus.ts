import type { RefObject } from 'react';

/** Focuses the tree's row of page `id`. */
export function focusRow(tree: HTMLElement | null, id: string) {
  tree?.querySelector<HTMLElement>(`[data-page-id="${id}"]`)?.focus();
}

/** Once the row of `gone` has left the tree (and taken the focus with it), focuses the row of `to`. */
export function focusOnceGone(treeRef: RefObject<HTMLElement | null>, gone: string, to: string, frames = 60) {
  requestAnimationFrame(() => {
    const tree = treeRef.current;
    if (!tree?.isConnected) return;
    if (tree.querySelector(`[data-page-id="${gone}"]`)) {
      if (frames > 0) focusOnceGone(treeRef, gone, to, frames - 1);
      return;
    }
    if (!tree.contains(document.activeElement)) focusRow(tree, to);
  });
}

/** A copy of the set without `id`. */
export function without(set: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(set);
  next.delete(id);
  return next;
}
