import type { QueryClient } from '@tanstack/react-query';
import type { FileNode } from '@/api';
import { fileQueries, type FileListPages, type FileOrder, type FileSort } from './queries';

/** The sort key of a node as the server orders it (`lower(name)`, epoch time, size with -1 for folders). */
function keyOf(node: FileNode, sort: FileSort): string | number {
  if (sort === 'updatedAt') return new Date(node.updatedAt).getTime();
  if (sort === 'size') return node.fileSize ?? -1;
  return node.name.toLowerCase();
}

/**
 * The server's order of a folder's children: folders first, then files, each by the sort key in
 * the order asked, ties by id. (Names compare by code point like the server's `lower(name)`.)
 */
export function compareNodes(a: FileNode, b: FileNode, sort: FileSort, order: FileOrder): number {
  if (a.type !== b.type) return a.type === 'folder' ? -1 : 1;
  const ka = keyOf(a, sort);
  const kb = keyOf(b, sort);
  const by = ka < kb ? -1 : ka > kb ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  return order === 'asc' ? by : -by;
}

/** The listing without the nodes of `ids`. */
export function withoutNodes(data: FileListPages, ids: ReadonlySet<string>): FileListPages {
  if (!data.pages.some((page) => page.nodes.some((node) => ids.has(node.id)))) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, nodes: page.nodes.filter((n) => !ids.has(n.id)) })) };
}

/**
 * The listing with `node` in its place: replaced where it was (moved if its sort key changed), or
 * inserted where the order puts it. A node that sorts after everything loaded while more pages
 * remain is left out: it arrives with its page.
 */
export function withNode(data: FileListPages, node: FileNode, sort: FileSort, order: FileOrder): FileListPages {
  const without = withoutNodes(data, new Set([node.id]));
  const pages = without.pages;
  const lastPage = pages.at(-1);
  for (let p = 0; p < pages.length; p++) {
    const page = pages[p]!;
    const at = page.nodes.findIndex((other) => compareNodes(node, other, sort, order) < 0);
    const isLast = p === pages.length - 1;
    if (at === -1 && !isLast) continue;
    if (at === -1 && lastPage?.nextCursor) return without;
    const nodes = [...page.nodes];
    nodes.splice(at === -1 ? nodes.length : at, 0, node);
    return { ...without, pages: pages.map((old, index) => (index === p ? { ...old, nodes } : old)) };
  }
  return without;
}

/** Applies `change` to every cached listing of a folder, whatever its order. */
export function patchFolderLists(
  queryClient: QueryClient,
  parentId: string | null,
  change: (data: FileListPages, sort: FileSort, order: FileOrder) => FileListPages,
) {
  for (const [queryKey, data] of queryClient.getQueriesData<FileListPages>({
    queryKey: fileQueries.folderLists(parentId),
  })) {
    if (!data) continue;
    const [, , , sort, order] = queryKey as [string, string, string, FileSort, FileOrder];
    queryClient.setQueryData<FileListPages>(queryKey, change(data, sort, order));
  }
}

/** Shows `node` in its folder's listings (new, restored, renamed or moved there). */
export function putNode(queryClient: QueryClient, node: FileNode) {
  patchFolderLists(queryClient, node.parentId, (data, sort, order) => withNode(data, node, sort, order));
  // The node's own detail (a folder's name in its breadcrumbs) follows.
  queryClient.setQueryData(fileQueries.node(node.id).queryKey, (detail) => (detail ? { ...detail, node } : detail));
}

/** Takes nodes out of a folder's listings (deleted, or moved elsewhere). */
export function dropNodes(queryClient: QueryClient, parentId: string | null, ids: Iterable<string>) {
  const set = new Set(ids);
  patchFolderLists(queryClient, parentId, (data) => withoutNodes(data, set));
}

/** Every node loaded in a folder's listings, by id (to find what a selection or an event names). */
export function findLoadedNode(queryClient: QueryClient, id: string): FileNode | undefined {
  for (const [, data] of queryClient.getQueriesData<FileListPages>({ queryKey: [...fileQueries.all, 'list'] })) {
    for (const page of data?.pages ?? []) {
      const found = page.nodes.find((node) => node.id === id);
      if (found) return found;
    }
  }
  return undefined;
}
