import { describe, expect, it } from 'vitest';
import { parseDelimited } from './csv';

describe('parseDelimited', () => {
  it('reads quoted fields, doubled quotes, delimiters and line breaks inside quotes', () => {
    const { rows, more } = parseDelimited('name,note\r\n"Ada, Countess","said ""hi""\nthen left"\nBo,\n');
    expect(rows).toEqual([
      ['name', 'note'],
      ['Ada, Countess', 'said "hi"\nthen left'],
      ['Bo', ''],
    ]);
    expect(more).toBe(false);
  });

  it('stops at maxRows and drops the incomplete last line of a cut file', () => {
    expect(parseDelimited('a\nb\nc\nd\n', { maxRows: 2 })).toEqual({ rows: [['a'], ['b']], more: true });
    expect(parseDelimited('a\tb\nc\td\ne\tf', { delimiter: '\t', partial: true })).toEqual({
      rows: [
        ['a', 'b'],
        ['c', 'd'],
      ],
      more: true,
    });
  });
});
