import type { Editor } from '@tiptap/core';
import { ApiError, type Comment } from '@/api';
import type { NewComment } from '@/features/comments';
import { ensureBlockKey } from '../markdown';
import { blockAnchor, type ComposeTarget } from './extension';

/** The longest quote the server keeps. */
const QUOTE_MAX = 1000;

/** A lowercase v4 UUID (crypto.randomUUID exists only in secure contexts). */
export function newThreadId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function normalizeQuote(text: string): string | undefined {
  const quote = text.replace(/\s+/g, ' ').trim().slice(0, QUOTE_MAX);
  return quote || undefined;
}

/**
 * Starts a thread on a passage: marks it (a comment mark with a fresh id, or the block's key),
 * saves the page so the mark is in the stored Markdown, then creates the comment anchored to it.
 * When the save or the comment fails, the mark is taken off again and the error is thrown (the
 * composer keeps the text and shows the message).
 */
export async function createAnchoredThread({
  editor,
  target,
  text,
  saveNow,
  create,
}: {
  editor: Editor;
  target: ComposeTarget;
  text: string;
  saveNow: () => Promise<unknown>;
  create: (input: NewComment) => Promise<Comment>;
}): Promise<Comment> {
  let anchor: string;
  let quote: string | undefined;
  let undo = () => {};
  if (target.kind === 'text') {
    const id = newThreadId();
    const { doc } = editor.state;
    if (target.to > doc.content.size) throw new ApiError(0, 'The passage is no longer in the page.');
    quote = normalizeQuote(doc.textBetween(target.from, target.to, ' ', ' '));
    // Out of the undo history: Ctrl+Z for a typo must not take a thread's passage away.
    const marked = editor
      .chain()
      .setMeta('addToHistory', false)
      .setTextSelection({ from: target.from, to: target.to })
      .setComment(id)
      .run();
    if (!marked) throw new ApiError(0, 'This passage cannot take a comment.');
    anchor = id;
    undo = () => void editor.chain().setMeta('addToHistory', false).unsetComment(id).run();
  } else {
    const node = editor.state.doc.nodeAt(target.pos);
    const key = node ? ensureBlockKey(editor, target.pos) : null;
    if (!node || !key) throw new ApiError(0, 'This block is no longer in the page.');
    anchor = blockAnchor(key);
    quote = normalizeQuote(
      node.type.name === 'image' ? String(node.attrs.alt || node.attrs.title || '') : node.textContent,
    );
  }
  try {
    try {
      await saveNow();
    } catch (error) {
      if (error instanceof ApiError) throw error;
      const reason = error instanceof Error && error.message ? ` ${error.message}` : ' Try again.';
      throw new ApiError(0, `The page could not be saved, so the comment was not sent.${reason}`);
    }
    return await create({ text, anchor, quote });
  } catch (error) {
    if (!editor.isDestroyed) undo();
    throw error;
  }
}
