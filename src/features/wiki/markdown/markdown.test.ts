// @vitest-environment happy-dom
import { Editor, type JSONContent } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { commentIdsAt, commentRanges, ensureBlockKey, parseMarkdown, serializeMarkdown, wikiExtensions } from '.';
import { editorMarkdown, markdownManager } from './markdown';
import { splitMarkdownChunks, WikiMarkdownManager } from './markdown-manager';

const corpus = import.meta.glob<string>('./corpus/*.md', { query: '?raw', import: 'default', eager: true });
const documents = Object.entries(corpus)
  .filter(([path]) => !path.endsWith('README.md'))
  .map(([path, text]) => [path.replace('./corpus/', ''), text] as const)
  .sort(([a], [b]) => a.localeCompare(b));

/**
 * Corpus documents that are not in the normal form on purpose: serializing them once rewrites
 * them (see corpus/README.md); the rewritten form is then stable.
 */
const NORMALIZED = new Set(['10-tilde-fence.md', '12-autolinks.md', '34-foreign-syntax.md', '49-legacy-nbsp.md']);

type Counts = {
  commentIds: string[];
  blockKeys: string[];
  tables: number;
  taskItems: number;
  images: number;
  links: string[];
  codeBlocks: number;
};

function count(doc: JSONContent): Counts {
  const counts: Counts = {
    commentIds: [],
    blockKeys: [],
    tables: 0,
    taskItems: 0,
    images: 0,
    links: [],
    codeBlocks: 0,
  };
  const ids = new Set<string>();
  const walk = (node: JSONContent) => {
    if (node.type === 'table') counts.tables += 1;
    if (node.type === 'taskItem') counts.taskItems += 1;
    if (node.type === 'image') counts.images += 1;
    if (node.type === 'codeBlock') counts.codeBlocks += 1;
    if (typeof node.attrs?.blockKey === 'string') counts.blockKeys.push(node.attrs.blockKey);
    for (const mark of node.marks ?? []) {
      if (mark.type === 'comment') ids.add(mark.attrs?.id as string);
      if (mark.type === 'link') counts.links.push(mark.attrs?.href as string);
    }
    node.content?.forEach(walk);
  };
  walk(doc);
  counts.commentIds = [...ids].sort();
  counts.links = [...new Set(counts.links)].sort();
  return counts;
}

/** What the Markdown source says should be there, read with regular expressions. */
function expectedFromSource(markdown: string) {
  const withoutCode = markdown.replace(/`[^`\n]*`/g, '');
  const commentIds = new Set<string>();
  for (const m of withoutCode.matchAll(/(?<!\\)\[comment id="([^"]+)"\]/g)) {
    for (const id of m[1]!.split(' ')) commentIds.add(id);
  }
  return {
    commentIds: [...commentIds].sort(),
    blockKeys: [...markdown.matchAll(/^[ >]*<!-- block:([A-Za-z0-9_-]+) -->$/gm)].map((m) => m[1]),
    tables: [...markdown.matchAll(/^\| *-{3,}/gm)].length,
    taskItems: [...markdown.matchAll(/^ *[-*+] \[[ x]\] /gm)].length,
  };
}

describe('corpus round trip', () => {
  it('has at least 30 documents', () => {
    expect(documents.length).toBeGreaterThanOrEqual(30);
  });

  it.each(documents)('%s', (name, source) => {
    const doc = parseMarkdown(source);
    const out = serializeMarkdown(doc);
    if (NORMALIZED.has(name)) expect(out).not.toBe(source);
    else expect(out).toBe(source);

    // The normal form is stable, as text and as a document.
    const again = parseMarkdown(out);
    expect(serializeMarkdown(again)).toBe(out);
    expect(again).toEqual(doc);

    // Nothing the source holds is lost.
    const counts = count(doc);
    const expected = expectedFromSource(source);
    expect(counts.commentIds).toEqual(expected.commentIds);
    expect(counts.blockKeys).toEqual(expected.blockKeys);
    expect(counts.tables).toBe(expected.tables);
    expect(counts.taskItems).toBe(expected.taskItems);
    expect(count(again)).toEqual(counts);
  });

  it('counts links and images where the corpus has them', () => {
    const links = count(parseMarkdown(corpus['./corpus/11-links.md']!)).links;
    expect(links).toEqual([
      '/projects/p1/wiki/w1',
      'https://en.wikipedia.org/wiki/Foo_(bar)',
      'https://example.com/a b',
      'https://example.com/a?b=c&d=e',
      'mailto:team@example.com',
    ]);
    expect(count(parseMarkdown(corpus['./corpus/17-images.md']!)).images).toBe(3);
    expect(count(parseMarkdown(corpus['./corpus/25-block-keys.md']!)).codeBlocks).toBe(2);
  });

  it('gives an editor the same Markdown as the headless serializer', () => {
    for (const [, source] of documents) {
      const editor = new Editor({ extensions: wikiExtensions(), content: source, contentType: 'markdown' });
      expect(editorMarkdown(editor)).toBe(serializeMarkdown(parseMarkdown(source)));
      editor.destroy();
    }
  }, 30_000);
});

describe('comment marks', () => {
  const A = '11111111-1111-4111-8111-111111111111';
  const B = '22222222-2222-4222-8222-222222222222';
  const C = '33333333-3333-4333-8333-333333333333';
  let editor: Editor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const make = (markdown: string) => {
    editor = new Editor({ extensions: wikiExtensions(), content: markdown, contentType: 'markdown' });
    return editor;
  };
  const textOf = (e: Editor, ranges: { from: number; to: number }[] | undefined) =>
    (ranges ?? []).map((r) => e.state.doc.textBetween(r.from, r.to)).join('|');

  it('parses a run with several ids into one mark per id', () => {
    const doc = parseMarkdown(`[comment id="${B} ${A}"]x[/comment]`);
    expect(doc.content?.[0]?.content).toEqual([
      {
        type: 'text',
        text: 'x',
        marks: [
          { type: 'comment', attrs: { id: A } },
          { type: 'comment', attrs: { id: B } },
        ],
      },
    ]);
    // Written back with the ids sorted.
    expect(serializeMarkdown(doc)).toBe(`[comment id="${A} ${B}"]x[/comment]\n`);
  });

  it('keeps three overlapping threads over the right text through a round trip', () => {
    const e = make('Alpha beta gamma delta epsilon');
    const find = (word: string) => {
      let at = -1;
      e.state.doc.descendants((node, pos) => {
        if (node.isText && at === -1) {
          const i = node.text!.indexOf(word);
          if (i >= 0) at = pos + i;
        }
      });
      return at;
    };
    e.chain()
      .setTextSelection({ from: find('beta'), to: find('delta') + 5 })
      .setComment(A)
      .run();
    e.chain()
      .setTextSelection({ from: find('gamma'), to: find('epsilon') + 7 })
      .setComment(B)
      .run();
    e.chain()
      .setTextSelection({ from: find('Alpha'), to: find('gamma') + 5 })
      .setComment(C)
      .run();
    e.chain()
      .setTextSelection({ from: find('gamma'), to: find('gamma') + 5 })
      .toggleBold()
      .run();

    const markdown = editorMarkdown(e);
    expect(markdown).toBe(
      `[comment id="${C}"]Alpha [/comment][comment id="${A} ${C}"]beta [/comment]` +
        `[comment id="${A} ${B} ${C}"]**gamma**[/comment][comment id="${A} ${B}"] delta[/comment]` +
        `[comment id="${B}"] epsilon[/comment]\n`,
    );

    const reloaded = make(markdown);
    const ranges = commentRanges(reloaded.state.doc);
    expect([...ranges.keys()].sort()).toEqual([A, B, C]);
    expect(textOf(reloaded, ranges.get(A))).toBe('beta gamma delta');
    expect(textOf(reloaded, ranges.get(B))).toBe('gamma delta epsilon');
    expect(textOf(reloaded, ranges.get(C))).toBe('Alpha beta gamma');
    expect(commentIdsAt(reloaded.state.doc, find('gamma') + 1)).toEqual([A, B, C]);
    expect(editorMarkdown(reloaded)).toBe(markdown);
  });

  it('writes a passage over two paragraphs as two runs with the same id', () => {
    const e = make('First paragraph\n\nSecond paragraph');
    e.chain().setTextSelection({ from: 7, to: 24 }).setComment(A).run();
    const markdown = editorMarkdown(e);
    expect(markdown).toBe(
      `First [comment id="${A}"]paragraph[/comment]\n\n[comment id="${A}"]Second[/comment] paragraph\n`,
    );
    const ranges = commentRanges(make(markdown).state.doc).get(A);
    expect(ranges).toHaveLength(2);
  });

  it('removes one thread everywhere with unsetComment and leaves the others', () => {
    const e = make(`[comment id="${A} ${B}"]one[/comment] and [comment id="${A}"]two[/comment]`);
    expect(e.commands.unsetComment(A)).toBe(true);
    expect(editorMarkdown(e)).toBe(`[comment id="${B}"]one[/comment] and two\n`);
    expect(e.commands.unsetComment('missing')).toBe(false);
  });

  it('refuses a comment on an empty selection or with a malformed id', () => {
    const e = make('Some text');
    expect(e.chain().setTextSelection(2).setComment(A).run()).toBe(false);
    expect(e.chain().setTextSelection({ from: 1, to: 4 }).setComment('bad id"]').run()).toBe(false);
    expect(commentRanges(e.state.doc).size).toBe(0);
  });

  it('keeps a typed [comment as text, escaped', () => {
    const e = make('');
    e.commands.insertContent(`[comment id="${A}"]not a mark[/comment]`);
    const markdown = editorMarkdown(e);
    expect(markdown).toBe(`\\[comment id="${A}"\\]not a mark\\[/comment\\]\n`);
    const reloaded = make(markdown);
    expect(commentRanges(reloaded.state.doc).size).toBe(0);
    expect(reloaded.state.doc.textContent).toBe(`[comment id="${A}"]not a mark[/comment]`);
  });

  it('leaves runs that are not well formed as text', () => {
    for (const source of [
      `[comment id="${A}"]no close`,
      `[comment id="${A}"]over\nlines[/comment]`,
      `[comment id="bad id!"]x[/comment]`,
      `[comment id="${A}"]a [comment id="${B}"]nested[/comment][/comment]`,
    ]) {
      const doc = parseMarkdown(source);
      const ids = count(doc).commentIds;
      expect(ids.length, source).toBeLessThanOrEqual(1);
      expect(serializeMarkdown(parseMarkdown(serializeMarkdown(doc)))).toBe(serializeMarkdown(doc));
    }
  });

  it('ends a run at a hard break and joins soft line breaks', () => {
    const e = make('one  \ntwo');
    e.chain().selectAll().setComment(A).run();
    expect(editorMarkdown(e)).toBe(`[comment id="${A}"]one[/comment]  \n[comment id="${A}"]two[/comment]\n`);
    expect(serializeMarkdown(parseMarkdown('soft\nbreak'))).toBe('soft break\n');
    // A run stays on one line: one over a soft break is no run.
    expect(count(parseMarkdown(`[comment id="${A}"]soft\nbreak[/comment]`)).commentIds).toEqual([]);
    // A run may not span a hard break written with a backslash either: it stays text.
    expect(count(parseMarkdown(`[comment id="${A}"]a\\\nb[/comment]`)).commentIds).toEqual([]);
  });

  it('does not mark a selected code block or image', () => {
    const e = make('```\ncode\n```\n\n![i](https://example.com/i.png)');
    let imagePos = -1;
    e.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') imagePos = pos;
    });
    expect(e.chain().setNodeSelection(imagePos).setComment(A).run()).toBe(false);
  });

  it('renders a comment as a span with its id', () => {
    const e = make(`[comment id="${A}"]x[/comment]`);
    expect(e.getHTML()).toBe(`<p><span class="wiki-comment" data-comment-id="${A}">x</span></p>`);
  });

  it('does not read [/comment] inside a code span as the end of a run', () => {
    const source = `[comment id="${A}"]see \`[/comment]\` here[/comment]\n`;
    const doc = parseMarkdown(source);
    expect(serializeMarkdown(doc)).toBe(source);
    expect(count(doc).commentIds).toEqual([A]);
  });

  it('escapes a leading colon in a run, which would read as a link definition', () => {
    const source = `[comment id="${A}"]\\: value[/comment]\n`;
    const doc = parseMarkdown(source);
    expect(doc.content?.[0]?.content?.[0]?.text).toBe(': value');
    expect(serializeMarkdown(doc)).toBe(source);
  });
});

describe('block keys', () => {
  it('assigns an 8-character key once, written before the block', () => {
    const editor = new Editor({
      extensions: wikiExtensions(),
      content: 'Text\n\n```js\nx\n```\n\n![a](https://example.com/a.png)',
      contentType: 'markdown',
    });
    const positions: number[] = [];
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'codeBlock' || node.type.name === 'image') positions.push(pos);
    });
    const key = ensureBlockKey(editor, positions[0]!);
    expect(key).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(ensureBlockKey(editor, positions[0]!)).toBe(key);
    const imageKey = ensureBlockKey(editor, positions[1]!);
    expect(imageKey).not.toBe(key);
    expect(ensureBlockKey(editor, 0)).toBeNull();
    expect(editorMarkdown(editor)).toBe(
      `Text\n\n<!-- block:${key} -->\n\`\`\`js\nx\n\`\`\`\n\n<!-- block:${imageKey} -->\n![a](https://example.com/a.png)\n`,
    );
    expect(editor.getHTML()).toContain(`data-block-key="${key}"`);
    editor.destroy();
  });

  it('keeps a key across edits of the block', () => {
    const editor = new Editor({
      extensions: wikiExtensions(),
      content: '<!-- block:k1 -->\n```\nx\n```',
      contentType: 'markdown',
    });
    editor.commands.insertContentAt(1, 'more ');
    expect(editorMarkdown(editor)).toBe('<!-- block:k1 -->\n```\nmore x\n```\n');
    editor.destroy();
  });

  it('gives no key to an image in a table cell, where none can be written', () => {
    const editor = new Editor({
      extensions: wikiExtensions(),
      content: '| a |\n| --- |\n| ![i](https://example.com/i.png) |',
      contentType: 'markdown',
    });
    let imagePos = -1;
    editor.state.doc.descendants((node, pos) => {
      if (node.type.name === 'image') imagePos = pos;
    });
    expect(imagePos).toBeGreaterThan(0);
    expect(ensureBlockKey(editor, imagePos)).toBeNull();
    expect(editorMarkdown(editor)).toBe(
      '| a                               |\n| ------------------------------- |\n| ![i](https://example.com/i.png) |\n',
    );
    editor.destroy();
  });

  it('reads a marker not followed by a code block or image as text', () => {
    const source = '<!-- block:k1 -->\nA paragraph.\n';
    expect(serializeMarkdown(parseMarkdown(source))).toBe('\\<!-- block:k1 --> A paragraph.\n');
  });
});

describe('no HTML and no unsafe URLs', () => {
  const html = (markdown: string) => {
    const editor = new Editor({ extensions: wikiExtensions(), content: markdown, contentType: 'markdown' });
    const out = editor.getHTML();
    editor.destroy();
    return out;
  };

  it('keeps raw HTML as text', () => {
    const source = [
      '<script>alert(1)</script>',
      '',
      'Inline <img src=x onerror=alert(1)> and <b>bold</b> and <a href="javascript:alert(1)">x</a>.',
      '',
      '<div onclick="alert(1)">',
      'block html',
      '</div>',
      '',
      '<iframe src="https://example.com"></iframe>',
    ].join('\n');
    const out = html(source);
    expect(out).not.toMatch(/<(script|img|b|div|iframe)[\s>]/);
    // The only element made is the autolink GFM finds in the text of the iframe tag.
    const hrefs = [...out.matchAll(/<a [^>]*href="([^"]*)"/g)].map((m) => m[1]);
    expect(hrefs).toHaveLength(1);
    expect(hrefs[0]).toMatch(/^https:\/\/example\.com/);
    expect(out).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
    const markdown = serializeMarkdown(parseMarkdown(source));
    expect(serializeMarkdown(parseMarkdown(markdown))).toBe(markdown);
    expect(parseMarkdown(markdown)).toEqual(parseMarkdown(source));
  });

  it('keeps javascript: and other unsafe links as written, drawn without an address', () => {
    const source =
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) [c](java\tscript:x) [d](data:text/html,x) [e](vbscript:x) [ok](https://example.com)';
    const out = html(source);
    expect([...out.matchAll(/href="([^"]*)"/g)].map((m) => m[1])).toEqual(['https://example.com']);
    expect(out).not.toMatch(/javascript|vbscript|data:/i);
    // Each is still a link, without an address; a tab in the destination is no link at all.
    expect([...out.matchAll(/<a [^>]*>([^<]*)<\/a>/g)].map((m) => m[1])).toEqual(['a', 'b', 'd', 'e', 'ok']);
    const markdown = serializeMarkdown(parseMarkdown(source));
    expect(markdown).toBe(
      '[a](javascript:alert(1)) [b](JaVaScRiPt:alert(1)) \\[c\\](java\tscript:x) [d](data:text/html,x) [e](vbscript:x) [ok](https://example.com)\n',
    );
    expect(serializeMarkdown(parseMarkdown(markdown))).toBe(markdown);
  });

  it('refuses setLink to a javascript: URL', () => {
    const editor = new Editor({ extensions: wikiExtensions(), content: 'text', contentType: 'markdown' });
    editor.commands.selectAll();
    expect(editor.commands.setLink({ href: 'javascript:alert(1)' })).toBe(false);
    expect(editor.commands.setLink({ href: 'https://example.com' })).toBe(true);
    editor.destroy();
  });

  it('loads images only from http(s) and /api/ URLs; others keep their Markdown and show their alt text', () => {
    const source = [
      '![ok](https://example.com/a.png)',
      '![api](/api/files/1/content)',
      '![data](data:image/png;base64,AAAA)',
      '![js](javascript:alert(1))',
      '![rel](../secret.png)',
      'Inline ![rel](../secret.png) too',
    ].join('\n\n');
    const out = html(source);
    expect(out).toContain('src="https://example.com/a.png"');
    expect(out).toContain('src="/api/files/1/content"');
    expect([...out.matchAll(/<img /g)]).toHaveLength(2);
    expect(out).not.toMatch(/data:|javascript|secret/);
    expect(
      [...out.matchAll(/<span class="wiki-image-blocked" role="img" aria-label="([^"]*)">/g)].map((m) => m[1]),
    ).toEqual(['data (image not loaded)', 'js (image not loaded)', 'rel (image not loaded)', 'rel (image not loaded)']);
    const markdown = serializeMarkdown(parseMarkdown(source));
    expect(markdown).toBe(`${source}\n`);
    expect(serializeMarkdown(parseMarkdown(markdown))).toBe(markdown);
  });

  it('does not render an image src set through the API of the editor when it is unsafe', () => {
    const editor = new Editor({ extensions: wikiExtensions() });
    editor.commands.setContent({
      type: 'doc',
      content: [{ type: 'image', attrs: { src: 'javascript:alert(1)', alt: 'x' } }],
    });
    expect(editor.getHTML()).not.toContain('javascript:');
    editor.destroy();
  });
});

describe('text that looks like syntax', () => {
  it.each([
    '# not a heading',
    '- not a list',
    '+ not a list',
    '1. not a list',
    '12) not a list',
    '> not a quote',
    '---',
    '***',
    '```',
    '~~~',
    '<div>',
    '&amp; &#169;',
    '| a | b |',
    'a\\b',
    '[x](y)',
    '![x](y)',
    '*a* _b_ `c` ~~d~~',
    'C#',
    'Version #',
    ': colon first',
  ])('%s stays text', (text) => {
    const doc: JSONContent = { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] };
    const markdown = serializeMarkdown(doc);
    const back = parseMarkdown(markdown);
    expect(back.content?.[0]?.type).toBe('paragraph');
    const texts = (back.content?.[0]?.content ?? []).map((n) => n.text).join('');
    expect(texts).toBe(text);
    expect(serializeMarkdown(back)).toBe(markdown);
  });

  it('keeps an address that is text as text: the editor links what is typed, so one left unlinked was unlinked', () => {
    const doc: JSONContent = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: 'https://example.com, www.example.com and a@b.example' }],
        },
      ],
    };
    const markdown = serializeMarkdown(doc);
    expect(markdown).toBe('https\\://example.com, www\\.example.com and a\\@b.example\n');
    expect(parseMarkdown(markdown)).toEqual(doc);
    // A link is still written as one.
    const linked = parseMarkdown('<https://example.com> and www.example.com\n');
    expect(serializeMarkdown(linked)).toBe('<https://example.com> and [www.example.com](http://www.example.com)\n');
  });

  it('keeps a heading ending in a hash', () => {
    const doc: JSONContent = {
      type: 'doc',
      content: [{ type: 'heading', attrs: { level: 2 }, content: [{ type: 'text', text: 'Version #' }] }],
    };
    expect(parseMarkdown(serializeMarkdown(doc))).toEqual(doc);
  });

  it('keeps code with backtick fences inside', () => {
    const doc: JSONContent = {
      type: 'doc',
      content: [{ type: 'codeBlock', attrs: { language: 'md' }, content: [{ type: 'text', text: '````\nx\n```' }] }],
    };
    const markdown = serializeMarkdown(doc);
    expect(markdown).toBe('`````md\n````\nx\n```\n`````\n');
    expect(parseMarkdown(markdown)).toEqual(doc);
  });

  it('keeps adjacent lists of the same kind apart', () => {
    const list = (type: string, text: string): JSONContent => ({
      type,
      content: [{ type: 'listItem', content: [{ type: 'paragraph', content: [{ type: 'text', text }] }] }],
    });
    const doc: JSONContent = {
      type: 'doc',
      content: [list('bulletList', 'a'), list('bulletList', 'b'), list('bulletList', 'c')],
    };
    const markdown = serializeMarkdown(doc);
    expect(markdown).toBe('- a\n\n* b\n\n- c\n');
    expect(parseMarkdown(markdown)).toEqual(doc);
  });
});

describe('chunked parsing', () => {
  const long = corpus['./corpus/35-long-document.md']!;

  it('splits only at safe blank lines', () => {
    const chunks = splitMarkdownChunks(long, 2_000);
    expect(chunks.length).toBeGreaterThan(5);
    expect(chunks.join('\n\n')).toBe(long);
    for (const chunk of chunks.slice(1)) {
      expect(chunk).not.toMatch(/^[ \t]/);
      expect(chunk).not.toMatch(/^(?:[-+*]|\d+[.)])\s/);
    }
  });

  it('never splits inside a fence or a list', () => {
    const source = ['```', 'a', '', 'b', '```', '', '- x', '', '  y', '', '- z', '', 'end'].join('\n');
    for (const size of [1, 2, 5, 10]) {
      const chunks = splitMarkdownChunks(source, size);
      expect(chunks.join('\n\n')).toBe(source);
      for (const chunk of chunks) {
        expect((chunk.match(/```/g) ?? []).length % 2).toBe(0);
      }
    }
  });

  it('parses a document in chunks to the same result as in one piece', () => {
    const whole = new WikiMarkdownManager({ extensions: wikiExtensions(), chunkChars: Infinity });
    const small = new WikiMarkdownManager({ extensions: wikiExtensions(), chunkChars: 1_000 });
    for (const [, source] of documents) {
      expect(small.parse(source)).toEqual(whole.parse(source));
    }
    expect(markdownManager().parse(long)).toEqual(whole.parse(long));
  });
});

describe('pieces of the corpus', () => {
  it('are stable after one normalization, as text and as a document', () => {
    const lines = documents.filter(([name]) => !name.startsWith('35-')).flatMap(([, text]) => text.split('\n'));
    let seed = 12345;
    const random = () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed / 0x7fffffff;
    };
    for (let i = 0; i < 400; i += 1) {
      const start = Math.floor(random() * lines.length);
      let source = lines.slice(start, start + 1 + Math.floor(random() * 8)).join('\n');
      if (random() < 0.3) source += `\n${lines[Math.floor(random() * lines.length)]}`;
      if (random() < 0.3) source = `  ${source}`;
      const once = serializeMarkdown(parseMarkdown(source));
      const doc = parseMarkdown(once);
      expect(serializeMarkdown(doc), JSON.stringify(source)).toBe(once);
      expect(parseMarkdown(serializeMarkdown(doc)), JSON.stringify(source)).toEqual(doc);
    }
  });
});
