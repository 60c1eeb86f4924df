import type { Notification } from './types';

let sequence = 0;

/** A notification for tests: a mention on a card comment unless told otherwise. */
export function testNotification(changes: Partial<Notification> = {}): Notification {
  sequence += 1;
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    type: 'mention',
    createdAt: '2026-11-26T10:00:00.000Z',
    readAt: null,
    snoozedUntil: null,
    actor: { kind: 'person', id: '00000000-0000-4000-8000-0000000000a1', name: 'Ada Lovelace' },
    thing: { kind: 'card', id: '00000000-0000-4000-8000-0000000000c1', title: 'Book caterer' },
    snippet: 'Can you check the menu?',
    link: {
      projectId: '00000000-0000-4000-8000-0000000000b1',
      cardId: '00000000-0000-4000-8000-0000000000c1',
      commentId: '00000000-0000-4000-8000-0000000000d1',
      threadId: '00000000-0000-4000-8000-0000000000d1',
    },
    ...changes,
  };
}

/** A time `minutes` after 10:00 on the test day. */
export const at = (minutes: number) =>
  new Date(Date.parse('2026-11-26T10:00:00.000Z') + minutes * 60_000).toISOString();
