import { z } from '@hono/zod-openapi';
import { pageQuery } from '../../http/route.ts';

export const NOTIFICATION_TYPES = [
  'mention',
  'reply',
  'card_assigned',
  'agent_work_completed',
  'agent_work_failed',
  'file_granted',
  'credits_low',
  'credits_exhausted',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const NOTIFICATION_THINGS = ['card', 'wiki_page', 'agent_session', 'file', 'credits'] as const;
export type NotificationThing = (typeof NOTIFICATION_THINGS)[number];

/** What each type means, and whether it is emailed unless the person chose otherwise. */
export const NOTIFICATION_TYPE_INFO: Record<NotificationType, { description: string; emailByDefault: boolean }> = {
  mention: {
    description: 'Someone mentioned you in a card comment, a wiki comment or an agent conversation.',
    emailByDefault: true,
  },
  reply: { description: 'Someone replied in a comment thread you started or wrote in.', emailByDefault: false },
  card_assigned: { description: 'A card was assigned to you by someone else.', emailByDefault: true },
  agent_work_completed: { description: 'An agent completed a card you delegated to it.', emailByDefault: false },
  agent_work_failed: { description: 'An agent failed on a card you delegated to it.', emailByDefault: true },
  file_granted: {
    description: 'Someone granted an agent you are responsible for a file or folder.',
    emailByDefault: false,
  },
  credits_low: { description: 'Admins: the company’s credits fell below the low threshold.', emailByDefault: true },
  credits_exhausted: {
    description: 'Admins: the company ran out of credits; agents stop taking new work.',
    emailByDefault: true,
  },
};

/** A list page: 1..100 (default 50). */
export const NOTIFICATIONS_MAX_LIMIT = 100;
/** At most this many ids in one mark-read request. */
export const NOTIFICATIONS_MAX_IDS = 200;
/** How far ahead a notification may be snoozed. */
export const SNOOZE_MAX_DAYS = 90;
/** A notification's snippet: the cause's text, cut to this many characters. */
export const SNIPPET_MAX = 280;

export const NotificationLinkSchema = z
  .object({
    projectId: z.uuid().optional(),
    cardId: z.uuid().optional(),
    pageId: z.uuid().optional(),
    commentId: z.uuid().optional().openapi({ description: 'The comment to scroll to (card or wiki page).' }),
    threadId: z
      .uuid()
      .optional()
      .openapi({ description: 'The comment’s thread root (the comment itself when it is a root).' }),
    anchor: z.string().optional().openapi({ description: 'A wiki comment’s anchor: the passage to highlight.' }),
    agentId: z.uuid().optional(),
    sessionId: z.uuid().optional(),
    messageId: z.uuid().optional(),
    fileId: z.uuid().optional(),
  })
  .openapi('NotificationLink', { description: 'Exactly where to open it.' });

export const NotificationSchema = z
  .object({
    id: z.uuid(),
    type: z.enum(NOTIFICATION_TYPES).openapi({
      description: Object.entries(NOTIFICATION_TYPE_INFO)
        .map(([type, info]) => `\`${type}\`: ${info.description}`)
        .join(' '),
    }),
    createdAt: z.iso.datetime(),
    readAt: z.iso.datetime().nullable().openapi({ description: 'When it was marked read; null while unread.' }),
    snoozedUntil: z.iso.datetime().nullable().openapi({
      description:
        'Hidden from the inbox and the unread count until then; null when not snoozed. It comes back unread at that time.',
    }),
    actor: z
      .object({
        kind: z.enum(['person', 'agent']),
        id: z.uuid(),
        name: z.string().openapi({ description: 'Their display name when it happened.' }),
      })
      .nullable()
      .openapi({ description: 'Who caused it; null for the server’s own (credits).' }),
    thing: z
      .object({
        kind: z.enum(NOTIFICATION_THINGS),
        id: z.uuid().openapi({ description: 'The card, page, session or file; the company for credits.' }),
        title: z.string().openapi({ description: 'Its title when it happened.' }),
      })
      .openapi('NotificationThing', {
        description: 'What it is about: the inbox groups notifications by it, and a mute names it.',
      }),
    snippet: z.string().openapi({ description: 'What happened, in the cause’s own words (at most 280 characters).' }),
    link: NotificationLinkSchema,
  })
  .openapi('Notification', { description: 'One of the caller’s notifications (nobody else sees it).' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListQuery = pageQuery(NOTIFICATIONS_MAX_LIMIT, 50).extend({
  filter: z
    .enum(['all', 'unread', 'snoozed'])
    .default('all')
    .openapi({
      param: { name: 'filter', in: 'query' },
      description:
        '`all` (default): what is not snoozed, read or not. `unread`: not read and not snoozed. `snoozed`: snoozed ones, soonest back first.',
    }),
  order: z
    .enum(['newest', 'unread_first'])
    .default('newest')
    .openapi({
      param: { name: 'order', in: 'query' },
      description: '`newest` (default): newest first. `unread_first`: unread ones first, each part newest first.',
    }),
});

export const UnreadCountSchema = z
  .object({ count: z.int().openapi({ description: 'Unread notifications that are not snoozed.' }) })
  .openapi('NotificationUnreadCount');

export const MarkReadRequest = z
  .object({
    ids: z
      .array(z.uuid())
      .min(1)
      .max(NOTIFICATIONS_MAX_IDS)
      .optional()
      .openapi({ description: 'These notifications (1..200 of yours).' }),
    before: z.iso.datetime().optional().openapi({
      description:
        'Every one of yours created at or before this time (what the inbox showed when "Mark all read" was pressed).',
    }),
    read: z.boolean().default(true).openapi({ description: 'false marks them unread again (with `ids` only).' }),
  })
  .refine((value) => (value.ids === undefined) !== (value.before === undefined), {
    message: 'give either ids or before',
  })
  .refine((value) => value.read || value.ids !== undefined, { message: 'marking unread takes ids', path: ['read'] })
  .openapi('MarkNotificationsReadRequest');

export const MarkReadResultSchema = z
  .object({
    updated: z.int().openapi({ description: 'How many changed.' }),
    unreadCount: z.int(),
  })
  .openapi('MarkNotificationsReadResult');

export const UpdateNotificationRequest = z
  .object({
    read: z.boolean().optional(),
    snoozedUntil: z.iso.datetime().nullable().optional().openapi({
      description: 'Snooze until this time (in the future, at most 90 days ahead); null wakes it now.',
    }),
  })
  .refine((value) => value.read !== undefined || value.snoozedUntil !== undefined, {
    message: 'give read or snoozedUntil',
  })
  .openapi('UpdateNotificationRequest');

export const MuteSchema = z
  .object({
    thingKind: z.enum(NOTIFICATION_THINGS),
    thingId: z.uuid(),
    title: z.string().openapi({ description: 'The thing’s current title (empty when it no longer exists).' }),
    link: NotificationLinkSchema,
    createdAt: z.iso.datetime(),
  })
  .openapi('NotificationMute', {
    description:
      'A muted card, page, agent session or file: no new notifications about it, except mentions of you on a card, page or file.',
  });
export type Mute = z.infer<typeof MuteSchema>;

export const MuteParams = z.object({
  thingKind: z
    .enum(['card', 'wiki_page', 'agent_session', 'file'])
    .openapi({ param: { name: 'thingKind', in: 'path' } }),
  thingId: z.uuid().openapi({ param: { name: 'thingId', in: 'path' } }),
});

export const NotificationPreferenceSchema = z
  .object({
    type: z.enum(NOTIFICATION_TYPES),
    description: z.string(),
    inApp: z.literal(true).openapi({ description: 'Always: every notification is in the inbox.' }),
    email: z.boolean().openapi({
      description:
        'Also by email (batched: unread ones are gathered into one message a few minutes after the first), when the server has a mail server configured.',
    }),
  })
  .openapi('NotificationPreference');
export type NotificationPreference = z.infer<typeof NotificationPreferenceSchema>;

export const UpdatePreferencesRequest = z
  .object({
    email: z
      .partialRecord(z.enum(NOTIFICATION_TYPES), z.boolean())
      .openapi({ description: 'Per type: whether to email it.' }),
  })
  .openapi('UpdateNotificationPreferencesRequest');
