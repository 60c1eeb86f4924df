import { describe, expect, it } from 'vitest';
import { rows } from './rows.ts';

describe('rows', () => {
  it('gives the rows of a raw query result, as either driver answers it', () => {
    expect(rows<{ id: number }>({ rows: [{ id: 1 }], fields: [] })).toEqual([{ id: 1 }]);
    expect(rows({ rows: [], rowCount: 0, command: 'SELECT' })).toEqual([]);
  });

  it('throws on anything that is not a raw query result', () => {
    expect(() => rows([{ id: 1 }])).toThrow('not the result of a raw query');
    expect(() => rows(undefined)).toThrow('not the result of a raw query');
  });
});
