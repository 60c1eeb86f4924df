import type { Editor } from '@tiptap/core';
import { type RefObject, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { editorAnchors, pendingTarget, type AnchorRange } from '../extension';
import { stackMargin, type MarginItem } from '../layout';

/** The `data-margin-id` of the new-thread composer's card. */
export const COMPOSER_ID = '__composer';

/** Viewport top of a range's first line (or of a block), or null when it cannot be measured. */
function rangeTop(editor: Editor, range: AnchorRange | undefined): number | null {
  if (!range || editor.isDestroyed) return null;
  try {
    if (range.block) {
      const dom = editor.view.nodeDOM(range.from);
      if (dom instanceof HTMLElement) return dom.getBoundingClientRect().top;
    }
    return editor.view.coordsAtPos(Math.min(range.from, editor.state.doc.content.size), 1).top;
  } catch {
    return null;
  }
}

/**
 * Keeps the margin's cards (`[data-margin-id]` inside the returned `layer`) level with their
 * passages: each card is measured against its anchor (the composer against the pending passage),
 * stacked without overlap (`stackMargin`, the card `priority` names exactly level), and hidden when
 * its passage cannot be measured. It re-aligns after every render, on resizes of the column, the
 * editor and each card (`cards` lists what changes the set of cards), and when `schedule` is called.
 */
export function useMarginLayout(
  editor: Editor | null,
  priority: RefObject<string | null>,
  cards: { threads: unknown; composing: unknown; narrow: boolean },
) {
  const layer = useRef<HTMLDivElement>(null);
  const frame = useRef(0);

  const relayout = useCallback(() => {
    const host = layer.current;
    if (!host || !editor || editor.isDestroyed) return;
    // No thread in the margin (most pages, while typing): nothing to measure, so no forced layout.
    if (!host.querySelector('[data-margin-id]')) {
      host.style.minHeight = '';
      return;
    }
    const base = host.getBoundingClientRect().top;
    const anchors = editorAnchors(editor);
    const items: MarginItem[] = [];
    const elements = new Map<string, HTMLElement>();
    for (const card of host.querySelectorAll<HTMLElement>('[data-margin-id]')) {
      const id = card.dataset.marginId!;
      const anchor = card.dataset.marginAnchor;
      let top: number | null = null;
      if (id === COMPOSER_ID) {
        const pending = pendingTarget(editor);
        top = pending
          ? rangeTop(
              editor,
              pending.kind === 'text'
                ? { from: pending.from, to: pending.to }
                : { from: pending.pos, to: pending.pos + 1, block: true },
            )
          : null;
      } else if (anchor) {
        top = rangeTop(editor, anchors.get(anchor)?.[0]);
      }
      if (top === null) {
        card.style.visibility = 'hidden';
        continue;
      }
      items.push({ id, anchor: top - base, height: card.offsetHeight });
      elements.set(id, card);
    }
    const tops = stackMargin(items, { activeId: priority.current, gap: 8 });
    let bottom = 0;
    for (const [id, top] of tops) {
      const card = elements.get(id)!;
      card.style.top = `${Math.round(top)}px`;
      card.style.visibility = '';
      bottom = Math.max(bottom, top + card.offsetHeight);
    }
    host.style.minHeight = `${Math.ceil(bottom)}px`;
  }, [editor, priority]);

  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      relayout();
    });
  }, [relayout]);
  useEffect(() => () => cancelAnimationFrame(frame.current), []);

  // Re-align on resizes: the column, the editor, each card (a reply box opening).
  const { threads, composing, narrow } = cards;
  useEffect(() => {
    if (!editor || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(schedule);
    if (layer.current) observer.observe(layer.current);
    if (!editor.isDestroyed) observer.observe(editor.view.dom);
    layer.current?.querySelectorAll('[data-margin-id]').forEach((card) => observer.observe(card));
    window.addEventListener('resize', schedule);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, [editor, schedule, threads, composing, narrow]);

  useLayoutEffect(() => {
    relayout();
  });

  return { layer, schedule };
}
