import type { Editor } from '@tiptap/core';
import { useEffect, useMemo } from 'react';
import type { Thread } from '@/features/comments';
import { setCommentUi, type CommentUi, type ThreadState } from '../extension';

/**
 * The highlights in the text follow the threads: each anchor open or resolved, the active and the
 * hovered one, and (beside the text, not on a narrow screen) the card describing each passage.
 * Hands that state to the editor's `WikiCommentUi` extension, and returns it.
 */
export function useCommentHighlights(
  editor: Editor | null,
  {
    threads,
    marginThreads,
    activeAnchor,
    hovered,
    narrow,
  }: {
    threads: Thread[];
    /** The threads shown beside the text. */
    marginThreads: Thread[];
    activeAnchor: string | null;
    hovered: string | null;
    narrow: boolean;
  },
): CommentUi {
  const ui = useMemo<CommentUi>(() => {
    const states = new Map<string, ThreadState>();
    for (const { root } of threads) {
      if (!root.anchor || root.detachedAt) continue;
      if (states.get(root.anchor) !== 'open') states.set(root.anchor, root.resolvedAt ? 'resolved' : 'open');
    }
    const described = new Map<string, string>();
    if (!narrow) for (const { root } of marginThreads) described.set(root.anchor!, `wiki-thread-desc-${root.id}`);
    return { threads: states, active: activeAnchor, hovered, described };
  }, [threads, marginThreads, activeAnchor, hovered, narrow]);
  useEffect(() => {
    if (editor) setCommentUi(editor, ui);
    if (!editor) return;
    // Set again once the view exists (the editor may mount after this effect ran).
    const apply = () => setCommentUi(editor, ui);
    editor.on('mount', apply);
    return () => void editor.off('mount', apply);
  }, [editor, ui]);
  return ui;
}
