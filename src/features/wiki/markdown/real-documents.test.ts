// @vitest-environment happy-dom
/**
 * Documents in the style of what people paste from GitHub (READMEs with badges, changelogs,
 * contributing guides, design docs: corpus/real/), through the wiki's Markdown layer. Each must
 * render, as GitHub's Markdown (GFM) renders it, the same before and after serialize(parse(doc)),
 * and a second save must not change the text. GFM is rendered with marked (tables, task lists,
 * strike-through, bare-URL links; commonmark.js has none of them).
 */
import { decodeHTMLStrict } from 'entities';
import { Marked } from 'marked';
import { Editor } from '@tiptap/core';
import { describe, expect, it } from 'vitest';
import { wikiExtensions } from './extensions';
import { editorMarkdown, parseMarkdown, serializeMarkdown } from './markdown';

const corpus = import.meta.glob<string>('./corpus/real/*.md', { query: '?raw', import: 'default', eager: true });
const documents = Object.entries(corpus)
  .map(([path, text]) => [path.replace('./corpus/real/', ''), text] as const)
  .sort(([a], [b]) => a.localeCompare(b));

const gfm = new Marked({ gfm: true, breaks: false });
const BLOCK_TAG = /\s*(<\/?(?:p|li|ul|ol|blockquote|h[1-6]|hr|pre|table|thead|tbody|tr|th|td|br|input)\b[^>]*>)\s*/g;

/**
 * The GFM rendering of `markdown`, whitespace outside <pre> collapsed and dropped around block
 * tags, and character references other than HTML's own escapes decoded (`&copy;` and `©` show the
 * same).
 */
function html(markdown: string): string {
  return (gfm.parse(markdown) as string)
    .replace(/&(?!(?:lt|gt|amp|quot|#39);)#?[A-Za-z0-9]+;/g, (reference) => decodeHTMLStrict(reference))
    .split(/(<pre[\s\S]*?<\/pre>)/)
    .map((part, i) => (i % 2 ? part : part.replace(/\s+/g, ' ').replace(BLOCK_TAG, '$1')))
    .join('')
    .trim();
}

describe('real-world documents', () => {
  it('has the five documents of the corpus', () => {
    expect(documents.map(([name]) => name)).toEqual([
      '01-library-readme.md',
      '02-cli-guide.md',
      '03-changelog.md',
      '04-contributing.md',
      '05-design-doc.md',
    ]);
  });

  it.each(documents)('%s renders the same after a save, and a second save changes nothing', (_name, source) => {
    const once = serializeMarkdown(parseMarkdown(source));
    expect(html(once)).toBe(html(source));
    expect(serializeMarkdown(parseMarkdown(once))).toBe(once);
  });

  it('keeps a linked badge a linked image, in its line', () => {
    const source = corpus['./corpus/real/01-library-readme.md']!;
    const badges = parseMarkdown(source).content![1]!;
    expect(badges.type).toBe('paragraph');
    const images = badges.content!.filter((node) => node.type === 'inlineImage');
    expect(images.map((image) => image.attrs?.alt)).toEqual(['npm version', 'CI', 'License: MIT', 'Downloads']);
    expect(images.map((image) => image.marks?.find((mark) => mark.type === 'link')?.attrs?.href)).toEqual([
      'https://www.npmjs.com/package/fastqueue',
      'https://github.com/example/fastqueue/actions/workflows/ci.yml',
      'https://opensource.org/licenses/MIT',
      undefined,
    ]);
  });

  it('gives an editor the same Markdown as the headless layer, and draws a badge as a linked image in its line', () => {
    for (const [, source] of documents) {
      const editor = new Editor({ extensions: wikiExtensions(), content: source, contentType: 'markdown' });
      expect(editorMarkdown(editor)).toBe(serializeMarkdown(parseMarkdown(source)));
      editor.destroy();
    }
    const editor = new Editor({
      extensions: wikiExtensions(),
      content: 'Build [![CI](https://example.com/ci.svg)](https://example.com/ci) passing',
      contentType: 'markdown',
    });
    expect(editor.getHTML()).toBe(
      '<p>Build <a rel="noopener noreferrer nofollow" href="https://example.com/ci"><img src="https://example.com/ci.svg" alt="CI"></a> passing</p>',
    );
    editor.destroy();
  });
});
