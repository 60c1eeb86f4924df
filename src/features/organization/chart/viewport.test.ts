import { describe, expect, it } from 'vitest';
import { CARD, centerOf, layoutChart } from '../chart-layout';
import { indexChart } from '../chart-model';
import { keyOf, testChart } from '../test-chart';
import { centreOn, glide, initialView, MAX_SCALE, MIN_SCALE, revealing, zoomedBy } from './viewport';

const layout = layoutChart(indexChart(testChart()), 'vertical', new Set());
const size = { width: 800, height: 600 };
const ada = keyOf('human', 1);

describe('viewport', () => {
  it('centres a node at the zoom asked for, and has no view for a node not in the layout', () => {
    const view = centreOn(layout, size, ada, 2)!;
    const centre = centerOf(layout.byKey.get(ada)!);
    expect(view.k).toBe(2);
    expect(view.x + centre.x * 2).toBe(400);
    expect(view.y + centre.y * 2).toBe(300);
    expect(centreOn(layout, size, 'human:nobody', 1)).toBeNull();
  });

  it('starts on the deep-linked node at zoom 1', () => {
    expect(initialView(layout, size, ada)).toEqual(centreOn(layout, size, ada, 1));
  });

  it('zooms about the centre of the view, within the limits', () => {
    const from = { x: 10, y: 20, k: 1 };
    const zoomed = zoomedBy(from, size, 2);
    expect(zoomed.k).toBe(2);
    // The chart point at the centre stays there.
    expect((400 - zoomed.x) / zoomed.k).toBe((400 - from.x) / from.k);
    expect((300 - zoomed.y) / zoomed.k).toBe((300 - from.y) / from.k);
    expect(zoomedBy(from, size, 1e6).k).toBe(MAX_SCALE);
    expect(zoomedBy(from, size, 1e-9).k).toBe(MIN_SCALE);
  });

  it('moves only as far as brings a node on screen, and not at all when it is', () => {
    const onScreen = centreOn(layout, size, ada, 1)!;
    expect(revealing(layout, onScreen, size, ada)).toBeNull();
    const node = layout.byKey.get(ada)!;
    const offLeft = { k: 1, x: -node.x - CARD.width - 100, y: onScreen.y };
    const moved = revealing(layout, offLeft, size, ada)!;
    expect(moved.x + node.x).toBe(24);
    expect(moved.y).toBe(onScreen.y);
  });

  it('glides from one view to the other', () => {
    const from = { x: 0, y: 0, k: 1 };
    const target = { x: -300, y: 120, k: 0.25 };
    const at = glide(from, target, size);
    expect(at(0)).toEqual(from);
    const end = at(1);
    expect(end.k).toBeCloseTo(target.k);
    expect(end.x).toBeCloseTo(target.x);
    expect(end.y).toBeCloseTo(target.y);
  });
});
