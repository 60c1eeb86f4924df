import { describe, expect, it } from 'vitest';
import { joinBlocks, splitBlocks } from './blocks';

const texts = (markdown: string) => splitBlocks(markdown).map((block) => block.text);
const kinds = (markdown: string) => splitBlocks(markdown).map((block) => block.kind);

describe('splitBlocks', () => {
  it('splits on blank lines and keeps the line numbers', () => {
    const blocks = splitBlocks('# Plan\n\nFirst line\nsecond line\n\n\nLast one\n');
    expect(blocks.map(({ text, line, lines }) => ({ text, line, lines }))).toEqual([
      { text: '# Plan', line: 1, lines: 1 },
      { text: 'First line\nsecond line', line: 3, lines: 2 },
      { text: 'Last one', line: 7, lines: 1 },
    ]);
    expect(kinds('# Plan\n\nText')).toEqual(['heading', 'paragraph']);
  });

  it('keeps a fenced code block whole, blank lines and fence-like lines inside included', () => {
    const code = '```ts\nconst a = 1;\n\n~~~\n``\nconst b = 2;\n```';
    expect(texts(`Before\n\n${code}\n\nAfter`)).toEqual(['Before', code, 'After']);
    expect(kinds(`Before\n\n${code}`)).toEqual(['paragraph', 'code']);
    const tildes = '~~~~\n```\n\nstill code\n~~~~';
    expect(texts(`${tildes}\n\nAfter`)).toEqual([tildes, 'After']);
  });

  it('needs a closing fence at least as long as the opening one', () => {
    const code = '````\n```\n\nnot closed yet\n````';
    expect(texts(`${code}\n\nAfter`)).toEqual([code, 'After']);
  });

  it('keeps an unclosed fence to the end of the document', () => {
    expect(texts('Intro\n\n```\ncode\n\nmore code')).toEqual(['Intro', '```\ncode\n\nmore code']);
  });

  it('treats ```inline``` code at the start of a line as text, not a fence', () => {
    expect(texts('```a``` and more\n\nNext')).toEqual(['```a``` and more', 'Next']);
  });

  it('keeps a list whole, loose items and nested content included', () => {
    const list = '- one\n- two\n\n- three\n  nested paragraph\n\n  - nested item\n\n    ```\n    code\n\n    ```';
    expect(texts(`${list}\n\nAfter the list`)).toEqual([list, 'After the list']);
    expect(kinds(`${list}\n\nAfter`)).toEqual(['list', 'paragraph']);
    const tasks = '- [ ] write\n- [x] review';
    expect(kinds(tasks)).toEqual(['list']);
    const ordered = '1. first\n\n2. second';
    expect(texts(ordered)).toEqual([ordered]);
  });

  it('starts a new block when a list of another kind follows a blank line', () => {
    expect(texts('- bullet\n\n1. ordered')).toEqual(['- bullet', '1. ordered']);
  });

  it('keeps a table whole and recognises it', () => {
    const table = '| Task | Owner |\n| --- | :-: |\n| Launch | Ada |\n| Review | Bo |';
    expect(texts(`${table}\n\nNotes`)).toEqual([table, 'Notes']);
    expect(kinds(table)).toEqual(['table']);
  });

  it('makes a heading its own block even without blank lines around it', () => {
    expect(texts('Intro\n## Section\nBody')).toEqual(['Intro', '## Section', 'Body']);
  });

  it('keeps a block-key line with the block it precedes', () => {
    const keyed = '<!-- block:abc123 -->\n```js\nx()\n```';
    expect(texts(`Text\n\n${keyed}\n\nMore`)).toEqual(['Text', keyed, 'More']);
    expect(kinds(keyed)).toEqual(['code']);
  });

  it('treats comment-mark runs as text inside their block', () => {
    const paragraph = 'A [comment id="a"]marked[/comment][comment id="a b"] passage[/comment] here';
    expect(texts(`${paragraph}\n\n> quoted [comment id="b"]too[/comment]`)).toEqual([
      paragraph,
      '> quoted [comment id="b"]too[/comment]',
    ]);
  });

  it('normalises CRLF line endings and ignores surrounding blank lines', () => {
    expect(texts('\r\n\r\nOne\r\ntwo\r\n\r\nThree\r\n\r\n')).toEqual(['One\ntwo', 'Three']);
    expect(splitBlocks('')).toEqual([]);
    expect(splitBlocks('\n\n   \n')).toEqual([]);
  });

  it('recognises quotes and rules', () => {
    expect(kinds('> a quote\n>\n> goes on\n\n---\n\n***')).toEqual(['quote', 'rule', 'rule']);
  });

  it('gives back the editor’s Markdown unchanged from its blocks (the round-trip corpus)', () => {
    // The merge writes blocks back in this normal form; the editor's own output already is in it.
    const corpus = import.meta.glob<string>('../markdown/corpus/*.md', {
      query: '?raw',
      import: 'default',
      eager: true,
    });
    expect(Object.keys(corpus).length).toBeGreaterThan(20);
    for (const [name, markdown] of Object.entries(corpus)) {
      expect({ name, markdown: joinBlocks(texts(markdown), markdown.endsWith('\n')) }).toEqual({ name, markdown });
    }
  });

  it('joins blocks back with one blank line between them', () => {
    expect(joinBlocks(['# A', 'b'], true)).toBe('# A\n\nb\n');
    expect(joinBlocks(['# A', 'b'], false)).toBe('# A\n\nb');
    expect(joinBlocks([], true)).toBe('');
    const doc = '# Title\n\nText\n\n```\ncode\n\n```\n\n- a\n\n- b\n';
    expect(joinBlocks(texts(doc), true)).toBe(doc);
  });
});
