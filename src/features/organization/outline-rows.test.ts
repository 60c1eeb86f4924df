import { describe, expect, it } from 'vitest';
import { indexChart } from './chart-model';
import { outlineRows } from './outline-rows';
import { keyOf, testChart } from './test-chart';

describe('outlineRows', () => {
  const index = indexChart(testChart());

  it('lists the tree depth first with levels and places among siblings', () => {
    const rows = outlineRows(index, new Set());
    expect(rows.map((row) => [row.node.name, row.level, row.position, row.siblings, row.expanded])).toEqual([
      ['Ada Lovelace', 1, 1, 2, true],
      ['Grace Hopper', 2, 1, 1, true],
      ['Platform', 3, 1, 1, true],
      ['Linus Berg', 4, 1, 2, true],
      ['Cafébot', 5, 1, 1, true],
      ['Scribe', 6, 1, 1, false],
      ['Zoë Café', 4, 2, 2, false],
      ['Orphans', 1, 2, 2, false],
    ]);
  });

  it('hides the rows below a collapsed node', () => {
    const rows = outlineRows(index, new Set([keyOf('human', 3)]));
    expect(rows.map((row) => row.node.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Platform',
      'Linus Berg',
      'Zoë Café',
      'Orphans',
    ]);
    expect(rows.find((row) => row.key === keyOf('human', 3))!.expanded).toBe(false);
  });
});
