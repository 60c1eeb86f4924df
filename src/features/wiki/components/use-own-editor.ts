import { Editor, type EditorOptions } from '@tiptap/core';
import { useEffect, useState } from 'react';

const pendingDestroy = new WeakMap<Editor, ReturnType<typeof setTimeout>>();

/**
 * A Tiptap editor owned by a component: made with the component's first render (so the page is
 * editable in its first frame), destroyed when the component goes for good.
 *
 * Not `useEditor` from @tiptap/react: with `immediatelyRender` it schedules the new editor's
 * destruction one millisecond after making it, and cancels that in its first effect. When the
 * first render takes longer than that to reach its effects (a long page, a busy machine, a
 * full page load), the editor is destroyed before it is shown, and the components under it run
 * their effects with a dead editor ("The editor view is not available"): about half the full
 * loads of a wiki page failed that way. Here nothing is destroyed before it was mounted; an
 * unmount destroys it on the next task unless the component mounts again first (StrictMode's
 * second mount).
 *
 * The options are read once: callbacks in them should read the component's current values
 * through refs, and later changes go through `editor.setOptions`.
 */
export function useOwnEditor(options: () => Partial<EditorOptions>): Editor {
  const [editor] = useState(() => new Editor(options()));
  useEffect(() => {
    clearTimeout(pendingDestroy.get(editor));
    pendingDestroy.delete(editor);
    return () => {
      pendingDestroy.set(
        editor,
        setTimeout(() => {
          pendingDestroy.delete(editor);
          editor.destroy();
        }),
      );
    };
  }, [editor]);
  return editor;
}
