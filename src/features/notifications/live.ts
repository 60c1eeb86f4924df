import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onLiveEvent, onLiveResync } from '@/api';
import { addToLists, changeLists, setUnreadCount } from './cache';
import { notificationQueries } from './queries';

/**
 * Keeps the badge, the title and every inbox list current for the whole tab (mounted once, by
 * the shell). A new notification carries the new unread count and goes on top of the lists it
 * belongs in; a change made in another tab or device (read, unread, snoozed, back from a snooze)
 * carries the count too and is applied to the lists, which are read again where they now miss
 * something. This tab's own changes come back to it only through the responses it got (the live
 * layer skips its own echoes). Missed events: everything is read again.
 */
export function useNotificationsLive(enabled = true) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    const stops = [
      onLiveEvent('notification.created', ({ data }) => {
        setUnreadCount(queryClient, data.unreadCount);
        addToLists(queryClient, data.notification);
      }),
      onLiveEvent('notifications.changed', ({ data }) => {
        setUnreadCount(queryClient, data.unreadCount);
        changeLists(queryClient, { state: data.state, ids: data.ids, before: data.before });
      }),
      onLiveResync(() => void queryClient.invalidateQueries({ queryKey: notificationQueries.all })),
    ];
    return () => stops.forEach((stop) => stop());
  }, [enabled, queryClient]);
}
