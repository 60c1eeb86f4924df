import { Editor } from '@tiptap/core';
import { tableEditingKey } from '@tiptap/pm/tables';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { editorMarkdown } from './markdown';
import { wikiExtensions } from './extensions';
import { tableEditingReady } from './table';

const TABLE = '| a   | b   |\n| --- | --- |\n| 1   | 2   |\n';

describe('table editing, loaded with the first table', () => {
  const editors: Editor[] = [];
  afterEach(() => {
    for (const editor of editors.splice(0)) editor.destroy();
  });
  const make = (markdown: string) => {
    const editor = new Editor({ extensions: wikiExtensions(), content: markdown, contentType: 'markdown' });
    editors.push(editor);
    return editor;
  };
  /** The position after `text` (the text of a cell). */
  const positionOf = (editor: Editor, text: string) => {
    let at = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.isText && node.text === text) at = pos + text.length;
    });
    return at;
  };
  const hasPlugin = (editor: Editor) => tableEditingKey.get(editor.state) !== undefined;

  it('is not loaded for a document without a table, and its commands do nothing', async () => {
    const editor = make('Just text.');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tableEditingReady()).toBe(false);
    expect(editor.commands.addRowAfter()).toBe(false);
  });

  it('comes with a table inserted, then its commands work', async () => {
    const editor = make('Text.');
    editor.commands.focus('end');
    editor.commands.insertTable({ rows: 2, cols: 2, withHeaderRow: true });
    await vi.waitFor(() => expect(hasPlugin(editor)).toBe(true));
    expect(tableEditingReady()).toBe(true);
    editor.commands.insertContent('h');
    expect(editor.commands.addRowAfter()).toBe(true);
    expect(editor.commands.addColumnAfter()).toBe(true);
    expect(editorMarkdown(editor)).toBe(
      'Text.\n\n| h   |     |     |\n| --- | --- | --- |\n|     |     |     |\n|     |     |     |\n',
    );
    expect(editor.commands.deleteTable()).toBe(true);
    expect(editorMarkdown(editor)).toBe('Text.\n');
  });

  it('comes with a document opened with a table; Tab moves to the next cell and adds a row at the end', async () => {
    const editor = make(TABLE);
    await vi.waitFor(() => expect(hasPlugin(editor)).toBe(true));
    editor.commands.setTextSelection(positionOf(editor, 'a'));
    expect(editor.commands.goToNextCell()).toBe(true);
    expect(editor.state.selection.$from.parent.textContent).toBe('b');
    editor.commands.setTextSelection(positionOf(editor, '2'));
    expect(editor.commands.keyboardShortcut('Tab')).toBe(true);
    expect(editorMarkdown(editor)).toBe(`${TABLE}|     |     |\n`);
  });
});
