/** What other modules use of notifications: the one writer, and mentions in bodies. */
export { checkMentions, mentionsAsText, parseMentions, type Mention } from './mentions.ts';
export { notify, snippetOf, type NotificationDraft } from './notify.ts';
export { runNotificationTasks } from './scheduled.ts';
