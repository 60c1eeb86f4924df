import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import type { InboxFilter, Notification, NotificationMute } from './types';

/** Notifications per page (the server's default). */
export const INBOX_PAGE = 50;

/** Offset paging: a short page is the last one; the next starts after everything held. */
function nextOffset(page: Notification[], pages: Notification[][]): number | undefined {
  return page.length < INBOX_PAGE ? undefined : pages.reduce((count, held) => count + held.length, 0);
}

/**
 * The notifications feature's key factory, under `['notifications']`: the unread count (`count`,
 * the badge and the title), each inbox list (`['notifications', 'list', filter]`, newest first,
 * page by page) and the person's mutes (`mutes`). Live events patch all of them (see `live.ts`).
 */
export const notificationQueries = {
  all: ['notifications'] as const,
  /** Unread and not snoozed. */
  count: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'count'] as const,
      queryFn: async ({ signal }): Promise<number> =>
        (await unwrap(api.GET('/notifications/unread-count', { signal }))).count,
    }),
  /** Every list, whatever its filter. */
  lists: () => [...notificationQueries.all, 'list'] as const,
  /** One tab of the inbox, newest first. */
  list: (filter: InboxFilter) =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.lists(), filter] as const,
      queryFn: ({ pageParam, signal }): Promise<Notification[]> =>
        unwrap(
          api.GET('/notifications', {
            params: { query: { filter, limit: INBOX_PAGE, offset: pageParam } },
            signal,
          }),
        ),
      initialPageParam: 0,
      getNextPageParam: nextOffset,
    }),
  /** What the person muted, newest first. */
  mutes: () =>
    queryOptions({
      queryKey: [...notificationQueries.all, 'mutes'] as const,
      queryFn: ({ signal }): Promise<NotificationMute[]> => unwrap(api.GET('/notifications/mutes', { signal })),
    }),
};

/** Notifications of offset pages, once each (a page read while new ones arrived may repeat one). */
export function uniqueById(pages: Notification[][] | undefined): Notification[] {
  if (!pages) return [];
  const seen = new Set<string>();
  return pages.flat().filter((item) => !seen.has(item.id) && Boolean(seen.add(item.id)));
}
