import { describe, expect, it } from 'vitest';
import { TITLE_MAX, titleCount, titleProblem } from './title';

describe('page titles', () => {
  it('says what is wrong instead of cutting a long title', () => {
    expect(titleProblem('Launch plan')).toBeNull();
    expect(titleProblem('   ')).toBe('A page needs a title.');
    expect(titleProblem('x'.repeat(TITLE_MAX))).toBeNull();
    expect(titleProblem('x'.repeat(TITLE_MAX + 1))).toBe(
      'A title can have up to 200 characters: this one has 201, remove 1.',
    );
  });

  it('counts characters once a title nears the limit', () => {
    expect(titleCount('x'.repeat(179))).toBeNull();
    expect(titleCount('x'.repeat(180))).toBe('180/200 characters');
  });
});
