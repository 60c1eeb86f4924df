import { describe, expect, it } from 'vitest';
import { fold, matchRanges } from './fold';

describe('fold', () => {
  it('lower-cases and strips accents', () => {
    expect(fold('Zoë CAFÉ')).toBe('zoe cafe');
    expect(fold('Ångström')).toBe('angstrom');
  });
});

describe('matchRanges', () => {
  it('finds the match in the original text, accents and all', () => {
    expect(matchRanges('Zoë Café', 'cafe')).toEqual([[4, 8]]);
    expect(matchRanges('Café roadmap', 'CAFÉ')).toEqual([[0, 4]]);
    expect(matchRanges('Zoë Café', 'oe c')).toEqual([[1, 5]]);
  });

  it('handles decomposed input and characters outside the BMP', () => {
    expect(matchRanges('Cafe\u0301 👍 bar', 'bar')).toEqual([[9, 12]]);
    expect(matchRanges('e\u0301te', 'ete')).toEqual([[0, 4]]);
  });

  it('returns nothing for no match or an empty query', () => {
    expect(matchRanges('Roadmap', 'xyz')).toEqual([]);
    expect(matchRanges('Roadmap', '  ')).toEqual([]);
  });
});
