import { createFileRoute } from '@tanstack/react-router';
import { NotificationSettingsPage, notificationSettingsQueries } from '@/features/notification-settings';
import { useDocumentTitle } from '@/ui';

/** Settings → Notifications: which types are also emailed, and the muted list with Unmute. */
export const Route = createFileRoute('/_app/_company/settings/notifications')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(notificationSettingsQueries.preferences()),
      queryClient.ensureQueryData(notificationSettingsQueries.mutes()),
    ]),
  component: NotificationSettingsRoute,
});

function NotificationSettingsRoute() {
  useDocumentTitle('Notification settings');
  return <NotificationSettingsPage />;
}
