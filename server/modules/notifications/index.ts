/** What other modules use of notifications: the one writer, mentions in bodies, and its reactions. */
export { checkMentions, mentionsAsText, parseMentions, type Mention } from './mentions.ts';
export { notify, snippetOf, type NotificationDraft } from './notify.ts';
export { notifyCardAssignee, notifyCommentReaders } from './reactions.ts';
export { runNotificationTasks } from './scheduled.ts';
