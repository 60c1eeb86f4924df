import { describe, expect, it } from 'vitest';
import { stackMargin } from './layout';

const item = (id: string, anchor: number, height = 50) => ({ id, anchor, height });

describe('stackMargin', () => {
  it('puts cards level with their passages when they do not touch', () => {
    const tops = stackMargin([item('a', 0), item('b', 100), item('c', 300)]);
    expect([...tops]).toEqual([
      ['a', 0],
      ['b', 100],
      ['c', 300],
    ]);
  });

  it('pushes a card down below the one above it, keeping the gap', () => {
    const tops = stackMargin([item('a', 10, 80), item('b', 20), item('c', 40)], { gap: 8 });
    expect(tops.get('a')).toBe(10);
    expect(tops.get('b')).toBe(98);
    expect(tops.get('c')).toBe(156);
  });

  it('orders by passage, then by the order given', () => {
    const tops = stackMargin([item('late', 200), item('x', 50), item('y', 50)], { gap: 0 });
    expect(tops.get('x')).toBe(50);
    expect(tops.get('y')).toBe(100);
    expect(tops.get('late')).toBe(200);
  });

  it('keeps the active card level with its passage and moves the cards above it up', () => {
    const tops = stackMargin([item('a', 100), item('b', 110), item('c', 120)], { activeId: 'c', gap: 10 });
    expect(tops.get('c')).toBe(120);
    expect(tops.get('b')).toBe(60);
    expect(tops.get('a')).toBe(0);
  });

  it('pushes the active card down when the cards above would leave the column', () => {
    const tops = stackMargin([item('a', 0), item('b', 5), item('c', 10)], { activeId: 'c', gap: 10 });
    expect(tops.get('a')).toBe(0);
    expect(tops.get('b')).toBe(60);
    expect(tops.get('c')).toBe(120);
  });

  it('never places a card above minTop', () => {
    const tops = stackMargin([item('a', -40), item('b', 0)], { minTop: 0, gap: 0 });
    expect(tops.get('a')).toBe(0);
    expect(tops.get('b')).toBe(50);
  });

  it('never overlaps, whatever the input', () => {
    const items = Array.from({ length: 40 }, (_, i) => item(`t${i}`, (i * 37) % 400, 20 + ((i * 13) % 60)));
    const tops = stackMargin(items, { activeId: 't17', gap: 6 });
    const placed = items.map((it) => ({ top: tops.get(it.id)!, bottom: tops.get(it.id)! + it.height }));
    placed.sort((a, b) => a.top - b.top);
    for (let i = 1; i < placed.length; i++) expect(placed[i]!.top).toBeGreaterThanOrEqual(placed[i - 1]!.bottom + 6);
  });
});
