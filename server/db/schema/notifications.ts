/**
 * People's notifications (server/modules/notifications), what they muted, and their preferences by
 * type.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, id, updatedAt } from './columns.ts';
import { companies, users } from './organization.ts';

export const notificationType = pgEnum('notification_type', [
  'mention',
  'reply',
  'card_assigned',
  'agent_work_completed',
  'agent_work_failed',
  'file_granted',
  'credits_low',
  'credits_exhausted',
]);

/** What a notification is about, as the inbox groups it and as a person mutes it. */
export const notificationThing = pgEnum('notification_thing', [
  'card',
  'wiki_page',
  'agent_session',
  'file',
  'credits',
]);

/**
 * A person's notification (server/modules/notifications): created in the transaction of the change
 * that caused it, seen by its recipient only. `thingKind`/`thingId` is what it is about (the inbox
 * groups by it, a mute names it; `thingId` is the company's id for credits), and the link columns
 * say exactly where to open it. Ids are kept without foreign keys beyond the recipient and company:
 * a notification outlives a deleted comment and opens "no longer there".
 */
export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    companyId: uuid()
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    actorUserId: uuid(),
    actorAgentId: uuid(),
    /** The actor's display name when it happened; empty for the server's own (credits). */
    actorName: text().notNull().default(''),
    thingKind: notificationThing().notNull(),
    thingId: uuid().notNull(),
    /** The thing's title when it happened (card title, page title, session title, file name). */
    title: text().notNull(),
    /** What happened, in a few words of the cause's own text (at most 280 characters). */
    snippet: text().notNull().default(''),
    projectId: uuid(),
    cardId: uuid(),
    pageId: uuid(),
    commentId: uuid(),
    /** The comment's thread root (the comment itself when it is a root). */
    threadId: uuid(),
    sessionId: uuid(),
    messageId: uuid(),
    agentId: uuid(),
    fileId: uuid(),
    /** A wiki comment's anchor (the passage), for the deep link. */
    anchor: text(),
    /** Makes a cause notify a person once (`mention:comment:<id>`): a re-edit adds nothing. */
    dedupeKey: text(),
    createdAt: createdAt(),
    readAt: timestamp({ withTimezone: true }),
    snoozedUntil: timestamp({ withTimezone: true }),
    /** Whether the recipient wanted this type by email when it was created (preferences). */
    emailWanted: boolean().notNull().default(false),
    emailedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('notifications_user_recent_index').on(t.userId, t.createdAt, t.id),
    index('notifications_user_unread_index')
      .on(t.userId, t.createdAt)
      .where(sql`${t.readAt} is null`),
    uniqueIndex('notifications_user_dedupe_key')
      .on(t.userId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    index('notifications_snoozed_index')
      .on(t.snoozedUntil)
      .where(sql`${t.snoozedUntil} is not null`),
    index('notifications_email_index')
      .on(t.createdAt)
      .where(sql`${t.emailWanted} and ${t.emailedAt} is null and ${t.readAt} is null`),
  ],
);

/** A thing a person muted: no new notifications about it, except mentions of them. */
export const notificationMutes = pgTable(
  'notification_mutes',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    thingKind: notificationThing().notNull(),
    thingId: uuid().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.thingKind, t.thingId] })],
);

/** A person's choice for a notification type (in-app always; `email` when set). Absent: the type's default. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: uuid()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: notificationType().notNull(),
    email: boolean().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.type] })],
);
