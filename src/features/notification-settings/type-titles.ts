import type { NotificationMute, NotificationType } from './queries';

/** A notification type's name in the settings: short, as a person would say it. */
const TYPE_TITLES: Record<NotificationType, string> = {
  mention: 'Mentions',
  reply: 'Replies to your threads',
  card_assigned: 'Cards assigned to you',
  agent_work_completed: 'Agent work completed',
  agent_work_failed: 'Agent work failed',
  file_granted: 'Files granted to your agents',
  credits_low: 'Credits running low',
  credits_exhausted: 'Credits used up',
};

/** The type's name; a type this client does not know yet (a newer server) reads as its own words. */
export function typeTitle(type: string): string {
  const known = (TYPE_TITLES as Record<string, string | undefined>)[type];
  if (known) return known;
  const words = type.replaceAll('_', ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** What kind of thing a mute names, in a sentence's words. */
export const THING_KIND_LABELS: Record<NotificationMute['thingKind'], string> = {
  card: 'Card',
  wiki_page: 'Wiki page',
  agent_session: 'Agent conversation',
  file: 'File',
  credits: 'Credits',
};
