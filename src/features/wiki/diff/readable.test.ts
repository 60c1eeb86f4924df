import { describe, expect, it } from 'vitest';
import { readableMarkdown } from './readable';

const A = '0b7a4c1e-2f3d-4a5b-8c6d-7e8f9a0b1c2d';
const B = '1c8b5d2f-3e4a-4b6c-9d7e-8f9a0b1c2d3e';

describe('readableMarkdown', () => {
  it('drops comment runs, keeping the commented text', () => {
    expect(
      readableMarkdown(`We [comment id="${A}"]launch on [/comment][comment id="${A} ${B}"]Monday[/comment].\n`),
    ).toBe('We launch on Monday.\n');
  });

  it('drops block-key lines, also inside lists and quotes', () => {
    expect(
      readableMarkdown('Intro\n\n<!-- block:k1 -->\n```ts\nx\n```\n\n- item\n\n  <!-- block:k_2 -->\n  ![a](/b.png)\n'),
    ).toBe('Intro\n\n```ts\nx\n```\n\n- item\n\n  ![a](/b.png)\n');
    expect(readableMarkdown('> <!-- block:q -->\n> ```\n> y\n> ```\n')).toBe('> ```\n> y\n> ```\n');
  });

  it('shows escaped literal syntax as the text it is, and keeps other HTML comments', () => {
    expect(readableMarkdown('Type \\[comment id="x"] to see it. <!-- note -->\n')).toBe(
      'Type [comment id="x"] to see it. <!-- note -->\n',
    );
    expect(readableMarkdown('2\\. two\n\n\\`\\`\\`js is a fence\n\n\\# not a heading, a\\_b, &nbsp;\n')).toBe(
      '2. two\n\n```js is a fence\n\n# not a heading, a_b, \u00a0\n',
    );
  });

  it('keeps code as it is: backslashes in code spans and code blocks are code', () => {
    const text = 'Run `a\\_b` now\n\n```sh\necho \\$HOME \\_x\n```\n\n- ~~~\n  \\*kept\\*\n  ~~~\n';
    expect(readableMarkdown(text)).toBe(text);
  });
});
