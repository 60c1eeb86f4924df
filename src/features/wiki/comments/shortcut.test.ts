import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { wikiExtensions } from '../markdown';
import { onCommentUiEvent, WikiCommentUi } from './extension';

let editor: Editor | null = null;
const element = document.createElement('div');
afterEach(() => {
  editor?.destroy();
  editor = null;
  element.remove();
});

describe('the comment shortcut (Ctrl/⌘+Alt+M)', () => {
  it('comments on the selection the browser shows, even before the editor has read it', () => {
    document.body.append(element);
    editor = new Editor({
      element,
      extensions: [...wikiExtensions(), WikiCommentUi],
      content: '<p>We launch on Monday.</p>',
    });
    const targets: unknown[] = [];
    onCommentUiEvent(editor, (event) => event.type === 'compose' && targets.push(event.target));
    editor.view.dom.focus();
    // Shift+arrows move the browser's selection; the editor reads it on `selectionchange`, which
    // comes later (a busy machine may take the next key first). Here it is held back.
    const hold = (event: Event) => event.stopImmediatePropagation();
    window.addEventListener('selectionchange', hold, true);
    const text = editor.view.dom.querySelector('p')!.firstChild!;
    document.getSelection()!.setBaseAndExtent(text, 3, text, 9);
    window.removeEventListener('selectionchange', hold, true);
    expect(editor.state.selection.empty).toBe(true);
    editor.view.dom.dispatchEvent(
      new KeyboardEvent('keydown', { key: 'm', code: 'KeyM', ctrlKey: true, altKey: true, bubbles: true }),
    );
    expect(targets).toEqual([expect.objectContaining({ kind: 'text', from: 4, to: 10 })]);
    expect(editor.state.doc.textBetween(4, 10)).toBe('launch');
  });
});
