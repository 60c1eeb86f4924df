import { infiniteQueryOptions, queryOptions, type InfiniteData } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import type { ContentKind, ContentStatus } from './rules';

/** Items per page of the list ("Load more" asks for the next). */
export const CONTENT_PAGE = 50;

/** The list's filters, as the address keeps them. */
export type ContentFilters = { kind?: ContentKind; status?: ContentStatus; q?: string };

async function fetchItems(filters: ContentFilters, offset: number, signal: AbortSignal) {
  return unwrap(
    api.GET('/content-items', {
      params: { query: { ...filters, q: filters.q?.trim() || undefined, limit: CONTENT_PAGE, offset } },
      signal,
    }),
  );
}

async function fetchItem(itemId: string, signal: AbortSignal) {
  return unwrap(api.GET('/content-items/{itemId}', { params: { path: { itemId } }, signal }));
}

async function fetchKeys(signal: AbortSignal) {
  return unwrap(api.GET('/content-keys', { signal }));
}

/** A row of the list: everything but the body. */
export type ContentItemSummary = Awaited<ReturnType<typeof fetchItems>>[number];
/** One item with its Markdown body. */
export type ContentItem = Awaited<ReturnType<typeof fetchItem>>;
/** A content key (`cak_…`): never its secret. */
export type ContentKey = Awaited<ReturnType<typeof fetchKeys>>[number];
export type ContentPages = InfiniteData<ContentItemSummary[], number>;

export const contentQueries = {
  all: ['content'] as const,
  /** Every list, whatever its filters. */
  lists: () => [...contentQueries.all, 'list'] as const,
  /** Items matching the filters, newest change first, page by page (a short page is the last). */
  list: (filters: ContentFilters) =>
    infiniteQueryOptions({
      queryKey: [...contentQueries.lists(), filters] as const,
      queryFn: ({ pageParam, signal }) => fetchItems(filters, pageParam, signal),
      initialPageParam: 0,
      getNextPageParam: (page, pages) =>
        page.length < CONTENT_PAGE ? undefined : pages.reduce((sum, each) => sum + each.length, 0),
    }),
  detail: (itemId: string) =>
    queryOptions({
      queryKey: [...contentQueries.all, 'item', itemId] as const,
      queryFn: ({ signal }) => fetchItem(itemId, signal),
    }),
  /** The company's content keys, revoked ones included (admins only). */
  keys: () =>
    queryOptions({
      queryKey: [...contentQueries.all, 'keys'] as const,
      queryFn: ({ signal }) => fetchKeys(signal),
    }),
};
