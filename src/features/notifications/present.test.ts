import { describe, expect, it } from 'vitest';
import { describeNotification, groupByThing, groupTitle, notificationHref } from './present';
import { at, testNotification } from './test-notification';

const card = (id: string, title = 'Card') => ({ kind: 'card' as const, id, title });
const CARD_A = '00000000-0000-4000-8000-0000000000ca';
const CARD_B = '00000000-0000-4000-8000-0000000000cb';
const PAGE = '00000000-0000-4000-8000-0000000000fa';

describe('grouping by thing', () => {
  it('orders groups by their newest notification, and notifications newest first within each', () => {
    const a1 = testNotification({ thing: card(CARD_A, 'Old title'), createdAt: at(1) });
    const b1 = testNotification({ thing: card(CARD_B), createdAt: at(2) });
    const a2 = testNotification({ thing: card(CARD_A, 'New title'), createdAt: at(5) });
    const page = testNotification({ thing: { kind: 'wiki_page', id: PAGE, title: 'Launch' }, createdAt: at(3) });
    const groups = groupByThing([b1, a1, page, a2]);
    expect(groups.map((group) => group.key)).toEqual([`card:${CARD_A}`, `wiki_page:${PAGE}`, `card:${CARD_B}`]);
    expect(groups[0]!.notifications.map((item) => item.id)).toEqual([a2.id, a1.id]);
    // The heading uses the title of the newest one (a rename shows).
    expect(groups[0]!.title).toBe('New title');
  });

  it('keeps things of different kinds with the same id apart', () => {
    const asCard = testNotification({ thing: card(CARD_A) });
    const asFile = testNotification({ thing: { kind: 'file', id: CARD_A, title: 'x.pdf' } });
    expect(groupByThing([asCard, asFile])).toHaveLength(2);
  });

  it('names untitled things and the credits group', () => {
    expect(groupTitle({ kind: 'card', title: '  ' })).toBe('Untitled card');
    expect(groupTitle({ kind: 'credits', title: 'Acme' })).toBe('Company credits');
  });
});

describe('what a notification says', () => {
  it('puts the actor before what happened, and credits on their own', () => {
    expect(describeNotification(testNotification())).toBe('Ada Lovelace mentioned you');
    expect(describeNotification(testNotification({ type: 'reply' }))).toBe('Ada Lovelace replied');
    expect(describeNotification(testNotification({ type: 'card_assigned' }))).toBe('Ada Lovelace assigned you');
    const bot = { kind: 'agent' as const, id: CARD_B, name: 'Cafébot' };
    expect(describeNotification(testNotification({ type: 'agent_work_completed', actor: bot }))).toBe(
      'Cafébot completed the card you delegated',
    );
    expect(describeNotification(testNotification({ type: 'agent_work_failed', actor: bot }))).toBe(
      'Cafébot failed on the card you delegated',
    );
    expect(describeNotification(testNotification({ type: 'file_granted' }))).toBe(
      'Ada Lovelace granted your agent a file',
    );
    expect(describeNotification(testNotification({ type: 'credits_low', actor: null }))).toBe('Credits low');
    expect(describeNotification(testNotification({ type: 'credits_exhausted', actor: null }))).toBe('Out of credits');
  });
});

describe('where a notification opens', () => {
  const P = '00000000-0000-4000-8000-0000000000b1';
  it('a card comment: the board with the card panel at the comment', () => {
    const notification = testNotification();
    expect(notificationHref(notification)).toBe(
      `/projects/${P}?card=${notification.link.cardId}&comment=${notification.link.commentId}`,
    );
  });

  it('a card without a comment (assigned, agent work): the card panel', () => {
    const notification = testNotification({ type: 'card_assigned', link: { projectId: P, cardId: CARD_A } });
    expect(notificationHref(notification)).toBe(`/projects/${P}?card=${CARD_A}`);
  });

  it('a wiki comment: the page with its thread open at the comment', () => {
    const notification = testNotification({
      type: 'reply',
      thing: { kind: 'wiki_page', id: PAGE, title: 'Launch' },
      link: { projectId: P, pageId: PAGE, commentId: CARD_B, threadId: CARD_A, anchor: 'the passage' },
    });
    expect(notificationHref(notification)).toBe(`/projects/${P}/wiki/${PAGE}?thread=${CARD_A}&comment=${CARD_B}`);
  });

  it('a conversation, a file, the credits', () => {
    const session = testNotification({
      thing: { kind: 'agent_session', id: CARD_B, title: 'Chat' },
      link: { agentId: CARD_A, sessionId: CARD_B, messageId: PAGE },
    });
    expect(notificationHref(session)).toBe(`/agents/${CARD_A}/sessions/${CARD_B}`);
    const file = testNotification({
      type: 'file_granted',
      thing: { kind: 'file', id: PAGE, title: 'Plan.pdf' },
      link: { fileId: PAGE },
    });
    expect(notificationHref(file)).toBe(`/files?preview=${PAGE}`);
    const credits = testNotification({
      type: 'credits_low',
      actor: null,
      thing: { kind: 'credits', id: P, title: '' },
      link: {},
    });
    expect(notificationHref(credits)).toBe('/settings/billing');
  });
});
