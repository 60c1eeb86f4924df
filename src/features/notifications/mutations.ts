import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api, errorMessage, unwrap } from '@/api';
import { toast } from '@/ui';
import { changeLists, refetchLists, restoreLists, setUnreadCount, snapshotLists, type ListsSnapshot } from './cache';
import { groupTitle, thingKindLabel } from './present';
import { notificationQueries } from './queries';
import type { Notification, NotificationMute, NotificationsChange, ThingKind } from './types';

/** The server takes at most this many ids in one request. */
const MAX_IDS = 200;

type Saved = { lists: ListsSnapshot; count: number | undefined; stale: QueryKey[] };

/**
 * The optimistic side of a read or snooze change: the lists and the count change at once, and
 * what they were is kept to put back if the server refuses.
 */
async function applyLocally(
  queryClient: QueryClient,
  change: NotificationsChange,
  count: (previous: number) => number,
): Promise<Saved> {
  const countKey = notificationQueries.count().queryKey;
  await Promise.all([
    queryClient.cancelQueries({ queryKey: notificationQueries.lists() }),
    queryClient.cancelQueries({ queryKey: countKey, exact: true }),
  ]);
  const saved = { lists: snapshotLists(queryClient), count: queryClient.getQueryData<number>(countKey) };
  const stale = changeLists(queryClient, change, { refetch: false });
  if (saved.count !== undefined) queryClient.setQueryData(countKey, Math.max(0, count(saved.count)));
  return { ...saved, stale };
}

function putBack(queryClient: QueryClient, saved: Saved | undefined) {
  if (!saved) return;
  restoreLists(queryClient, saved.lists);
  if (saved.count !== undefined) queryClient.setQueryData(notificationQueries.count().queryKey, saved.count);
}

const isUnread = (notification: Notification) => notification.readAt === null && notification.snoozedUntil === null;

/**
 * Marks notifications read (or unread again): shown at once, with the count; the server's count
 * replaces the guess; a refusal puts everything back and says why. Other tabs and devices hear of
 * it from the server.
 */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ notifications, read }: { notifications: Notification[]; read: boolean }) => {
      const ids = notifications.map((notification) => notification.id);
      let result = { updated: 0, unreadCount: 0 };
      for (let start = 0; start < ids.length; start += MAX_IDS) {
        const answer = await unwrap(
          api.POST('/notifications/read', { body: { ids: ids.slice(start, start + MAX_IDS), read } }),
        );
        result = { updated: result.updated + answer.updated, unreadCount: answer.unreadCount };
      }
      return result;
    },
    onMutate: ({ notifications, read }) => {
      const changing = notifications.filter((item) => (read ? isUnread(item) : item.readAt !== null));
      return applyLocally(
        queryClient,
        { state: read ? 'read' : 'unread', ids: notifications.map((item) => item.id) },
        (previous) => previous + (read ? -changing.length : changing.filter((item) => !item.snoozedUntil).length),
      );
    },
    onSuccess: ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
    onError: (error, { notifications, read }, saved) => {
      putBack(queryClient, saved);
      const what = notifications.length === 1 ? 'it' : `${notifications.length} notifications`;
      toast('error', `Could not mark ${what} ${read ? 'read' : 'unread'}`, errorMessage(error));
    },
    onSettled: (_result, _error, _variables, saved) => refetchLists(queryClient, saved?.stale ?? []),
  });
}

/**
 * "Mark all read": everything created up to the newest notification the inbox shows (`before`),
 * so one that arrives meanwhile stays unread.
 */
export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (before: string) => unwrap(api.POST('/notifications/read', { body: { before, read: true } })),
    onMutate: (before) => applyLocally(queryClient, { state: 'read', ids: [], before }, () => 0),
    onSuccess: ({ unreadCount }) => setUnreadCount(queryClient, unreadCount),
    onError: (error, _before, saved) => {
      putBack(queryClient, saved);
      toast('error', 'Could not mark all read', errorMessage(error));
    },
    onSettled: (_result, _error, _before, saved) => refetchLists(queryClient, saved?.stale ?? []),
  });
}

/**
 * Snoozes a notification until a time (it leaves the inbox and the count, and comes back unread
 * then), or brings a snoozed one back now (`until: null`).
 */
export function useSnooze() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ notification, until }: { notification: Notification; until: string | null }) =>
      unwrap(
        api.PATCH('/notifications/{notificationId}', {
          params: { path: { notificationId: notification.id } },
          body: { snoozedUntil: until },
        }),
      ),
    onMutate: ({ notification, until }) =>
      applyLocally(
        queryClient,
        { state: until ? 'snoozed' : 'woken', ids: [notification.id] },
        (previous) => previous + (until ? (isUnread(notification) ? -1 : 0) : notification.readAt === null ? 1 : 0),
      ),
    onError: (error, { until }, saved) => {
      putBack(queryClient, saved);
      toast('error', until ? 'Could not snooze it' : 'Could not bring it back', errorMessage(error));
    },
    onSettled: (_result, _error, _variables, saved) => {
      refetchLists(queryClient, saved?.stale ?? []);
      // The count for the notification as the server now has it.
      void queryClient.invalidateQueries({ queryKey: notificationQueries.count().queryKey });
    },
  });
}

/** What a mute names: a card, wiki page, agent session or file. */
export type MuteTarget = {
  kind: Exclude<ThingKind, 'credits'>;
  thingId: string;
  title: string;
  link: Notification['link'];
};

/**
 * Mutes a thing (no new notifications about it, except mentions) or unmutes it: shown at once,
 * put back with the server's message if refused.
 */
export function useToggleMute() {
  const queryClient = useQueryClient();
  const key = notificationQueries.mutes().queryKey;
  return useMutation({
    mutationFn: async ({ target, mute }: { target: MuteTarget; mute: boolean }) => {
      const params = { path: { thingKind: target.kind, thingId: target.thingId } };
      if (mute) await unwrap(api.PUT('/notifications/mutes/{thingKind}/{thingId}', { params }));
      else await unwrap(api.DELETE('/notifications/mutes/{thingKind}/{thingId}', { params }));
    },
    onMutate: async ({ target, mute }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<NotificationMute[]>(key);
      const others = (previous ?? []).filter(
        (item) => !(item.thingKind === target.kind && item.thingId === target.thingId),
      );
      const added: NotificationMute = {
        thingKind: target.kind,
        thingId: target.thingId,
        title: target.title,
        createdAt: new Date().toISOString(),
        link: target.link,
      };
      queryClient.setQueryData(key, mute ? [added, ...others] : others);
      return { previous };
    },
    onSuccess: (_result, { target, mute }) => {
      const name = `${thingKindLabel[target.kind].toLowerCase()} “${groupTitle({ kind: target.kind, title: target.title })}”`;
      toast(
        'success',
        mute ? `Muted the ${name}` : `Unmuted the ${name}`,
        mute ? 'No new notifications about it, except when someone mentions you.' : 'Its notifications arrive again.',
      );
    },
    onError: (error, { mute }, context) => {
      queryClient.setQueryData(key, context?.previous);
      toast('error', mute ? 'Could not mute it' : 'Could not unmute it', errorMessage(error));
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
