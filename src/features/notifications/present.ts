import type { Notification, ThingKind } from './types';

/** A group of notifications about one thing, newest first. */
export type NotificationGroup = {
  /** `kind:id`: stable across pages and live changes. */
  key: string;
  kind: ThingKind;
  thingId: string;
  /** The thing's title in its newest notification. */
  title: string;
  notifications: Notification[];
};

/**
 * Groups notifications by what they are about, groups ordered by their newest notification and
 * notifications newest first within each (the order the inbox shows and the keys move through).
 */
export function groupByThing(notifications: Notification[]): NotificationGroup[] {
  const groups = new Map<string, NotificationGroup>();
  const newestFirst = [...notifications].sort(byNewest);
  for (const notification of newestFirst) {
    const key = `${notification.thing.kind}:${notification.thing.id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        key,
        kind: notification.thing.kind,
        thingId: notification.thing.id,
        title: notification.thing.title,
        notifications: [],
      };
      groups.set(key, group);
    }
    group.notifications.push(notification);
  }
  // Insertion order is the order of each group's newest notification.
  return [...groups.values()];
}

function byNewest(a: Notification, b: Notification) {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt) || (a.id < b.id ? 1 : -1);
}

/** What kind of thing a group is about, for its heading ("Card", "Wiki page", …). */
export const thingKindLabel: Record<ThingKind, string> = {
  card: 'Card',
  wiki_page: 'Wiki page',
  agent_session: 'Conversation',
  file: 'File',
  credits: 'Credits',
};

/** A group's heading: the thing's title, or what it is when it has none. */
export function groupTitle(group: Pick<NotificationGroup, 'kind' | 'title'>): string {
  if (group.kind === 'credits') return 'Company credits';
  return group.title.trim() || `Untitled ${thingKindLabel[group.kind].toLowerCase()}`;
}

/** Who did it: the actor's name, or nothing for the server's own notifications (credits). */
export function actorName(notification: Notification): string | null {
  return notification.actor?.name.trim() || null;
}

/** What happened, after the actor's name ("mentioned you"), or on its own when nobody did it ("Credits low"). */
export function whatHappened(notification: Notification): string {
  switch (notification.type) {
    case 'mention':
      return 'mentioned you';
    case 'reply':
      return 'replied';
    case 'card_assigned':
      return 'assigned you';
    case 'agent_work_completed':
      return 'completed the card you delegated';
    case 'agent_work_failed':
      return 'failed on the card you delegated';
    case 'file_granted':
      return 'granted your agent a file';
    case 'credits_low':
      return 'Credits low';
    case 'credits_exhausted':
      return 'Out of credits';
  }
}

/** The whole sentence, for names and announcements: "Ada Lovelace mentioned you", "Credits low". */
export function describeNotification(notification: Notification): string {
  if (isAboutCredits(notification)) return whatHappened(notification);
  return `${actorName(notification) ?? 'Someone'} ${whatHappened(notification)}`;
}

/** Credits notifications say what happened on their own, without an actor. */
export function isAboutCredits(notification: Notification): boolean {
  return notification.type === 'credits_low' || notification.type === 'credits_exhausted';
}

/**
 * Exactly where a notification opens (the client's addresses, shared with the pages that scroll
 * to and highlight what it names): a card comment `/projects/p?card=c&comment=id`, a card
 * `/projects/p?card=c`, a wiki comment `/projects/p/wiki/page?thread=root&comment=id`, a
 * conversation `/agents/a/sessions/s`, a file or folder `/files?preview=id` (the drive opens the
 * folder it is in, or the folder itself), the company's credits `/settings/billing`.
 */
export function notificationHref(notification: Notification): string {
  const { link, thing } = notification;
  if (thing.kind === 'credits') return '/settings/billing';
  const query = (entries: [string, string | undefined][]) => {
    const params = new URLSearchParams();
    for (const [name, value] of entries) if (value) params.set(name, value);
    const text = params.toString();
    return text ? `?${text}` : '';
  };
  if (link.projectId && link.pageId)
    return `/projects/${link.projectId}/wiki/${link.pageId}${query([
      ['thread', link.threadId ?? link.commentId],
      ['comment', link.commentId],
    ])}`;
  if (link.projectId && link.cardId)
    return `/projects/${link.projectId}${query([
      ['card', link.cardId],
      ['comment', link.commentId],
    ])}`;
  if (link.agentId && link.sessionId) return `/agents/${link.agentId}/sessions/${link.sessionId}`;
  if (link.fileId) return `/files${query([['preview', link.fileId]])}`;
  if (link.projectId) return `/projects/${link.projectId}`;
  return '/inbox';
}
