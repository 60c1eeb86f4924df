/**
 * A person's notifications: listing, counting, read state, snoozes, mutes and preferences. Every
 * query is scoped to the caller's own user id and company: nobody reads another's notifications.
 */
import type { Actor } from '../../events/record.ts';
import type { AppContext } from '../../types.ts';
import type { Mute, Notification, NotificationPreference } from './schemas.ts';

type ListOptions = {
  filter: 'all' | 'unread' | 'snoozed';
  order: 'newest' | 'unread_first';
  limit: number;
  offset: number;
};

const todo = (): never => {
  throw new Error('not implemented yet');
};

export async function listNotifications(_ctx: AppContext, _actor: Actor, _options: ListOptions): Promise<Notification[]> {
  return todo();
}

export async function unreadCount(_ctx: AppContext, _actor: Actor): Promise<number> {
  return todo();
}

export async function markRead(
  _ctx: AppContext,
  _actor: Actor,
  _input: { ids?: string[]; before?: string; read: boolean },
): Promise<{ updated: number; unreadCount: number }> {
  return todo();
}

export async function updateNotification(
  _ctx: AppContext,
  _actor: Actor,
  _notificationId: string,
  _changes: { read?: boolean; snoozedUntil?: string | null },
): Promise<Notification> {
  return todo();
}

export async function listMutes(_ctx: AppContext, _actor: Actor): Promise<Mute[]> {
  return todo();
}

export async function mute(_ctx: AppContext, _actor: Actor, _kind: Mute['thingKind'], _thingId: string): Promise<Mute> {
  return todo();
}

export async function unmute(_ctx: AppContext, _actor: Actor, _kind: Mute['thingKind'], _thingId: string): Promise<void> {
  return todo();
}

export async function getPreferences(_ctx: AppContext, _actor: Actor): Promise<NotificationPreference[]> {
  return todo();
}

export async function updatePreferences(
  _ctx: AppContext,
  _actor: Actor,
  _email: Partial<Record<NotificationPreference['type'], boolean>>,
): Promise<NotificationPreference[]> {
  return todo();
}
