import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, type Comment } from '@/api';
import { commentRanges, wikiExtensions } from '../markdown';
import { createAnchoredThread, newThreadId } from './create-thread';
import { anchorsOf, composeTargetOf, onCommentUiEvent, WikiCommentUi } from './extension';

let editor: Editor | null = null;
afterEach(() => {
  editor?.destroy();
  editor = null;
});

function makeEditor(content: string) {
  editor = new Editor({
    element: document.createElement('div'),
    extensions: [...wikiExtensions(), WikiCommentUi],
    content,
  });
  return editor;
}

/** Positions of `text` inside the document's first paragraph. */
function rangeOf(ed: Editor, text: string) {
  let found: { from: number; to: number } | null = null;
  ed.state.doc.descendants((node, pos) => {
    const index = node.isText ? node.text!.indexOf(text) : -1;
    if (index >= 0 && !found) found = { from: pos + index, to: pos + index + text.length };
  });
  return found!;
}

const comment = (input: Partial<Comment>): Comment => ({
  id: '00000000-0000-4000-8000-000000000001',
  parentId: null,
  author: 'Ada',
  text: 'x',
  at: new Date().toISOString(),
  ...input,
});

describe('createAnchoredThread', () => {
  it('marks the passage, saves, then creates the thread anchored to the mark with its quote', async () => {
    const ed = makeEditor('<p>Launch on Monday, weather permitting.</p>');
    ed.commands.insertContentAt(ed.state.doc.content.size - 1, ' Maybe.');
    const target = { kind: 'text' as const, ...rangeOf(ed, 'on Monday') };
    const saveNow = vi.fn(async () => {
      // The mark is in the document when the page is saved.
      expect([...commentRanges(ed.state.doc).keys()]).toHaveLength(1);
    });
    const create = vi.fn(async (input: { text: string; anchor?: string | null }) => comment({ anchor: input.anchor }));
    const created = await createAnchoredThread({ editor: ed, target, text: 'Realistic?', saveNow, create });
    const [id] = [...commentRanges(ed.state.doc).keys()];
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(create).toHaveBeenCalledWith({ text: 'Realistic?', anchor: id, quote: 'on Monday' });
    expect(saveNow.mock.invocationCallOrder[0]).toBeLessThan(create.mock.invocationCallOrder[0]!);
    expect(created.anchor).toBe(id);
    // Undo (of an earlier edit) does not take the thread's passage away.
    ed.commands.undo();
    expect(ed.state.doc.textContent).toBe('Launch on Monday, weather permitting.');
    expect(commentRanges(ed.state.doc).get(id!)).toHaveLength(1);
  });

  it('takes the mark off again when the server refuses the comment, and passes the error on', async () => {
    const ed = makeEditor('<p>Launch on Monday.</p>');
    const target = { kind: 'text' as const, ...rangeOf(ed, 'Monday') };
    const refusal = new ApiError(400, 'anchor: not in the page', 'VALIDATION_ERROR');
    await expect(
      createAnchoredThread({
        editor: ed,
        target,
        text: 'Hmm',
        saveNow: async () => undefined,
        create: () => Promise.reject(refusal),
      }),
    ).rejects.toBe(refusal);
    expect(commentRanges(ed.state.doc).size).toBe(0);
  });

  it('takes the mark off when the page cannot be saved, without sending the comment', async () => {
    const ed = makeEditor('<p>Launch on Monday.</p>');
    const create = vi.fn();
    const failure = createAnchoredThread({
      editor: ed,
      target: { kind: 'text', ...rangeOf(ed, 'Launch') },
      text: 'Hmm',
      saveNow: () => Promise.reject(new Error('offline')),
      create,
    });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toThrow(/could not be saved/);
    expect(create).not.toHaveBeenCalled();
    expect(commentRanges(ed.state.doc).size).toBe(0);
  });

  it('anchors a code block by its block key', async () => {
    const ed = makeEditor('<p>Run:</p><pre><code>npm start</code></pre>');
    let pos = -1;
    ed.state.doc.descendants((node, at) => {
      if (node.type.name === 'codeBlock') pos = at;
    });
    ed.commands.setTextSelection(pos + 2);
    const target = composeTargetOf(ed.state);
    expect(target).toEqual({ kind: 'block', pos });
    const create = vi.fn(async (input: { anchor?: string | null }) => comment({ anchor: input.anchor }));
    await createAnchoredThread({
      editor: ed,
      target: target!,
      text: 'Which port?',
      saveNow: async () => undefined,
      create,
    });
    const key = ed.state.doc.nodeAt(pos)!.attrs.blockKey as string;
    expect(key).toMatch(/^[A-Za-z0-9_-]{8}$/);
    expect(create).toHaveBeenCalledWith({ text: 'Which port?', anchor: `block:${key}`, quote: 'npm start' });
    expect(anchorsOf(ed.state.doc).get(`block:${key}`)).toEqual([
      { from: pos, to: pos + ed.state.doc.nodeAt(pos)!.nodeSize, block: true },
    ]);
  });

  it('has nothing to comment on without a selection in text', () => {
    const ed = makeEditor('<p>Launch on Monday.</p>');
    ed.commands.setTextSelection(3);
    expect(composeTargetOf(ed.state)).toBeNull();
    expect(ed.commands.openCommentComposer()).toBe(false);
  });
});

describe('newThreadId', () => {
  it('makes lowercase v4 UUIDs, also without crypto.randomUUID', () => {
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
      expect(newThreadId()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    } finally {
      Object.defineProperty(crypto, 'randomUUID', { value: original, configurable: true });
    }
  });
});

describe('a comment asked for before the margin listens', () => {
  it('opens for the first listener, from the selection as it is then, once', () => {
    const ed = makeEditor('<p>Launch on Monday, weather permitting.</p>');
    ed.commands.setTextSelection(rangeOf(ed, 'on Monday'));
    expect(ed.commands.openCommentComposer()).toBe(true);
    // The person typed on before the margin came: the request follows the selection.
    ed.commands.setTextSelection(rangeOf(ed, 'weather'));
    const first = vi.fn();
    const stop = onCommentUiEvent(ed, first);
    expect(first).toHaveBeenCalledTimes(1);
    expect(first).toHaveBeenCalledWith({ type: 'compose', target: { kind: 'text', ...rangeOf(ed, 'weather') } });
    stop();
    const second = vi.fn();
    onCommentUiEvent(ed, second);
    expect(second).not.toHaveBeenCalled();
  });

  it('is not kept when nothing was selected', () => {
    const ed = makeEditor('<p>Launch on Monday.</p>');
    expect(ed.commands.openCommentComposer()).toBe(false);
    const listener = vi.fn();
    onCommentUiEvent(ed, listener);
    expect(listener).not.toHaveBeenCalled();
  });
});
