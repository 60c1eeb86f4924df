/**
 * Where the chart's view goes: the transforms the canvas moves to (fit, centre on a node, the
 * first view, zoom about the centre, bring a node on screen) and the glide between two of them.
 * Pure functions of the layout, the view's size and the current transform.
 */
import { centerOf, CARD, type ChartLayout, fitTransform } from '../chart-layout';
import type { Transform } from './render';

export const MIN_SCALE = 0.005;
export const MAX_SCALE = 2.5;
/** The zoom a search result is shown at when the chart is smaller. */
export const READABLE = 0.9;

type Size = { width: number; height: number };

/** The view with a node at its centre at zoom `k`, or null when the layout has no such node. */
export function centreOn(layout: ChartLayout, size: Size, key: string, k: number): Transform | null {
  const node = layout.byKey.get(key);
  if (!node) return null;
  const { width, height } = size;
  const centre = centerOf(node);
  return { k, x: width / 2 - centre.x * k, y: height / 2 - centre.y * k };
}

/** The whole chart in view. */
export function fitView(layout: ChartLayout, size: Size): Transform {
  return fitTransform(layout.bounds, size.width, size.height, { minScale: MIN_SCALE });
}

/** The first view: the deep-linked node, the whole chart when it is readable, else its top. */
export function initialView(layout: ChartLayout, size: Size, key: string | null): Transform {
  const linked = key ? centreOn(layout, size, key, 1) : null;
  if (linked) return linked;
  const fitted = fitView(layout, size);
  if (fitted.k >= 0.45) return fitted;
  const top = layout.nodes[0];
  if (!top) return fitted;
  const k = 0.75;
  const { width } = size;
  const centre = centerOf(top);
  return layout.orientation === 'vertical'
    ? { k, x: width / 2 - centre.x * k, y: 40 - top.y * k }
    : { k, x: 40 - top.x * k, y: size.height / 2 - centre.y * k };
}

/** Zoomed by `factor` about the centre of the view, within the zoom's limits. */
export function zoomedBy(transform: Transform, size: Size, factor: number): Transform {
  const { width, height } = size;
  const { x, y, k } = transform;
  const next = Math.min(MAX_SCALE, Math.max(MIN_SCALE, k * factor));
  const cx = (width / 2 - x) / k;
  const cy = (height / 2 - y) / k;
  return { k: next, x: width / 2 - cx * next, y: height / 2 - cy * next };
}

/** The view moved as little as brings a node on screen; null when it is on screen (or absent). */
export function revealing(layout: ChartLayout, transform: Transform, size: Size, key: string): Transform | null {
  const node = layout.byKey.get(key);
  if (!node) return null;
  const { width, height } = size;
  const { x, y, k } = transform;
  const margin = 24;
  const left = x + node.x * k;
  const top = y + node.y * k;
  const right = left + CARD.width * k;
  const bottom = top + CARD.height * k;
  let dx = 0;
  let dy = 0;
  if (left < margin) dx = margin - left;
  else if (right > width - margin) dx = width - margin - right;
  if (top < margin) dy = margin - top;
  else if (bottom > height - margin) dy = height - margin - bottom;
  return dx || dy ? { k, x: x + dx, y: y + dy } : null;
}

/**
 * The glide from one view to another: the transform at time `t` (0 to 1, eased in and out). The
 * centre of the view moves in chart units and the zoom changes geometrically.
 */
export function glide(from: Transform, target: Transform, size: Size): (t: number) => Transform {
  const { width, height } = size;
  const c0 = { x: (width / 2 - from.x) / from.k, y: (height / 2 - from.y) / from.k };
  const c1 = { x: (width / 2 - target.x) / target.k, y: (height / 2 - target.y) / target.k };
  return (t) => {
    const eased = t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2;
    const k = from.k ** (1 - eased) * target.k ** eased;
    const cx = c0.x + (c1.x - c0.x) * eased;
    const cy = c0.y + (c1.y - c0.y) * eased;
    return { k, x: width / 2 - cx * k, y: height / 2 - cy * k };
  };
}
