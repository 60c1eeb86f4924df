import { useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { useMarkRead } from './mutations';
import { notificationHref } from './present';
import type { Notification } from './types';

/**
 * Opening a notification: it is marked read (when it was not) and its link opens in the app. A
 * click with a modifier (a new tab, a new window) is left to the browser, and marks it read too.
 */
export function useOpenNotification(onOpened?: () => void) {
  const router = useRouter();
  const markRead = useMarkRead();
  return (notification: Notification, event?: MouseEvent) => {
    if (notification.readAt === null) markRead.mutate({ notifications: [notification], read: true });
    if (event && (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0)) return;
    event?.preventDefault();
    onOpened?.();
    void router.navigate({ href: notificationHref(notification) });
  };
}
