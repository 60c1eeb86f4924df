export { InboxNavEntry, NotificationsHost } from './components/inbox-nav';
export { InboxIcon } from './components/icons';
export { InboxPage } from './components/inbox-page';
export { notificationQueries } from './queries';
export { notificationHref, describeNotification } from './present';
export { parseInboxSearch, type InboxSearch } from './search';
export type { InboxFilter, Notification, NotificationMute } from './types';
