import type { LivePayloads } from '@/api';

/** One of the signed-in person's notifications (nobody else sees it). */
export type Notification = LivePayloads['notification.created']['notification'];
export type NotificationType = Notification['type'];
/** What a notification is about: a card, a wiki page, an agent session, a file, or the company's credits. */
export type NotificationThing = Notification['thing'];
export type ThingKind = NotificationThing['kind'];
/** `notifications.changed`: read or unread, snoozed, or back from a snooze, in another tab or device. */
export type NotificationsChange = Pick<LivePayloads['notifications.changed'], 'state' | 'ids' | 'before'>;

/** The inbox's tabs: everything not snoozed, the unread part of it, or what is snoozed. */
export type InboxFilter = 'all' | 'unread' | 'snoozed';
export const INBOX_FILTERS: readonly InboxFilter[] = ['all', 'unread', 'snoozed'];

/** A card, page, session or file the person muted (credits cannot be muted). */
export type NotificationMute = {
  thingKind: ThingKind;
  thingId: string;
  title: string;
  createdAt: string;
  /** Where it opens (empty when it no longer exists). */
  link: Notification['link'];
};
