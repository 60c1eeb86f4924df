import { describe, expect, it } from 'vitest';
import type { WikiPageSummary } from '@/api';
import { ancestorsOf, flattenTree, movePage, projectDrop, stepTarget, subtreeOf } from './tree';

let next = 0;
function page(title: string, parentId: string | null, position: number): WikiPageSummary {
  return {
    id: title,
    projectId: 'p',
    parentId,
    position,
    title,
    revisionId: `r${next++}`,
    createdAt: '2025-01-01T00:00:00Z',
    updatedAt: '2025-01-01T00:00:00Z',
    updatedBy: { name: 'Ada' },
    archivedAt: null,
  };
}

// A (B (C), D), E
const pages = [page('E', null, 1), page('A', null, 0), page('D', 'A', 1), page('B', 'A', 0), page('C', 'B', 0)];
const shape = (list: WikiPageSummary[]) => flattenTree(list).map((row) => `${'  '.repeat(row.depth)}${row.page.title}`);

describe('wiki tree', () => {
  it('flattens in reading order with depth, place and children', () => {
    const rows = flattenTree(pages);
    expect(shape(pages)).toEqual(['A', '  B', '    C', '  D', 'E']);
    expect(rows.map((row) => [row.index, row.count, row.hasChildren])).toEqual([
      [0, 2, true],
      [0, 2, true],
      [0, 1, false],
      [1, 2, false],
      [1, 2, false],
    ]);
    expect(flattenTree(pages, new Set(['A'])).map((row) => row.page.title)).toEqual(['A', 'E']);
  });

  it('shows a page whose parent is missing at the top level', () => {
    expect(shape([page('X', 'gone', 1), page('Y', null, 0)])).toEqual(['Y', 'X']);
  });

  it('finds ancestors and subtrees', () => {
    expect(ancestorsOf(pages, 'C').map((item) => item.title)).toEqual(['A', 'B']);
    expect([...subtreeOf(pages, 'A')].sort()).toEqual(['A', 'B', 'C', 'D']);
  });

  it('moves a page with dense positions everywhere', () => {
    const moved = movePage(pages, 'B', null, 1);
    expect(shape(moved)).toEqual(['A', '  D', 'B', '  C', 'E']);
    expect(moved.find((item) => item.id === 'D')!.position).toBe(0);
    expect(moved.find((item) => item.id === 'E')!.position).toBe(2);
  });

  it('gives the keyboard steps: up, down, indent, outdent', () => {
    expect(stepTarget(pages, 'D', 'up')).toEqual({ parentId: 'A', position: 0 });
    expect(stepTarget(pages, 'D', 'down')).toBeNull();
    expect(stepTarget(pages, 'D', 'indent')).toEqual({ parentId: 'B', position: 1 });
    expect(stepTarget(pages, 'B', 'indent')).toBeNull();
    expect(stepTarget(pages, 'C', 'outdent')).toEqual({ parentId: 'A', position: 1 });
    expect(stepTarget(pages, 'A', 'outdent')).toBeNull();
  });

  it('projects a drop: the level follows the offset, within what the neighbours allow', () => {
    const rows = flattenTree(pages);
    // E dropped between D and … (the end): as deep as D allows, or at the top.
    const order = [...rows.filter((row) => row.page.id !== 'E')];
    const asMoved = [...order.slice(0, 4), rows[4]!];
    expect(projectDrop(asMoved, 'E', 4, 0)).toMatchObject({ depth: 0, parentId: null, position: 1 });
    expect(projectDrop(asMoved, 'E', 4, 1)).toMatchObject({ depth: 1, parentId: 'A', position: 2 });
    expect(projectDrop(asMoved, 'E', 4, 5)).toMatchObject({ depth: 2, parentId: 'D', position: 0 });
    // At the very top nothing can be deeper than 0.
    const top = [rows[4]!, ...order];
    expect(projectDrop(top, 'E', 0, 3)).toMatchObject({ depth: 0, parentId: null, position: 0 });
  });
});
