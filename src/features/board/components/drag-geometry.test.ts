import { describe, expect, it } from 'vitest';
import { keyboardTarget } from './drag-geometry';

// Five columns in the board's order, with how many cards each shows (the dragged one lifted out).
const columns = [
  { columnId: 'backlog', count: 2 },
  { columnId: 'todo', count: 0 },
  { columnId: 'doing', count: 45 },
  { columnId: 'review', count: 1 },
  { columnId: 'done', count: 3 },
];

describe('keyboardTarget', () => {
  it('goes one column right or left in the board’s order, at the same position', () => {
    expect(keyboardTarget({ columnId: 'doing', index: 1 }, 'ArrowRight', columns)).toEqual({
      columnId: 'review',
      index: 1,
    });
    expect(keyboardTarget({ columnId: 'review', index: 1 }, 'ArrowLeft', columns)).toEqual({
      columnId: 'doing',
      index: 1,
    });
  });

  it('takes the last place of a column with fewer cards, and the first of an empty one', () => {
    expect(keyboardTarget({ columnId: 'doing', index: 9 }, 'ArrowRight', columns)).toEqual({
      columnId: 'review',
      index: 1,
    });
    expect(keyboardTarget({ columnId: 'backlog', index: 1 }, 'ArrowRight', columns)).toEqual({
      columnId: 'todo',
      index: 0,
    });
  });

  it('moves one place up or down within the column, and stays at its ends and at the board’s edges', () => {
    expect(keyboardTarget({ columnId: 'doing', index: 1 }, 'ArrowDown', columns)).toEqual({
      columnId: 'doing',
      index: 2,
    });
    expect(keyboardTarget({ columnId: 'doing', index: 1 }, 'ArrowUp', columns)).toEqual({
      columnId: 'doing',
      index: 0,
    });
    expect(keyboardTarget({ columnId: 'doing', index: 0 }, 'ArrowUp', columns)).toEqual({
      columnId: 'doing',
      index: 0,
    });
    // Below the last of the 45 others, and no further.
    expect(keyboardTarget({ columnId: 'doing', index: 45 }, 'ArrowDown', columns)).toEqual({
      columnId: 'doing',
      index: 45,
    });
    expect(keyboardTarget({ columnId: 'done', index: 2 }, 'ArrowRight', columns)).toEqual({
      columnId: 'done',
      index: 2,
    });
    expect(keyboardTarget({ columnId: 'backlog', index: 0 }, 'ArrowLeft', columns)).toEqual({
      columnId: 'backlog',
      index: 0,
    });
  });

  it('leaves other keys, and a column not on the board, to the sensor', () => {
    expect(keyboardTarget({ columnId: 'doing', index: 1 }, 'KeyA', columns)).toBeNull();
    expect(keyboardTarget({ columnId: 'gone', index: 0 }, 'ArrowRight', columns)).toBeNull();
  });
});
