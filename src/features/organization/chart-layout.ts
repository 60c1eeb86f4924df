import { hierarchy, tree } from 'd3-hierarchy';
import type { ChartNode } from './types';
import type { ChartIndex, NodeInfo } from './chart-model';

export type Orientation = 'vertical' | 'horizontal';

/** A card's size in chart units (pixels at zoom 1). Teams and members share it. */
export const CARD = { width: 216, height: 68 } as const;
/** Space between cards: beside each other, and between levels. */
const GAP = {
  vertical: { sibling: 24, level: 64 },
  horizontal: { sibling: 14, level: 72 },
} as const;

/** A node placed on the chart: its card's top-left corner, and the visible nodes around it. */
export type LaidNode = {
  key: string;
  info: NodeInfo;
  x: number;
  y: number;
  /** The visible node above (null for the tops). */
  parent: LaidNode | null;
  /** The visible nodes below (none when collapsed). */
  children: LaidNode[];
  /** Whether the node has children in the chart, shown or not. */
  hasChildren: boolean;
  collapsed: boolean;
};

export type Bounds = { x0: number; y0: number; x1: number; y1: number };

export type ChartLayout = {
  orientation: Orientation;
  /** Visible nodes, depth first (parents before their children). */
  nodes: LaidNode[];
  byKey: Map<string, LaidNode>;
  /** The box around every card. */
  bounds: Bounds;
};

/**
 * Places the visible part of the chart as a tidy tree (d3-hierarchy's Reingold–Tilford layout),
 * top-down (`vertical`) or left to right (`horizontal`). The children of collapsed nodes are left
 * out. Several tops (the root, loose trees, or every top when there is no admin) stand side by side.
 */
export function layoutChart(index: ChartIndex, orientation: Orientation, collapsed: ReadonlySet<string>): ChartLayout {
  // An invisible top (key '') holds the real tops.
  const top = { key: '', children: index.tops } as ChartNode;
  const root = hierarchy<ChartNode>(top, (node) => (collapsed.has(node.key) ? null : node.children));
  const gap = GAP[orientation];
  const breadth = orientation === 'vertical' ? CARD.width + gap.sibling : CARD.height + gap.sibling;
  const step = orientation === 'vertical' ? CARD.height + gap.level : CARD.width + gap.level;
  tree<ChartNode>()
    .nodeSize([breadth, step])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.2))(root);

  const nodes: LaidNode[] = [];
  const byKey = new Map<string, LaidNode>();
  const bounds: Bounds = { x0: Infinity, y0: Infinity, x1: -Infinity, y1: -Infinity };
  root.eachBefore((point) => {
    const node = point.data;
    if (node === top) return;
    const info = index.byKey.get(node.key);
    if (!info || byKey.has(node.key)) return;
    const along = point.x ?? 0;
    // The invisible top holding the real tops is level 0: the tops start at 0.
    const depth = (point.y ?? 0) - step;
    const x = orientation === 'vertical' ? along - CARD.width / 2 : depth;
    const y = orientation === 'vertical' ? depth : along - CARD.height / 2;
    const parentKey = point.parent?.data.key;
    const parent = parentKey ? (byKey.get(parentKey) ?? null) : null;
    const laid: LaidNode = {
      key: node.key,
      info,
      x,
      y,
      parent,
      children: [],
      hasChildren: node.children.length > 0,
      collapsed: node.children.length > 0 && collapsed.has(node.key),
    };
    parent?.children.push(laid);
    nodes.push(laid);
    byKey.set(node.key, laid);
    bounds.x0 = Math.min(bounds.x0, x);
    bounds.y0 = Math.min(bounds.y0, y);
    bounds.x1 = Math.max(bounds.x1, x + CARD.width);
    bounds.y1 = Math.max(bounds.y1, y + CARD.height);
  });
  if (!nodes.length) Object.assign(bounds, { x0: 0, y0: 0, x1: CARD.width, y1: CARD.height });
  return { orientation, nodes, byKey, bounds };
}

/** The centre of a node's card. */
export function centerOf(node: Pick<LaidNode, 'x' | 'y'>): { x: number; y: number } {
  return { x: node.x + CARD.width / 2, y: node.y + CARD.height / 2 };
}

/** The collapse toggle's centre: below the card (vertical) or right of it (horizontal). */
export function togglePoint(node: Pick<LaidNode, 'x' | 'y'>, orientation: Orientation): { x: number; y: number } {
  return orientation === 'vertical'
    ? { x: node.x + CARD.width / 2, y: node.y + CARD.height }
    : { x: node.x + CARD.width, y: node.y + CARD.height / 2 };
}

/** The toggle's radius in chart units. */
export const TOGGLE_RADIUS = 10;

/** What is under a chart point: a node's collapse toggle, a node's card, or nothing. */
export function hitTest(
  layout: ChartLayout,
  point: { x: number; y: number },
): { node: LaidNode; part: 'toggle' | 'card' } | null {
  for (let i = layout.nodes.length - 1; i >= 0; i--) {
    const node = layout.nodes[i]!;
    if (node.hasChildren) {
      const toggle = togglePoint(node, layout.orientation);
      if (Math.hypot(point.x - toggle.x, point.y - toggle.y) <= TOGGLE_RADIUS + 2) return { node, part: 'toggle' };
    }
    if (point.x >= node.x && point.x <= node.x + CARD.width && point.y >= node.y && point.y <= node.y + CARD.height)
      return { node, part: 'card' };
  }
  return null;
}

/** The nodes whose cards (with their toggles) meet a box, for drawing only what is on screen. */
export function nodesIn(layout: ChartLayout, box: Bounds): LaidNode[] {
  const margin = TOGGLE_RADIUS;
  return layout.nodes.filter(
    (node) =>
      node.x + CARD.width + margin >= box.x0 &&
      node.x - margin <= box.x1 &&
      node.y + CARD.height + margin >= box.y0 &&
      node.y - margin <= box.y1,
  );
}

/**
 * The scale and offset that fit `bounds` in a `width` × `height` viewport with `padding` around it,
 * never magnifying beyond `maxScale`.
 */
export function fitTransform(
  bounds: Bounds,
  width: number,
  height: number,
  { padding = 32, maxScale = 1, minScale = 0.02 } = {},
): { x: number; y: number; k: number } {
  const w = Math.max(1, bounds.x1 - bounds.x0);
  const h = Math.max(1, bounds.y1 - bounds.y0);
  const k = Math.max(minScale, Math.min(maxScale, (width - 2 * padding) / w, (height - 2 * padding) / h));
  return { k, x: width / 2 - k * (bounds.x0 + w / 2), y: height / 2 - k * (bounds.y0 + h / 2) };
}
