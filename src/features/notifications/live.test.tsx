import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as api from '@/api';
import { applyChange, type ListData, prependNotification } from './cache';
import { useNotificationsLive } from './live';
import { notificationQueries, uniqueById } from './queries';
import { at, testNotification } from './test-notification';
import type { Notification } from './types';

/** The handlers the hook subscribed, by event type, so a test can play the live stream. */
const handlers = new Map<string, (event: { id: string; event: string; data: unknown }) => void>();
const resyncs = new Set<() => void>();

vi.mock('@/api', async (importOriginal) => ({
  ...(await importOriginal<typeof api>()),
  onLiveEvent: (type: string, handler: (event: { id: string; event: string; data: unknown }) => void) => {
    handlers.set(type, handler);
    return () => handlers.delete(type);
  },
  onLiveResync: (handler: () => void) => {
    resyncs.add(handler);
    return () => resyncs.delete(handler);
  },
}));

function play(event: string, data: unknown) {
  const handler = handlers.get(event);
  if (!handler) throw new Error(`nothing listens to ${event}`);
  handler({ id: '1', event, data });
}

const pages = (...items: Notification[][]): ListData => ({ pages: items, pageParams: items.map((_, i) => i * 50) });
const ids = (data: ListData | undefined) => uniqueById(data?.pages).map((item) => item.id);

describe('the live reducer', () => {
  it('puts a new notification on top of the lists it belongs in, once', () => {
    const old = testNotification({ createdAt: at(1) });
    const fresh = testNotification({ createdAt: at(2) });
    const list = pages([old]);
    const once = prependNotification(list, 'all', fresh);
    expect(ids(once)).toEqual([fresh.id, old.id]);
    expect(ids(prependNotification(once, 'all', { ...fresh, snippet: 'edited' }))).toEqual([fresh.id, old.id]);
    expect(ids(prependNotification(list, 'unread', fresh))).toEqual([fresh.id, old.id]);
    expect(ids(prependNotification(list, 'snoozed', fresh))).toEqual([old.id]);
    expect(prependNotification(undefined, 'all', fresh)).toBeUndefined();
  });

  it('marks read by ids or "everything up to before", keeping rows in place', () => {
    const a = testNotification({ createdAt: at(1) });
    const b = testNotification({ createdAt: at(2) });
    const c = testNotification({ createdAt: at(3) });
    const list = pages([c, b], [a]);
    const byIds = applyChange(list, 'unread', { state: 'read', ids: [b.id] }, at(9));
    expect(byIds.stale).toBe(false);
    expect(uniqueById(byIds.data?.pages).map((item) => item.readAt)).toEqual([null, at(9), null]);
    const allBefore = applyChange(list, 'all', { state: 'read', ids: [], before: b.createdAt }, at(9));
    expect(uniqueById(allBefore.data?.pages).map((item) => item.readAt)).toEqual([null, at(9), at(9)]);
  });

  it('marks unread again, and reads Unread again when one it does not hold comes back', () => {
    const a = testNotification({ readAt: at(5) });
    const list = pages([a]);
    const held = applyChange(list, 'unread', { state: 'unread', ids: [a.id] }, at(9));
    expect(held.stale).toBe(false);
    expect(held.data?.pages[0]![0]!.readAt).toBeNull();
    expect(applyChange(pages([]), 'unread', { state: 'unread', ids: [a.id] }, at(9)).stale).toBe(true);
    expect(applyChange(pages([]), 'all', { state: 'unread', ids: [a.id] }, at(9)).stale).toBe(false);
  });

  it('snoozed ones leave All and Unread and are read into Snoozed; woken ones the other way round', () => {
    const a = testNotification();
    const b = testNotification();
    const snoozed = applyChange(pages([a, b]), 'all', { state: 'snoozed', ids: [a.id] }, at(9));
    expect(ids(snoozed.data)).toEqual([b.id]);
    expect(snoozed.stale).toBe(false);
    expect(applyChange(pages([]), 'snoozed', { state: 'snoozed', ids: [a.id] }, at(9)).stale).toBe(true);
    const woken = applyChange(
      pages([{ ...a, snoozedUntil: at(60) }]),
      'snoozed',
      { state: 'woken', ids: [a.id] },
      at(9),
    );
    expect(ids(woken.data)).toEqual([]);
    expect(applyChange(pages([b]), 'unread', { state: 'woken', ids: [a.id] }, at(9)).stale).toBe(true);
  });
});

describe('useNotificationsLive', () => {
  let queryClient: QueryClient;
  const countKey = notificationQueries.count().queryKey;
  const allKey = notificationQueries.list('all').queryKey;
  const unreadKey = notificationQueries.list('unread').queryKey;
  const snoozedKey = notificationQueries.list('snoozed').queryKey;

  beforeEach(() => {
    handlers.clear();
    resyncs.clear();
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    renderHook(() => useNotificationsLive(), { wrapper });
  });

  it('notification.created: the count from the event, the notification on top of All and Unread', async () => {
    const old = testNotification({ createdAt: at(1) });
    queryClient.setQueryData(countKey, 1);
    queryClient.setQueryData(allKey, pages([old]));
    queryClient.setQueryData(unreadKey, pages([old]));
    queryClient.setQueryData(snoozedKey, pages([]));
    const fresh = testNotification({ createdAt: at(2) });
    play('notification.created', { notification: fresh, unreadCount: 2 });
    await waitFor(() => expect(queryClient.getQueryData(countKey)).toBe(2));
    expect(ids(queryClient.getQueryData(allKey))).toEqual([fresh.id, old.id]);
    expect(ids(queryClient.getQueryData(unreadKey))).toEqual([fresh.id, old.id]);
    expect(ids(queryClient.getQueryData(snoozedKey))).toEqual([]);
  });

  it('notifications.changed: mark all read elsewhere sets the count and reads every row up to before', async () => {
    const a = testNotification({ createdAt: at(1) });
    const b = testNotification({ createdAt: at(2) });
    queryClient.setQueryData(countKey, 2);
    queryClient.setQueryData(allKey, pages([b, a]));
    play('notifications.changed', { state: 'read', ids: [], before: b.createdAt, unreadCount: 0 });
    await waitFor(() => expect(queryClient.getQueryData(countKey)).toBe(0));
    const rows = uniqueById(queryClient.getQueryData<ListData>(allKey)?.pages);
    expect(rows.every((row) => row.readAt !== null)).toBe(true);
  });

  it('notifications.changed: a list that now misses something is read again; a resync reads everything', async () => {
    const a = testNotification();
    queryClient.setQueryData(countKey, 0);
    queryClient.setQueryData(snoozedKey, pages([]));
    queryClient.setQueryData(allKey, pages([a]));
    play('notifications.changed', { state: 'snoozed', ids: [a.id], unreadCount: 0 });
    expect(queryClient.getQueryState(snoozedKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(allKey)?.isInvalidated).toBe(false);
    expect(ids(queryClient.getQueryData(allKey))).toEqual([]);
    for (const resync of resyncs) resync();
    expect(queryClient.getQueryState(allKey)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(countKey)?.isInvalidated).toBe(true);
  });
});
