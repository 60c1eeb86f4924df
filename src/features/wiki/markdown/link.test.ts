import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { editorMarkdown } from './markdown';
import { wikiExtensions } from './extensions';
import { findAddresses } from './link';

describe('findAddresses', () => {
  it('finds what GFM links by itself, without trailing punctuation', () => {
    expect(findAddresses('see https://example.com/a_(b), www.example.org. and ada@example.com!')).toEqual([
      { index: 4, text: 'https://example.com/a_(b)', href: 'https://example.com/a_(b)' },
      { index: 31, text: 'www.example.org', href: 'https://www.example.org' },
      { index: 52, text: 'ada@example.com', href: 'mailto:ada@example.com' },
    ]);
  });

  it('leaves bare domains, unbalanced parentheses and other schemes alone', () => {
    expect(findAddresses('example.com')).toEqual([]);
    expect(findAddresses('(https://example.com)')).toEqual([
      { index: 1, text: 'https://example.com', href: 'https://example.com' },
    ]);
    expect(findAddresses('javascript:alert(1) ftp://example.com x:https://example.com')).toEqual([]);
  });
});

describe('the link mark in an editor', () => {
  let editor: Editor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });
  const make = (markdown: string) => {
    editor = new Editor({ extensions: wikiExtensions(), content: markdown, contentType: 'markdown' });
    editor.commands.focus('end');
    return editor;
  };
  /** Types `text` at the cursor as the keyboard would (input rules run on each character). */
  const type = (e: Editor, text: string) => {
    for (const ch of text) {
      const { from, to } = e.state.selection;
      const insert = () => e.state.tr.insertText(ch, from, to);
      if (!e.view.someProp('handleTextInput', (f) => f(e.view, from, to, ch, insert))) e.view.dispatch(insert());
    }
  };

  it('links an address when the space after it is typed', () => {
    const e = make('Docs at');
    type(e, ' https://example.com/docs. Next');
    expect(editorMarkdown(e)).toBe('Docs at <https://example.com/docs>. Next\n');
  });

  it('turns typed Markdown link syntax into a link', () => {
    const e = make('See');
    type(e, ' [the guide](https://example.com/guide)');
    expect(editorMarkdown(e)).toBe('See [the guide](https://example.com/guide)\n');
  });

  it('links the addresses and Markdown links of pasted text', () => {
    const e = make('');
    e.view.pasteText('Read [this](https://example.com/a) or www.example.org now');
    expect(editorMarkdown(e)).toBe(
      'Read [this](https://example.com/a) or [www.example.org](https://www.example.org) now\n',
    );
  });

  it('links only allowed URLs from the toolbar', () => {
    const e = make('word');
    e.commands.selectAll();
    expect(e.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(e.commands.setLink({ href: 'https://example.com' })).toBe(true);
    expect(editorMarkdown(e)).toBe('[word](https://example.com)\n');
    e.commands.unsetLink();
    expect(editorMarkdown(e)).toBe('word\n');
  });
});
