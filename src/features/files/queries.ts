import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap, type FileList } from '@/api';

/** How the children of a folder are ordered (the server's `sort` and `order`). */
export type FileSort = 'name' | 'updatedAt' | 'size';
export type FileOrder = 'asc' | 'desc';
/** A folder's id, or `'root'` for the drive's top level. */
export type FolderKey = string;

/** Rows per page: enough to fill a tall window twice, small enough to answer quickly. */
export const PAGE_SIZE = 200;

export const folderKey = (parentId: string | null | undefined): FolderKey => parentId ?? 'root';

/** The cached pages of one folder listing. */
export type FileListPages = InfiniteData<FileList, string | null>;

export const fileQueries = {
  /** Everything of the drive. */
  all: ['files'] as const,
  /** Every listing of one folder, whatever its sort (`['files', 'list', parentId ?? 'root']`). */
  folderLists: (parentId: string | null | undefined) => [...fileQueries.all, 'list', folderKey(parentId)] as const,
  /** A folder's children in one order, page by page (keyset pages: `nextCursor`). */
  list: (parentId: string | null | undefined, sort: FileSort = 'name', order: FileOrder = 'asc') =>
    infiniteQueryOptions({
      queryKey: [...fileQueries.folderLists(parentId), sort, order] as const,
      queryFn: ({ pageParam, signal }) =>
        unwrap(
          api.GET('/client/files', {
            params: {
              query: {
                parentId: parentId ?? undefined,
                sort,
                order,
                limit: PAGE_SIZE,
                cursor: pageParam ?? undefined,
              },
            },
            signal,
          }),
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      // Live events keep listings fresh while the page is open.
      staleTime: 30_000,
    }),
  /** One node with the folders above it (breadcrumbs). */
  node: (id: string) =>
    queryOptions({
      queryKey: [...fileQueries.all, 'node', id] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/client/files/{nodeId}', { params: { path: { nodeId: id } }, signal })),
      staleTime: 30_000,
    }),
  /** Bytes used and the quota. */
  usage: () =>
    queryOptions({
      queryKey: [...fileQueries.all, 'usage'] as const,
      queryFn: ({ signal }) => unwrap(api.GET('/client/files/usage', { signal })),
      staleTime: 30_000,
    }),
  /** Deleted nodes, newest first. */
  trash: () =>
    queryOptions({
      queryKey: [...fileQueries.all, 'trash'] as const,
      queryFn: async ({ signal }) =>
        (await unwrap(api.GET('/client/files/trash', { params: { query: { limit: 500 } }, signal }))).nodes,
    }),
};

/** A signed URL that shows a file inline (thumbnails), reused until shortly before it expires. */
export const inlineUrlQuery = (nodeId: string) =>
  queryOptions({
    queryKey: [...fileQueries.all, 'inline-url', nodeId] as const,
    queryFn: ({ signal }) =>
      unwrap(
        api.GET('/client/files/{nodeId}/download-url', {
          params: { path: { nodeId }, query: { inline: 'true' } },
          signal,
        }),
      ),
    // The server's URLs last an hour; a thumbnail asks again after half of it.
    staleTime: 30 * 60_000,
    gcTime: 30 * 60_000,
  });
