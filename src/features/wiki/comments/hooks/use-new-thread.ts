import type { Editor } from '@tiptap/core';
import { useCallback, useState } from 'react';
import { ApiError } from '@/api';
import type { CommentMutations } from '@/features/comments';
import { createAnchoredThread } from '../create-thread';
import { pendingTarget, setPendingTarget } from '../extension';

/**
 * The composer of a new thread on the pending passage: opened with the passage's quote, sent
 * (the page is saved first, so the mark is stored before the thread is created), closed.
 */
export function useNewThread({
  editor,
  saveNow,
  create,
  onCreated,
}: {
  editor: Editor | null;
  saveNow: () => Promise<unknown>;
  create: CommentMutations['create'];
  /** The new thread's id, once it exists (before the caret goes back to the text). */
  onCreated: (id: string) => void;
}) {
  const [composing, setComposing] = useState<{ quote: string } | null>(null);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<unknown>(null);

  /** Opens the composer for the passage just made pending, showing its text. */
  const open = useCallback((quote: string) => {
    setComposing({ quote });
    setSendError(null);
  }, []);

  const close = useCallback(
    (refocus: boolean) => {
      setComposing(null);
      setSendError(null);
      if (!editor || editor.isDestroyed) return;
      const pending = pendingTarget(editor);
      setPendingTarget(editor, null);
      if (refocus) {
        if (pending?.kind === 'text')
          editor.chain().setTextSelection({ from: pending.from, to: pending.to }).focus().run();
        else editor.commands.focus();
      }
    },
    [editor],
  );

  const submit = useCallback(
    (text: string, done: () => void) => {
      if (!editor || editor.isDestroyed) return;
      const pending = pendingTarget(editor);
      if (!pending) {
        setSendError(new ApiError(0, 'The passage is no longer in the page.'));
        return;
      }
      setSending(true);
      setSendError(null);
      // Where the comment was sent from (the composer's box or its button).
      const sentFrom = document.activeElement;
      createAnchoredThread({
        editor,
        target: pending,
        text,
        saveNow,
        create: (input) => create.mutateAsync(input),
      })
        .then((comment) => {
          const passage = pendingTarget(editor);
          // The answer can come after the person has clicked on: the caret then stays where they put it.
          const active = document.activeElement;
          const stayed = !active || active === document.body || active === sentFrom;
          done();
          close(false);
          onCreated(comment.id);
          if (editor.isDestroyed || !stayed) return;
          // Back to the text, the caret after the passage (a selection would offer "Add comment" again).
          const caret = passage?.kind === 'text' ? passage.to : editor.state.selection.to;
          editor.chain().setTextSelection(caret).focus().run();
        })
        .catch((error: unknown) => setSendError(error))
        .finally(() => setSending(false));
    },
    [editor, saveNow, create, close, onCreated],
  );

  return { composing, sending, sendError, open, close, submit };
}
