import { describe, expect, it } from 'vitest';
import { mergeMarkdown, tryAutoMerge } from './merge';

const doc = (...blocks: string[]) => `${blocks.join('\n\n')}\n`;

const base = doc('# Launch plan', 'Intro paragraph about the launch.', 'Budget is 10k.', 'Owner: Ada.', 'The end.');

function merged(baseText: string, mine: string, theirs: string): string {
  const result = mergeMarkdown(baseText, mine, theirs);
  if (!result.ok) throw new Error(`expected a merge, got ${JSON.stringify(result.conflicts)}`);
  return result.markdown;
}

describe('mergeMarkdown', () => {
  it('returns the other side when only one side changed', () => {
    const mine = base.replace('Budget is 10k.', 'Budget is 12k.');
    expect(merged(base, mine, base)).toBe(mine);
    expect(merged(base, base, mine)).toBe(mine);
    expect(merged(base, base, base)).toBe(base);
  });

  it('merges edits to different blocks, neighbours included', () => {
    const mine = base.replace('Intro paragraph', 'Short intro paragraph');
    const theirs = base.replace('Budget is 10k.', 'Budget is 12k.').replace('The end.', 'Fin.');
    expect(merged(base, mine, theirs)).toBe(
      doc('# Launch plan', 'Short intro paragraph about the launch.', 'Budget is 12k.', 'Owner: Ada.', 'Fin.'),
    );
    // Neighbouring blocks: block 2 on one side, block 3 on the other.
    const next = base.replace('Owner: Ada.', 'Owner: Bo.');
    expect(merged(base, theirs.replace('The end.', 'The end.'), next)).toContain('Budget is 12k.\n\nOwner: Bo.');
  });

  it('merges insertions and deletions in different places', () => {
    const mine = doc('# Launch plan', 'Intro paragraph about the launch.', 'Budget is 10k.', 'Owner: Ada.');
    const theirs = doc(
      '# Launch plan',
      'A new first paragraph.',
      'Intro paragraph about the launch.',
      'Budget is 10k.',
      'Owner: Ada.',
      'The end.',
    );
    expect(merged(base, mine, theirs)).toBe(
      doc(
        '# Launch plan',
        'A new first paragraph.',
        'Intro paragraph about the launch.',
        'Budget is 10k.',
        'Owner: Ada.',
      ),
    );
  });

  it('merges the same edit made on both sides once', () => {
    const both = base.replace('Budget is 10k.', 'Budget is 12k.');
    const mine = both.replace('# Launch plan', '# Launch plan (v2)');
    expect(merged(base, mine, both)).toBe(mine);
    expect(merged(base, both, both)).toBe(both);
  });

  it('orders insertions at the same place deterministically: theirs first, then mine, shared ones once', () => {
    const mine = `${base}\nMy note.\n`;
    const theirs = `${base}\nTheir note.\n`;
    expect(merged(base, mine, theirs)).toBe(`${base}\nTheir note.\n\nMy note.\n`);
    // Same result whichever side saved first, up to who counts as "theirs".
    expect(merged(base, theirs, mine)).toBe(`${base}\nMy note.\n\nTheir note.\n`);
    // A block both inserted appears once.
    const shared = `${base}\nShared.\n\nMine too.\n`;
    expect(merged(base, shared, `${base}\nShared.\n`)).toBe(shared);
  });

  it('reports different edits to the same block as a conflict, with the ranges on each side', () => {
    const mine = base.replace('Budget is 10k.', 'Budget is 12k.');
    const theirs = base.replace('Budget is 10k.', 'Budget is 15k.');
    const result = mergeMarkdown(base, mine, theirs);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.conflicts).toEqual([
      {
        base: { start: 2, end: 3, startLine: 5, endLine: 5, text: 'Budget is 10k.' },
        mine: { start: 2, end: 3, startLine: 5, endLine: 5, text: 'Budget is 12k.' },
        theirs: { start: 2, end: 3, startLine: 5, endLine: 5, text: 'Budget is 15k.' },
      },
    ]);
  });

  it('merges edits in place to neighbouring blocks on one side with an edit between them on the other', () => {
    const mine = base.replace('Intro', 'Opening').replace('Owner: Ada.', 'Owner: Bo.');
    const theirs = base.replace('Budget is 10k.', 'Budget is 12k.');
    expect(merged(base, mine, theirs)).toBe(mine.replace('Budget is 10k.', 'Budget is 12k.'));
  });

  it('reports every conflicting place, and still none for the blocks that merge', () => {
    const mine = base.replace('Budget is 10k.', 'Budget A').replace('The end.', 'End A').replace('Owner', 'Lead');
    const theirs = base.replace('Budget is 10k.', 'Budget B').replace('The end.', 'End B');
    const result = mergeMarkdown(base, mine, theirs);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.conflicts.map((conflict) => [conflict.mine.text, conflict.theirs.text])).toEqual([
      ['Budget A', 'Budget B'],
      ['End A', 'End B'],
    ]);
  });

  it('treats deleting a block the other side edited as a conflict, both ways', () => {
    const deleted = doc('# Launch plan', 'Intro paragraph about the launch.', 'Owner: Ada.', 'The end.');
    const edited = base.replace('Budget is 10k.', 'Budget is 12k.');
    for (const [mine, theirs] of [
      [deleted, edited],
      [edited, deleted],
    ] as const) {
      const result = mergeMarkdown(base, mine, theirs);
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      const conflict = result.conflicts[0]!;
      expect(conflict.base.text).toBe('Budget is 10k.');
      const empty = mine === deleted ? conflict.mine : conflict.theirs;
      expect(empty).toMatchObject({ start: 2, end: 2, text: '' });
      expect(empty.endLine).toBe(empty.startLine - 1);
    }
  });

  it('merges deleting a block with edits elsewhere', () => {
    const mine = doc('# Launch plan', 'Intro paragraph about the launch.', 'Owner: Ada.', 'The end.');
    const theirs = base.replace('The end.', 'Fin.');
    expect(merged(base, mine, theirs)).toBe(
      doc('# Launch plan', 'Intro paragraph about the launch.', 'Owner: Ada.', 'Fin.'),
    );
  });

  it('treats comment-mark runs inside blocks as text', () => {
    const marked = base.replace('Budget is 10k.', 'Budget is [comment id="0a"]10k[/comment].');
    const theirs = base.replace('Owner: Ada.', 'Owner: Ada and Bo.');
    // Adding a mark in one block merges with an edit in another.
    expect(merged(base, marked, theirs)).toBe(marked.replace('Owner: Ada.', 'Owner: Ada and Bo.'));
    // Adding a mark where the other side rewrote the passage is a conflict, not a lost mark.
    const rewritten = base.replace('Budget is 10k.', 'Budget is 20k.');
    expect(mergeMarkdown(base, marked, rewritten).ok).toBe(false);
    // The same mark added on both sides merges.
    expect(merged(base, marked, marked)).toBe(marked);
  });

  it('keeps fenced code blocks whole: an edit inside one conflicts only with edits to that block', () => {
    const code = '```js\nconst a = 1;\n\nconst b = 2;\n```';
    const withCode = doc('Intro', code, 'Outro');
    const mine = withCode.replace('const a = 1;', 'const a = 3;');
    const theirs = withCode.replace('Outro', 'Outro, edited');
    expect(merged(withCode, mine, theirs)).toBe(doc('Intro', code.replace('a = 1', 'a = 3'), 'Outro, edited'));
    const alsoCode = withCode.replace('const b = 2;', 'const b = 4;');
    expect(mergeMarkdown(withCode, mine, alsoCode).ok).toBe(false);
  });

  it('is deterministic', () => {
    const mine = base.replace('Intro', 'Opening').concat('\nMine.\n');
    const theirs = base.replace('The end.', 'Fin.').concat('\nTheirs.\n');
    const first = mergeMarkdown(base, mine, theirs);
    for (let i = 0; i < 5; i++) expect(mergeMarkdown(base, mine, theirs)).toEqual(first);
  });

  it('merges 50,000-word documents edited in many places', () => {
    const paragraphs = Array.from(
      { length: 2500 },
      (_, i) => `Paragraph ${i} ${'lorem ipsum dolor sit amet consectetur adipiscing elit sed do '.repeat(2)}`,
    );
    const big = doc(...paragraphs);
    expect(big.split(/\s+/).length).toBeGreaterThan(50_000);
    const edit = (indices: number[], tag: string) =>
      doc(...paragraphs.map((text, i) => (indices.includes(i) ? `${text} ${tag}` : text)));
    const mine = edit([3, 500, 1500, 2499], 'mine');
    const theirs = edit([10, 900, 2000], 'theirs');
    const result = merged(big, mine, theirs);
    expect(result).toBe(
      edit([3, 500, 1500, 2499], 'mine')
        .replace(paragraphs[10]!, `${paragraphs[10]!} theirs`)
        .replace(paragraphs[900]!, `${paragraphs[900]!} theirs`)
        .replace(paragraphs[2000]!, `${paragraphs[2000]!} theirs`),
    );
  });
});

describe('tryAutoMerge', () => {
  const page = (markdown: string, title = 'Launch plan') => ({ markdown, title });

  it('merges the texts and keeps a title only one side changed', () => {
    const mine = page(base.replace('Intro', 'Opening'), 'Launch plan v2');
    const theirs = page(base.replace('The end.', 'Fin.'));
    expect(tryAutoMerge(page(base), mine, theirs)).toEqual({
      ok: true,
      markdown: base.replace('Intro', 'Opening').replace('The end.', 'Fin.'),
      title: 'Launch plan v2',
    });
    expect(tryAutoMerge(page(base), page(base), page(base, 'Renamed'))).toMatchObject({ ok: true, title: 'Renamed' });
  });

  it('refuses when both renamed the page differently, or the texts conflict', () => {
    expect(tryAutoMerge(page(base), page(base, 'Mine'), page(base, 'Theirs'))).toEqual({
      ok: false,
      conflicts: [],
      titleConflict: true,
    });
    const result = tryAutoMerge(
      page(base),
      page(base.replace('Budget', 'Cost')),
      page(base.replace('Budget', 'Spend')),
    );
    expect(result).toMatchObject({ ok: false, titleConflict: false });
    expect(result.ok ? [] : result.conflicts).toHaveLength(1);
  });
});
