import type { WikiPageSummary } from '@/api';

/** A page as the tree shows it: flattened in reading order, with its depth and place. */
export type TreeRow = {
  page: WikiPageSummary;
  depth: number;
  /** Its place among its siblings, 0-based, and how many siblings there are (itself included). */
  index: number;
  count: number;
  hasChildren: boolean;
};

/** The children of each page (`null`: the top level), each list in position order. */
export function childrenOf(pages: readonly WikiPageSummary[]): Map<string | null, WikiPageSummary[]> {
  const map = new Map<string | null, WikiPageSummary[]>();
  const ids = new Set(pages.map((page) => page.id));
  for (const page of pages) {
    // A page whose parent is not in the list (archived, or not yet known) shows at the top.
    const parent = page.parentId && ids.has(page.parentId) ? page.parentId : null;
    let list = map.get(parent);
    if (!list) map.set(parent, (list = []));
    list.push(page);
  }
  for (const list of map.values()) list.sort((a, b) => a.position - b.position || a.title.localeCompare(b.title));
  return map;
}

/**
 * The rows shown, in reading order: children follow their parent unless it is collapsed; `skip`
 * leaves a page out with everything under it (the page being dragged).
 */
export function flattenTree(
  pages: readonly WikiPageSummary[],
  collapsed: ReadonlySet<string> = new Set(),
  skip?: string,
): TreeRow[] {
  const children = childrenOf(pages);
  const rows: TreeRow[] = [];
  const visit = (parent: string | null, depth: number) => {
    const list = children.get(parent) ?? [];
    list.forEach((page, index) => {
      if (page.id === skip) return;
      const kids = children.get(page.id) ?? [];
      rows.push({ page, depth, index, count: list.length, hasChildren: kids.length > 0 });
      if (!collapsed.has(page.id)) visit(page.id, depth + 1);
    });
  };
  visit(null, 0);
  return rows;
}

/** The first page in reading order (the wiki's landing page), if any. */
export function firstPage(pages: readonly WikiPageSummary[]): WikiPageSummary | undefined {
  return childrenOf(pages).get(null)?.[0];
}

/** The pages above `pageId`, from the top down (not including it). */
export function ancestorsOf(pages: readonly WikiPageSummary[], pageId: string): WikiPageSummary[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const chain: WikiPageSummary[] = [];
  let current = byId.get(pageId)?.parentId;
  while (current && !chain.some((page) => page.id === current)) {
    const page = byId.get(current);
    if (!page) break;
    chain.unshift(page);
    current = page.parentId;
  }
  return chain;
}

/** `pageId` and every page under it. */
export function subtreeOf(pages: readonly WikiPageSummary[], pageId: string): Set<string> {
  const children = childrenOf(pages);
  const ids = new Set<string>();
  const visit = (id: string) => {
    ids.add(id);
    for (const child of children.get(id) ?? []) visit(child.id);
  };
  visit(pageId);
  return ids;
}

/**
 * The tree after moving `pageId` under `parentId` at `position` among its new siblings, with
 * dense positions everywhere (what the server answers): the optimistic picture of a move.
 */
export function movePage(
  pages: readonly WikiPageSummary[],
  pageId: string,
  parentId: string | null,
  position: number,
): WikiPageSummary[] {
  const moving = pages.find((page) => page.id === pageId);
  if (!moving) return [...pages];
  // Grouped by the parent each page names (the top level's orphans rule is for showing only).
  const children = new Map<string | null, WikiPageSummary[]>();
  for (const page of pages) {
    if (page.id === pageId) continue;
    let list = children.get(page.parentId);
    if (!list) children.set(page.parentId, (list = []));
    list.push(page);
  }
  for (const list of children.values()) list.sort((a, b) => a.position - b.position);
  const siblings = [...(children.get(parentId) ?? [])];
  siblings.splice(Math.max(0, Math.min(position, siblings.length)), 0, { ...moving, parentId });
  children.set(parentId, siblings);
  const placed = new Map<string, WikiPageSummary>();
  for (const [parent, list] of children)
    list.forEach((page, index) => placed.set(page.id, { ...page, parentId: parent, position: index }));
  return pages.map((page) => placed.get(page.id) ?? page);
}

export type MoveTarget = { parentId: string | null; position: number };

/**
 * Where the keyboard moves put a page: up or down among its siblings, into the end of the
 * sibling above (indent), or out to just after its parent (outdent). `null` when it cannot go.
 */
export function stepTarget(
  pages: readonly WikiPageSummary[],
  pageId: string,
  step: 'up' | 'down' | 'indent' | 'outdent',
): MoveTarget | null {
  const page = pages.find((item) => item.id === pageId);
  if (!page) return null;
  const children = childrenOf(pages);
  const parentId = page.parentId && pages.some((item) => item.id === page.parentId) ? page.parentId : null;
  const siblings = children.get(parentId) ?? [];
  const index = siblings.findIndex((item) => item.id === pageId);
  switch (step) {
    case 'up':
      return index > 0 ? { parentId, position: index - 1 } : null;
    case 'down':
      return index < siblings.length - 1 ? { parentId, position: index + 1 } : null;
    case 'indent': {
      const above = siblings[index - 1];
      return above ? { parentId: above.id, position: (children.get(above.id) ?? []).length } : null;
    }
    case 'outdent': {
      if (!parentId) return null;
      const parent = pages.find((item) => item.id === parentId)!;
      const grand = parent.parentId && pages.some((item) => item.id === parent.parentId) ? parent.parentId : null;
      const parentIndex = (children.get(grand) ?? []).findIndex((item) => item.id === parentId);
      return { parentId: grand, position: parentIndex + 1 };
    }
  }
}

/**
 * Where a dragged row lands: the row order as dropped (`rows`, the dragged page at `index`) and
 * the depth asked for by the pointer's sideways offset, kept within what the neighbours allow
 * (at most one deeper than the row above, at least as deep as the row below).
 */
export function projectDrop(
  rows: readonly TreeRow[],
  activeId: string,
  overIndex: number,
  wantedDepth: number,
): { depth: number; parentId: string | null; position: number } {
  const others = rows.filter((row) => row.page.id !== activeId);
  const index = Math.max(0, Math.min(overIndex, others.length));
  const above = others[index - 1];
  const below = others[index];
  const maxDepth = above ? above.depth + 1 : 0;
  const minDepth = below ? below.depth : 0;
  const depth = Math.max(minDepth, Math.min(maxDepth, wantedDepth));
  // The parent: the nearest row above at depth - 1.
  let parentId: string | null = null;
  let parentRow = -1;
  if (depth > 0) {
    for (let i = index - 1; i >= 0; i--) {
      if (others[i]!.depth === depth - 1) {
        parentId = others[i]!.page.id;
        parentRow = i;
        break;
      }
    }
  }
  // The position: siblings (same parent, same depth) between the parent and the drop point.
  let position = 0;
  for (let i = parentRow + 1; i < index; i++) if (others[i]!.depth === depth) position++;
  return { depth, parentId, position };
}
