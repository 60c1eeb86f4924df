import { describe, expect, it } from 'vitest';
import { CARD, fitTransform, hitTest, layoutChart, nodesIn, togglePoint } from './chart-layout';
import { indexChart } from './chart-model';
import { syntheticChart } from './synthetic-chart';
import { keyOf, testChart } from './test-chart';

const overlaps = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.abs(a.x - b.x) < CARD.width && Math.abs(a.y - b.y) < CARD.height;

describe('layoutChart', () => {
  const index = indexChart(testChart());

  it('places every node top-down, children below their parent, no cards overlapping', () => {
    const layout = layoutChart(index, 'vertical', new Set());
    expect(layout.nodes).toHaveLength(8);
    for (const node of layout.nodes) {
      if (node.parent) expect(node.y).toBeGreaterThan(node.parent.y + CARD.height);
      for (const other of layout.nodes) if (other !== node) expect(overlaps(node, other)).toBe(false);
    }
    const ada = layout.byKey.get(keyOf('human', 1))!;
    const grace = layout.byKey.get(keyOf('human', 2))!;
    expect(ada.y).toBe(0);
    // An only child sits straight below its parent.
    expect(grace.x).toBe(ada.x);
  });

  it('places children to the right of their parent left to right', () => {
    const layout = layoutChart(index, 'horizontal', new Set());
    for (const node of layout.nodes) {
      if (node.parent) expect(node.x).toBeGreaterThan(node.parent.x + CARD.width);
      for (const other of layout.nodes) if (other !== node) expect(overlaps(node, other)).toBe(false);
    }
  });

  it('leaves out what is below a collapsed node and says it is collapsed', () => {
    const layout = layoutChart(index, 'vertical', new Set([keyOf('team', 100)]));
    expect(layout.nodes.map((node) => node.info.node.name)).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
      'Platform',
      'Orphans',
    ]);
    const team = layout.byKey.get(keyOf('team', 100))!;
    expect(team.collapsed).toBe(true);
    expect(team.hasChildren).toBe(true);
    expect(team.children).toEqual([]);
    // A leaf is never "collapsed", even when asked.
    const leaf = layoutChart(index, 'vertical', new Set([keyOf('human', 4)])).byKey.get(keyOf('human', 4))!;
    expect(leaf.collapsed).toBe(false);
  });

  it('bounds every card', () => {
    const layout = layoutChart(index, 'vertical', new Set());
    for (const node of layout.nodes) {
      expect(node.x).toBeGreaterThanOrEqual(layout.bounds.x0);
      expect(node.x + CARD.width).toBeLessThanOrEqual(layout.bounds.x1);
      expect(node.y + CARD.height).toBeLessThanOrEqual(layout.bounds.y1);
    }
  });

  it('lays out 5,000 members once each', () => {
    const chart = syntheticChart();
    const big = indexChart(chart);
    const layout = layoutChart(big, 'vertical', new Set());
    expect(layout.nodes.length).toBe(chart.humans.length + chart.agents.length + chart.teams.length);
    expect(new Set(layout.nodes.map((node) => node.key)).size).toBe(layout.nodes.length);
  });
});

describe('hitTest and nodesIn', () => {
  const layout = layoutChart(indexChart(testChart()), 'vertical', new Set());
  const zoe = layout.byKey.get(keyOf('human', 4))!;
  const team = layout.byKey.get(keyOf('team', 100))!;

  it('finds the card and the collapse toggle under a point', () => {
    expect(hitTest(layout, { x: zoe.x + 5, y: zoe.y + 5 })).toEqual({ node: zoe, part: 'card' });
    expect(hitTest(layout, togglePoint(team, 'vertical'))).toEqual({ node: team, part: 'toggle' });
    expect(hitTest(layout, { x: layout.bounds.x1 + 100, y: 0 })).toBeNull();
  });

  it('keeps only the cards that meet a box', () => {
    const box = { x0: zoe.x, y0: zoe.y, x1: zoe.x + 10, y1: zoe.y + 10 };
    expect(nodesIn(layout, box).map((node) => node.key)).toEqual([zoe.key]);
  });
});

describe('fitTransform', () => {
  it('centres the bounds and never magnifies beyond the maximum', () => {
    const small = fitTransform({ x0: 0, y0: 0, x1: 100, y1: 100 }, 1000, 800);
    expect(small.k).toBe(1);
    expect(small.x + 50 * small.k).toBe(500);
    expect(small.y + 50 * small.k).toBe(400);
    const large = fitTransform({ x0: 0, y0: 0, x1: 10_000, y1: 1_000 }, 1000, 800, { padding: 0 });
    expect(large.k).toBeCloseTo(0.1);
  });
});
