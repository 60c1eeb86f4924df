import type { ChartNode } from './types';
import type { ChartIndex } from './chart-model';

/** One row of the outline: a node at its level, with its place among its siblings. */
export type OutlineRow = {
  key: string;
  node: ChartNode;
  level: number;
  /** 1-based position among its siblings, and how many siblings there are (aria-posinset/-setsize). */
  position: number;
  siblings: number;
  expanded: boolean;
  parentKey: string | null;
};

/** The rows of the outline, depth first, leaving out what is below a collapsed node. */
export function outlineRows(index: ChartIndex, collapsed: ReadonlySet<string>): OutlineRow[] {
  const rows: OutlineRow[] = [];
  const stack: { node: ChartNode; level: number; position: number; siblings: number; parentKey: string | null }[] = [];
  const push = (nodes: ChartNode[], level: number, parentKey: string | null) => {
    for (let i = nodes.length - 1; i >= 0; i--)
      stack.push({ node: nodes[i]!, level, position: i + 1, siblings: nodes.length, parentKey });
  };
  push(index.tops, 1, null);
  const seen = new Set<string>();
  while (stack.length) {
    const { node, level, position, siblings, parentKey } = stack.pop()!;
    if (seen.has(node.key)) continue;
    seen.add(node.key);
    const expanded = node.children.length > 0 && !collapsed.has(node.key);
    rows.push({ key: node.key, node, level, position, siblings, expanded, parentKey });
    if (expanded) push(node.children, level + 1, node.key);
  }
  return rows;
}
