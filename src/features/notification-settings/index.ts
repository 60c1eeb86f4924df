export { NotificationSettingsPage } from './components/notification-settings-page';
export { notificationSettingsQueries } from './queries';
