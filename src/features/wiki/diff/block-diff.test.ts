import { describe, expect, it } from 'vitest';
import { blockDiff, wordDiff } from './block-diff';

const doc = (...blocks: string[]) => `${blocks.join('\n\n')}\n`;

/** The entries in a compact form: [type, text] (a changed block as before → after). */
function summary(before: string, after: string) {
  return blockDiff(before, after).entries.map((entry) => {
    switch (entry.type) {
      case 'same':
        return ['same', entry.blocks.length];
      case 'changed':
        return ['changed', `${entry.before.text} → ${entry.after.text}`];
      default:
        return [entry.type, entry.block.text];
    }
  });
}

describe('blockDiff', () => {
  it('finds nothing between equal texts, whatever their line endings', () => {
    const text = doc('# Title', 'One', 'Two');
    expect(blockDiff(text, text.replace(/\n/g, '\r\n'))).toEqual({
      entries: [{ type: 'same', blocks: expect.any(Array) }],
      added: 0,
      removed: 0,
      changed: 0,
      unchanged: 3,
    });
    expect(blockDiff('', '').entries).toEqual([]);
  });

  it('reports added and removed blocks between unchanged runs', () => {
    const before = doc('# Title', 'Keep one', 'Drop me', 'Keep two', 'Keep three');
    const after = doc('# Title', 'Keep one', 'Keep two', 'Brand new block', 'Keep three');
    expect(summary(before, after)).toEqual([
      ['same', 2],
      ['removed', 'Drop me'],
      ['same', 1],
      ['added', 'Brand new block'],
      ['same', 1],
    ]);
    expect(blockDiff(before, after)).toMatchObject({ added: 1, removed: 1, changed: 0, unchanged: 4 });
  });

  it('pairs a block edited in place and gives its word-level changes', () => {
    const diff = blockDiff(doc('Intro', 'The launch is on Monday.'), doc('Intro', 'The launch is on Tuesday.'));
    expect(diff).toMatchObject({ changed: 1, added: 0, removed: 0, unchanged: 1 });
    const entry = diff.entries[1]!;
    expect(entry.type).toBe('changed');
    if (entry.type !== 'changed') return;
    expect(entry.parts).toEqual([
      { type: 'same', text: 'The launch is on ' },
      { type: 'removed', text: 'Monday' },
      { type: 'added', text: 'Tuesday' },
      { type: 'same', text: '.' },
    ]);
  });

  it('does not pair unrelated blocks: they are removed and added', () => {
    expect(summary(doc('Keep', 'Apples and pears'), doc('Keep', 'Completely different words'))).toEqual([
      ['same', 1],
      ['removed', 'Apples and pears'],
      ['added', 'Completely different words'],
    ]);
  });

  it('pairs the right block when blocks are also inserted before it', () => {
    const before = doc('Keep', 'Budget for the launch is ten thousand');
    const after = doc('Keep', 'A new heading paragraph', 'Budget for the launch is twelve thousand');
    expect(summary(before, after)).toEqual([
      ['same', 1],
      ['added', 'A new heading paragraph'],
      ['changed', 'Budget for the launch is ten thousand → Budget for the launch is twelve thousand'],
    ]);
  });

  it('never pairs a code block with prose', () => {
    const before = doc('```\nconst total = price * count\n```');
    const after = doc('const total = price * count');
    expect(summary(before, after).map(([type]) => type)).toEqual(['removed', 'added']);
  });

  it('shows comment marks as text in the word changes', () => {
    const parts = wordDiff('Budget is 10k.', 'Budget is [comment id="0a"]10k[/comment].');
    expect(parts.filter((part) => part.type === 'removed')).toEqual([]);
    expect(
      parts
        .filter((part) => part.type === 'added')
        .map((part) => part.text)
        .join(''),
    ).toBe('[comment id="0a"][/comment]');
  });

  it('rebuilds both texts from a changed block’s parts', () => {
    const before = '| a | b |\n| - | - |\n| 1 | 2 |';
    const after = '| a | b |\n| - | - |\n| 1 | 3 |\n| 4 | 5 |';
    const parts = wordDiff(before, after);
    const text = (skip: string) =>
      parts
        .filter((part) => part.type !== skip)
        .map((part) => part.text)
        .join('');
    expect(text('added')).toBe(before);
    expect(text('removed')).toBe(after);
  });
});
