import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '@/api';
import { notificationQueries } from '@/features/notifications';

async function fetchPreferences(signal: AbortSignal) {
  return unwrap(api.GET('/notifications/preferences', { signal }));
}

/** One notification type: its description, in the inbox always, by email as the person chose. */
export type NotificationPreference = Awaited<ReturnType<typeof fetchPreferences>>[number];
export type NotificationType = NotificationPreference['type'];
/** A muted card, wiki page, agent conversation or file. */
export type { NotificationMute } from '@/features/notifications';

export const notificationSettingsQueries = {
  all: ['notification-settings'] as const,
  /** Every notification type with the caller's email choice, in the server's order. */
  preferences: () =>
    queryOptions({
      queryKey: [...notificationSettingsQueries.all, 'preferences'] as const,
      queryFn: ({ signal }) => fetchPreferences(signal),
    }),
  /** What the caller muted, newest first: the inbox's query, so a mute made on either page shows on both. */
  mutes: () => notificationQueries.mutes(),
};
