import { z } from '@hono/zod-openapi';
import { jsonResponse, protectedRoute, uuidParam } from '../../http/route.ts';
import {
  MarkReadRequest,
  MarkReadResultSchema,
  MuteParams,
  MuteSchema,
  NotificationListQuery,
  NotificationPreferenceSchema,
  NotificationSchema,
  UnreadCountSchema,
  UpdateNotificationRequest,
  UpdatePreferencesRequest,
} from './schemas.ts';

const tags = ['Notifications'];
const own =
  'A person’s own notifications only: nobody else (an admin included) sees them. An API key acts for its person; agent tokens get 403 (agents have no inbox).';
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { required: true, content: { 'application/json': { schema } } },
});

export const listNotificationsRoute = protectedRoute('read', {
  method: 'get',
  path: '/notifications',
  operationId: 'listNotifications',
  tags,
  summary: 'The caller’s notifications',
  description: `A plain array without a total, newest first (or unread first with \`order=unread_first\`); page with \`limit\` (1..100, default 50) and \`offset\` until a page comes back shorter than \`limit\`. Snoozed ones are left out until they come back, except with \`filter=snoozed\`. ${own}`,
  request: { query: NotificationListQuery },
  responses: { 200: jsonResponse(z.array(NotificationSchema), 'The page') },
});

export const getUnreadCountRoute = protectedRoute('read', {
  method: 'get',
  path: '/notifications/unread-count',
  operationId: 'getNotificationUnreadCount',
  tags,
  summary: 'How many of the caller’s notifications are unread',
  description: `Unread and not snoozed: the navigation badge. ${own}`,
  responses: { 200: jsonResponse(UnreadCountSchema, 'The count') },
});

export const markNotificationsReadRoute = protectedRoute('write', {
  method: 'post',
  path: '/notifications/read',
  operationId: 'markNotificationsRead',
  tags,
  summary: 'Mark notifications read (or unread)',
  description: `\`ids\` (1..200 of the caller’s; ids that are not theirs are ignored, as if they did not exist) or \`before\` (every one created at or before that time: "mark all read" for what the inbox showed). \`read: false\` marks \`ids\` unread again. Every tab and device of the caller hears of it (\`notifications.changed\`). ${own}`,
  request: jsonBody(MarkReadRequest),
  responses: { 200: jsonResponse(MarkReadResultSchema, 'How many changed, and the unread count now') },
});

export const updateNotificationRoute = protectedRoute('write', {
  method: 'patch',
  path: '/notifications/{notificationId}',
  operationId: 'updateNotification',
  tags,
  summary: 'Mark one notification read or unread, or snooze it',
  description: `\`snoozedUntil\`: a time in the future, at most 90 days ahead (400 otherwise); it leaves the inbox and the count until then and comes back unread. \`null\` brings it back now. Snoozing marks it unread (it comes back unread); marking it read ends its snooze; \`read: true\` with a snooze time is 400 on \`read\`. No event when nothing changed. ${own} Another person’s notification is 404.`,
  request: {
    params: z.object({ notificationId: uuidParam('notificationId') }),
    ...jsonBody(UpdateNotificationRequest),
  },
  responses: { 200: jsonResponse(NotificationSchema, 'The notification as it now is') },
});

export const listMutesRoute = protectedRoute('read', {
  method: 'get',
  path: '/notifications/mutes',
  operationId: 'listNotificationMutes',
  tags,
  summary: 'What the caller muted',
  description: `All of them (at most 500), newest first. A thing that no longer exists (or the caller can no longer see) lists with \`title: ''\` and \`link: {}\`. ${own}`,
  responses: { 200: jsonResponse(z.array(MuteSchema), 'The mutes') },
});

export const muteRoute = protectedRoute('write', {
  method: 'put',
  path: '/notifications/mutes/{thingKind}/{thingId}',
  operationId: 'muteNotifications',
  tags,
  summary: 'Mute a card, wiki page, agent session or file',
  description: `No new notifications about it for the caller, except mentions of them on a card, page or file (a muted agent conversation is silent altogether). Idempotent. A person keeps at most 500 mutes: muting one more forgets the oldest. 404 when the caller cannot see it: a card, page or file of another company or gone, a file still uploading, an agent session that is not theirs. ${own}`,
  request: { params: MuteParams },
  responses: { 200: jsonResponse(MuteSchema, 'The mute') },
});

export const unmuteRoute = protectedRoute('write', {
  method: 'delete',
  path: '/notifications/mutes/{thingKind}/{thingId}',
  operationId: 'unmuteNotifications',
  tags,
  summary: 'Unmute',
  description: `Idempotent: 204 whether or not it was muted. ${own}`,
  request: { params: MuteParams },
  responses: { 204: { description: 'Unmuted' } },
});

export const getPreferencesRoute = protectedRoute('read', {
  method: 'get',
  path: '/notifications/preferences',
  operationId: 'getNotificationPreferences',
  tags,
  summary: 'The caller’s notification preferences',
  description: `One entry per type: in the inbox always; by email as chosen (each type has a default). ${own}`,
  responses: { 200: jsonResponse(z.array(NotificationPreferenceSchema), 'Every type') },
});

export const updatePreferencesRoute = protectedRoute('write', {
  method: 'put',
  path: '/notifications/preferences',
  operationId: 'updateNotificationPreferences',
  tags,
  summary: 'Choose which types are emailed',
  description: `Types left out keep their setting. Email goes out only when the server has a mail server (\`SMTP_URL\`): unread notifications wanted by email are gathered into one message per person a few minutes after the first of them (\`NOTIFICATION_EMAIL_DELAY_SECONDS\`); those read meanwhile are left out. ${own}`,
  request: jsonBody(UpdatePreferencesRequest),
  responses: { 200: jsonResponse(z.array(NotificationPreferenceSchema), 'Every type, as now set') },
});
