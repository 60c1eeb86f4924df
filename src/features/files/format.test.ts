import { describe, expect, it } from 'vitest';
import { nameProblem } from './format';

describe('nameProblem', () => {
  it('says, in words, what the server would refuse in a name', () => {
    expect(nameProblem('   ')).toBe('Enter a name.');
    expect(nameProblem('Q3/Q4 report')).toBe('A name cannot contain /.');
    expect(nameProblem('tab\there')).toMatch(/^A name cannot contain control characters/);
    expect(nameProblem(' .. ')).toBe('A name cannot be . or .. on its own.');
    expect(nameProblem('.')).toBe('A name cannot be . or .. on its own.');
  });

  it('takes any other name', () => {
    for (const name of ['Q3 report.pdf', '.env', 'a..b', 'Ünïcødé 📁', 'back\\slash'])
      expect(nameProblem(name)).toBeUndefined();
  });
});
