import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { cardComments, cards, notifications, users, wikiComments, wikiPages } from '../schema.ts';
import { DEMO_ACCOUNTS, seedDemo } from './demo.ts';
import { seedDemoNotifications } from './notifications.ts';

const t = useTestApp();

describe('the demo inbox', () => {
  it('gives Ada a dozen notifications of several types, some read, pointing at real cards, comments and pages, once', async () => {
    expect(await seedDemo(t.ctx.db)).toContain('demo inbox');
    expect(await seedDemo(t.ctx.db)).not.toContain('demo inbox');
    const people = await t.ctx.db.select().from(users);
    const ada = people.find((user) => user.email === DEMO_ACCOUNTS.admin)!;
    const max = people.find((user) => user.email === DEMO_ACCOUNTS.member)!;
    expect(await t.ctx.db.transaction((tx) => seedDemoNotifications(tx, ada.companyId!))).toBe(false);

    const all = await t.ctx.db.select().from(notifications);
    const of = (userId: string) => all.filter((row) => row.userId === userId);
    expect(of(ada.id).length).toBeGreaterThanOrEqual(12);
    expect(of(max.id).length).toBeGreaterThanOrEqual(5);
    expect(new Set(of(ada.id).map((row) => row.type)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(of(max.id).map((row) => row.type))).toEqual(new Set(['mention', 'reply', 'card_assigned']));
    for (const mine of [of(ada.id), of(max.id)]) {
      expect(mine.some((row) => row.readAt)).toBe(true);
      expect(mine.some((row) => !row.readAt && !row.snoozedUntil)).toBe(true);
    }
    expect(of(ada.id).filter((row) => row.snoozedUntil && row.snoozedUntil > new Date())).toHaveLength(1);
    const now = Date.now();
    for (const row of all) {
      expect(row.companyId).toBe(ada.companyId);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(now);
      expect(row.createdAt.getTime()).toBeGreaterThan(now - 30 * 86_400_000);
      if (row.readAt) expect(row.readAt.getTime()).toBeGreaterThan(row.createdAt.getTime());
      expect(row.emailWanted).toBe(false);
      expect(row.actorUserId).not.toBe(row.userId);
      expect(row.snippet).not.toMatch(/\]\((person|agent):/);
    }

    // Every card, comment and page named exists, with the title shown; a mention's comment mentions
    // its recipient; a reply's thread holds something the recipient wrote before it.
    const cardIds = [...new Set(all.flatMap((row) => (row.cardId ? [row.cardId] : [])))];
    const cardRows = await t.ctx.db.select().from(cards).where(inArray(cards.id, cardIds));
    const pageIds = [...new Set(all.flatMap((row) => (row.pageId ? [row.pageId] : [])))];
    const pageRows = await t.ctx.db.select().from(wikiPages).where(inArray(wikiPages.id, pageIds));
    const comments = [...(await t.ctx.db.select().from(cardComments)), ...(await t.ctx.db.select().from(wikiComments))];
    for (const row of all) {
      if (row.thingKind === 'card') {
        const card = cardRows.find((one) => one.id === row.cardId)!;
        expect(card, row.title).toBeDefined();
        expect(card.projectId).toBe(row.projectId);
        expect(row.thingId).toBe(card.id);
        expect(row.title).toBe(card.title);
      }
      if (row.thingKind === 'wiki_page') {
        const page = pageRows.find((one) => one.id === row.pageId)!;
        expect(page.projectId).toBe(row.projectId);
        expect(row.title).toBe(page.title);
        expect(row.anchor).toBeTruthy();
      }
      if (row.type === 'card_assigned') {
        expect(cardRows.find((one) => one.id === row.cardId)).toMatchObject({
          assigneeKind: 'human',
          assigneeId: row.userId,
        });
      }
      if (row.type === 'agent_work_completed' || row.type === 'agent_work_failed') {
        expect(cardRows.find((one) => one.id === row.cardId)).toMatchObject({
          assigneeKind: 'agent',
          assigneeId: row.agentId,
        });
        expect(row.actorAgentId).toBe(row.agentId);
      }
      if (row.type === 'mention' || row.type === 'reply') {
        const comment = comments.find((one) => one.id === row.commentId)!;
        expect(comment, row.snippet).toBeDefined();
        expect(comment.parentId ?? comment.id).toBe(row.threadId);
        expect(row.createdAt).toEqual(comment.createdAt);
        expect(row.dedupeKey).toBe(`${row.type}:${comment.id}`);
        if (row.type === 'mention') expect(comment.text).toContain(`](person:${row.userId})`);
        else {
          const thread = comments.filter((one) => one.id === row.threadId || one.parentId === row.threadId);
          expect(
            thread.some((one) => one.authorUserId === row.userId && one.createdAt < comment.createdAt),
            row.snippet,
          ).toBe(true);
        }
      }
    }

    const [slaCard] = await t.ctx.db
      .select()
      .from(cards)
      .where(eq(cards.title, 'Customer asks for an SLA report export'));
    expect(slaCard!.description).not.toBe('');
  }, 120_000);
});
