import { describe, expect, it } from 'vitest';
import { blockText, cut, parseAnchor, passageText, plainText, scanMarkdown } from './markdown.ts';

const A = '0b8c5e1a-3f4d-4c2a-9d7e-2f1b6a9c8e10';
const B = '1c9d6f2b-4a5e-4d3b-8e8f-3a2c7b0d9f21';
const C = '2dae7a3c-5b6f-4e4c-9f90-4b3d8c1ea032';

const ok = (markdown: string) => {
  const scan = scanMarkdown(markdown);
  expect(scan.error, markdown).toBeNull();
  return scan;
};
const refused = (markdown: string) => {
  const scan = scanMarkdown(markdown);
  expect(scan.error, markdown).not.toBeNull();
  return scan.error!;
};

describe('scanMarkdown: comment marks', () => {
  it('reads the ids of runs, flat and overlapping, in any order and case', () => {
    const scan = ok(
      `# Plan\n\n[comment id="${A}"]one [/comment][comment id="${A} ${B}"]two[/comment][comment id="${B}"] three[/comment]\n\n` +
        `Later [comment id="${C.toUpperCase()} ${A}"]again[/comment].`,
    );
    expect([...scan.ids].sort()).toEqual([A, B, C].sort());
    expect(scan.runs).toHaveLength(4);
  });

  it('accepts a page without marks, an empty one, and an empty run', () => {
    expect(ok('').ids.size).toBe(0);
    expect(ok('Just *text*, [a link](https://example.com) and [comments](x).').ids.size).toBe(0);
    expect([...ok(`x [comment id="${A}"][/comment] y`).ids]).toEqual([A]);
  });

  it('refuses malformed opening tags', () => {
    for (const tag of [
      '[comment]',
      '[comment id="nope"]',
      `[comment id='${A}']`,
      `[comment id="${A}  ${B}"]`,
      `[comment id=" ${A}"]`,
      `[comment  id="${A}"]`,
      `[comment id="${A}"`,
      `[comment id="${A.slice(0, -1)}"]`,
    ]) {
      expect(refused(`Before ${tag}text[/comment] after`)).toMatch(/^line 1: a comment mark must be/);
    }
  });

  it('refuses a close without an open, nesting, and a run not closed on its line', () => {
    expect(refused('text[/comment]')).toMatch(/without an open/);
    expect(refused(`[comment id="${A}"]a [comment id="${B}"]b[/comment][/comment]`)).toMatch(/cannot nest/);
    expect(refused(`para one\n\n[comment id="${A}"]spans\ntwo lines[/comment]`)).toMatch(
      /^line 3: a comment mark must close/,
    );
    expect(refused(`[comment id="${A}"]a[/comment ]`)).toMatch(/closes with/);
  });

  it('treats escaped tags, code spans, fenced code and longer words as text', () => {
    const scan = ok(
      [
        '\\[comment id="x"] escaped \\[/comment]',
        'Inline `[comment id="x"]` and ``a ` [/comment] b``.',
        '```md',
        '[comment id="not-a-uuid"]inside a fence',
        '~~~',
        '[/comment]',
        '```',
        '   ~~~~',
        '[/comment]',
        '   ~~~~~',
        '- item',
        '  ```',
        '  [comment id="x"]',
        '  ```',
        '> ```',
        '> [/comment]',
        '> ```',
        '[commentary](https://example.com) and [/commentary]',
      ].join('\n'),
    );
    expect(scan.ids.size).toBe(0);
    // An unclosed code span is text, so the mark after it counts.
    expect([...ok(`a \` b [comment id="${A}"]c[/comment]`).ids]).toEqual([A]);
  });

  it('finds marks after a fence closes, and within lists, quotes and tables', () => {
    const scan = ok(
      [
        '```',
        'code',
        '```',
        `- [ ] [comment id="${A}"]task[/comment]`,
        `> [comment id="${B}"]quoted[/comment]`,
        `| a | [comment id="${C}"]cell[/comment] |`,
      ].join('\n'),
    );
    expect([...scan.ids].sort()).toEqual([A, B, C].sort());
  });

  it('handles CRLF line endings', () => {
    expect([...ok(`a\r\n[comment id="${A}"]b[/comment]\r\n`).ids]).toEqual([A]);
  });

  it('is linear: 2 MiB of marks and text scans quickly', () => {
    const line = `Some words [comment id="${A}"]marked \`code\` here[/comment] and more \\[ text.\n`;
    const markdown = line.repeat(Math.floor((2 * 1024 * 1024) / line.length));
    const started = performance.now();
    const scan = ok(markdown);
    expect(performance.now() - started).toBeLessThan(1000);
    expect(scan.runs.length).toBeGreaterThan(19_000);
    // One long line of backtick runs of every length, none closed: each would scan the rest of the
    // line without the per-length index.
    let hostile = '';
    for (let length = 1; hostile.length < 2_000_000; length++) hostile += `${'`'.repeat(length)}x`;
    const started2 = performance.now();
    ok(`${hostile}[comment id="${A}"]y[/comment]`);
    expect(performance.now() - started2).toBeLessThan(1000);
  });
});

describe('scanMarkdown: block keys', () => {
  it('reads keys on their own line, also in lists and quotes, and not inside code', () => {
    const scan = ok(
      [
        '<!-- block:abc_123 -->',
        '```js',
        '<!-- block:inside -->',
        '```',
        '- item',
        '  <!-- block:listed -->',
        '  ![diagram](https://example.com/d.png)',
        '> <!-- block:quoted-1 -->',
        'text <!-- block:inline --> text',
        '<!-- block:has space -->',
        `<!-- block:${'k'.repeat(65)} -->`,
      ].join('\n'),
    );
    expect([...scan.blockKeys].sort()).toEqual(['abc_123', 'listed', 'quoted-1']);
  });
});

describe('passageText', () => {
  it('joins adjacent runs of an id, and separates runs apart or on other lines', () => {
    const markdown =
      `[comment id="${A}"]one [/comment][comment id="${A} ${B}"]**two**[/comment][comment id="${B}"] three[/comment]\n\n` +
      `Next [comment id="${A}"]para[/comment] and [comment id="${A}"]more[/comment]`;
    const scan = ok(markdown);
    expect(passageText(markdown, scan, A)).toBe('one two\npara more');
    expect(passageText(markdown, scan, B)).toBe('two three');
    expect(passageText(markdown, scan, C)).toBeNull();
  });

  it('gives plain text: escapes, emphasis, code and links reduced', () => {
    expect(plainText('a \\*b\\* **c** _d_ ~~e~~ `f*g` [h](https://x.y/(z)) ![i](j.png) snake_case')).toBe(
      'a *b* c d e f*g h i snake_case',
    );
  });

  it('cuts without splitting a surrogate pair', () => {
    expect(cut('ab😀c', 3)).toBe('ab');
    expect(cut('abc', 3)).toBe('abc');
    expect(cut('abcd', 3)).toBe('abc');
  });
});

describe('blockText and parseAnchor', () => {
  it('reads a code block, an image and a plain block after a key', () => {
    const markdown = [
      '<!-- block:code1 -->',
      '```ts',
      'const a = 1;',
      'const b = 2;',
      '```',
      '<!-- block:img -->',
      '![Architecture](https://example.com/a.png)',
      '<!-- block:noalt -->',
      '![](https://example.com/b.png)',
    ].join('\n');
    expect(blockText(markdown, 'code1')).toBe('const a = 1;\nconst b = 2;');
    expect(blockText(markdown, 'img')).toBe('Architecture');
    expect(blockText(markdown, 'noalt')).toBe('https://example.com/b.png');
    expect(blockText(markdown, 'missing')).toBeNull();
  });

  it('parses anchors: UUIDs (lowercased) and block keys', () => {
    expect(parseAnchor(A.toUpperCase())).toEqual({ id: A });
    expect(parseAnchor('block:k-1_x')).toEqual({ blockKey: 'k-1_x' });
    expect(parseAnchor('block:')).toBeNull();
    expect(parseAnchor('nope')).toBeNull();
  });
});
