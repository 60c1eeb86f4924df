import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import { notificationQueries } from './queries';
import type { InboxFilter, Notification, NotificationsChange } from './types';

/** One inbox list as cached: pages of notifications, newest first. */
export type ListData = InfiniteData<Notification[], number>;

/** Whether a notification is shown under a filter (snoozed ones only under "Snoozed"). */
export function belongsIn(filter: InboxFilter, notification: Notification): boolean {
  if (filter === 'snoozed') return notification.snoozedUntil !== null;
  if (notification.snoozedUntil !== null) return false;
  return filter === 'all' || notification.readAt === null;
}

/**
 * A new notification at the top of a list where it belongs (once: a list read after it was
 * created already holds it, and then it is replaced by the newer copy).
 */
export function prependNotification(
  data: ListData | undefined,
  filter: InboxFilter,
  notification: Notification,
): ListData | undefined {
  if (!data || !belongsIn(filter, notification)) return data;
  const held = data.pages.some((page) => page.some((item) => item.id === notification.id));
  if (held)
    return {
      ...data,
      pages: data.pages.map((page) => page.map((item) => (item.id === notification.id ? notification : item))),
    };
  const [first = [], ...rest] = data.pages;
  return { ...data, pages: [[notification, ...first], ...rest] };
}

/** Whether a change names this notification: by id, or "everything up to `before`" (mark all read). */
export function isConcerned(change: NotificationsChange, notification: Notification): boolean {
  if (change.ids.includes(notification.id)) return true;
  return change.before !== undefined && Date.parse(notification.createdAt) <= Date.parse(change.before);
}

/**
 * A change of read or snooze state applied to one cached list. Answers the list as it now is and
 * whether it must be read again: notifications that should appear in it (marked unread again,
 * snoozed into "Snoozed", back from a snooze) are not in the cache, so only the server can say
 * where they go. Rows marked read stay where they are, also under "Unread", so nothing moves
 * under the reader's eyes; they leave that tab the next time it is read.
 */
export function applyChange(
  data: ListData | undefined,
  filter: InboxFilter,
  change: NotificationsChange,
  at: string,
): { data: ListData | undefined; stale: boolean } {
  if (!data) return { data, stale: false };
  const map = (update: (item: Notification) => Notification) => ({
    ...data,
    pages: data.pages.map((page) => page.map((item) => (isConcerned(change, item) ? update(item) : item))),
  });
  const remove = () => ({
    ...data,
    pages: data.pages.map((page) => page.filter((item) => !isConcerned(change, item))),
  });
  const holds = (id: string) => data.pages.some((page) => page.some((item) => item.id === id));
  switch (change.state) {
    case 'read':
      return { data: map((item) => (item.readAt === null ? { ...item, readAt: at } : item)), stale: false };
    case 'unread':
      return {
        data: map((item) => ({ ...item, readAt: null })),
        stale: filter === 'unread' && change.ids.some((id) => !holds(id)),
      };
    case 'snoozed':
      return filter === 'snoozed' ? { data, stale: true } : { data: remove(), stale: false };
    case 'woken':
      return filter === 'snoozed' ? { data: remove(), stale: false } : { data, stale: true };
  }
}

/** The cached lists' entries, to put back if the server refuses an optimistic change. */
export type ListsSnapshot = [QueryKey, ListData | undefined][];

export function snapshotLists(queryClient: QueryClient): ListsSnapshot {
  return queryClient.getQueriesData<ListData>({ queryKey: notificationQueries.lists() });
}

export function restoreLists(queryClient: QueryClient, snapshot: ListsSnapshot) {
  for (const [key, data] of snapshot) queryClient.setQueryData(key, data);
}

const filterOf = (key: QueryKey) => key[2] as InboxFilter;

/**
 * Applies a read or snooze change to every cached list. A change heard from elsewhere has already
 * happened on the server: lists that now miss something (or were being read while it happened,
 * so their answer may predate it) are read again at once. An optimistic change of this tab's own
 * (`refetch: false`) answers those lists' keys instead, to read once the server has answered.
 */
export function changeLists(
  queryClient: QueryClient,
  change: NotificationsChange,
  { at = new Date().toISOString(), refetch = true }: { at?: string; refetch?: boolean } = {},
): QueryKey[] {
  const stale: QueryKey[] = [];
  for (const [key, data] of snapshotLists(queryClient)) {
    const next = applyChange(data, filterOf(key), change, at);
    queryClient.setQueryData(key, next.data);
    if (next.stale || queryClient.isFetching({ queryKey: key, exact: true }) > 0) stale.push(key);
  }
  if (refetch) refetchLists(queryClient, stale);
  return stale;
}

/** Reads these lists again (where they are still cached). */
export function refetchLists(queryClient: QueryClient, keys: QueryKey[]) {
  for (const key of keys) void queryClient.invalidateQueries({ queryKey: key, exact: true });
}

/** Puts a new notification at the top of every cached list it belongs in. */
export function addToLists(queryClient: QueryClient, notification: Notification) {
  for (const [key, data] of snapshotLists(queryClient)) {
    queryClient.setQueryData(key, prependNotification(data, filterOf(key), notification));
    if (queryClient.isFetching({ queryKey: key, exact: true }) > 0)
      void queryClient.invalidateQueries({ queryKey: key, exact: true });
  }
}

/**
 * The unread count as the server last said it. A read of the count under way may answer with
 * the number before this change: it gives way.
 */
export function setUnreadCount(queryClient: QueryClient, count: number) {
  const key = notificationQueries.count().queryKey;
  void queryClient.cancelQueries({ queryKey: key, exact: true }).then(() => queryClient.setQueryData(key, count));
}
