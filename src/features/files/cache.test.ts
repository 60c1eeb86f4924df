import { describe, expect, it } from 'vitest';
import type { FileNode } from '@/api';
import { compareNodes, withNode, withoutNodes } from './cache';
import type { FileListPages } from './queries';

let counter = 0;
function node(name: string, type: 'folder' | 'file' = 'file', extra: Partial<FileNode> = {}): FileNode {
  counter++;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    clientId: 'c',
    type,
    name,
    parentId: null,
    createdAt: '2026-01-01T00:00:00Z',
    updatedAt: '2026-01-01T00:00:00Z',
    storagePath: null,
    mimeType: type === 'file' ? 'text/plain' : null,
    fileSize: type === 'file' ? 10 : null,
    agentTag: null,
    uploadSource: 'client',
    status: 'ready',
    author: { name: 'Ada', userId: 'u' },
    trashedAt: null,
    ...extra,
  };
}

const pages = (...lists: [FileNode[], string | null][]): FileListPages => ({
  pages: lists.map(([nodes, nextCursor]) => ({ nodes, nextCursor })),
  pageParams: lists.map((_, index) => (index === 0 ? null : `cursor-${index}`)),
});
const names = (data: FileListPages) => data.pages.map((page) => page.nodes.map((item) => item.name));

describe('file listing cache', () => {
  it('orders like the server: folders first, then by the key ignoring case, either way', () => {
    const list = [node('b.txt'), node('Zeta', 'folder'), node('A.txt'), node('alpha', 'folder')];
    expect(list.sort((x, y) => compareNodes(x, y, 'name', 'asc')).map((item) => item.name)).toEqual([
      'alpha',
      'Zeta',
      'A.txt',
      'b.txt',
    ]);
    expect(list.sort((x, y) => compareNodes(x, y, 'name', 'desc')).map((item) => item.name)).toEqual([
      'Zeta',
      'alpha',
      'b.txt',
      'A.txt',
    ]);
    const big = node('big', 'file', { fileSize: 900 });
    const small = node('small', 'file', { fileSize: 1 });
    expect([big, small].sort((x, y) => compareNodes(x, y, 'size', 'asc')).map((item) => item.name)).toEqual([
      'small',
      'big',
    ]);
  });

  it('inserts a node where the order puts it, or leaves it for a page not loaded yet', () => {
    const data = pages([[node('Docs', 'folder'), node('b.txt'), node('d.txt')], null]);
    expect(names(withNode(data, node('c.txt'), 'name', 'asc'))).toEqual([['Docs', 'b.txt', 'c.txt', 'd.txt']]);
    expect(names(withNode(data, node('z.txt'), 'name', 'asc'))).toEqual([['Docs', 'b.txt', 'd.txt', 'z.txt']]);
    expect(names(withNode(data, node('New', 'folder'), 'name', 'asc'))).toEqual([['Docs', 'New', 'b.txt', 'd.txt']]);
    const paged = pages([[node('a.txt'), node('b.txt')], 'next'], [[node('c.txt')], 'more']);
    expect(names(withNode(paged, node('bb.txt'), 'name', 'asc'))).toEqual([
      ['a.txt', 'b.txt'],
      ['bb.txt', 'c.txt'],
    ]);
    // After everything loaded while more pages remain: it comes with its page.
    expect(names(withNode(paged, node('z.txt'), 'name', 'asc'))).toEqual([['a.txt', 'b.txt'], ['c.txt']]);
  });

  it('replaces a renamed node and moves it to its new place; removes nodes by id', () => {
    const b = node('b.txt');
    const data = pages([[node('a.txt'), b, node('c.txt')], null]);
    expect(names(withNode(data, { ...b, name: 'z.txt' }, 'name', 'asc'))).toEqual([['a.txt', 'c.txt', 'z.txt']]);
    expect(names(withoutNodes(data, new Set([b.id])))).toEqual([['a.txt', 'c.txt']]);
    expect(withoutNodes(data, new Set(['nothing']))).toBe(data);
  });
});
