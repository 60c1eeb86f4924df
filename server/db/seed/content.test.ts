import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { SLUG_PATTERN } from '../../modules/content/schemas.ts';
import { contentItems, contentKeys, users } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
import { seedDemoContent } from './content.ts';

const t = useTestApp();

describe('the demo content', () => {
  it('gives Acme published items of every kind and drafts by Ada, valid as the API would have them, once', async () => {
    expect(await seedDemo(t.ctx.db)).toContain('demo content');
    expect(await seedDemo(t.ctx.db)).not.toContain('demo content');
    const ada = (await t.ctx.db.select().from(users)).find((user) => user.email === DEMO_ACCOUNTS.admin)!;
    expect(await t.ctx.db.transaction((tx) => seedDemoContent(tx, ada.companyId!, DEMO_ACCOUNTS.admin))).toBe(false);

    const items = await t.ctx.db.select().from(contentItems);
    const published = items.filter((item) => item.status === 'published');
    const drafts = items.filter((item) => item.status === 'draft');
    expect(published.length).toBeGreaterThanOrEqual(5);
    expect(published.length).toBeLessThanOrEqual(6);
    expect(drafts.length).toBeGreaterThanOrEqual(1);
    expect(drafts.length).toBeLessThanOrEqual(2);
    expect(new Set(published.map((item) => item.kind))).toEqual(new Set(['article', 'changelog', 'help']));
    expect(new Set(items.map((item) => item.slug)).size).toBe(items.length);
    const now = Date.now();
    for (const item of items) {
      expect(item.companyId).toBe(ada.companyId);
      expect(item.authorId).toBe(ada.id);
      // Within the API's bounds.
      expect(item.title.length).toBeGreaterThan(0);
      expect(item.title.length).toBeLessThanOrEqual(200);
      expect(item.slug).toMatch(SLUG_PATTERN);
      expect(item.excerpt.length).toBeGreaterThan(0);
      expect(item.excerpt.length).toBeLessThanOrEqual(500);
      expect(item.tags.length).toBeGreaterThan(0);
      expect(item.tags.length).toBeLessThanOrEqual(10);
      for (const tag of item.tags) expect(tag).toMatch(SLUG_PATTERN);
      // Real Markdown, no filler.
      expect(item.body.length).toBeGreaterThan(200);
      expect(item.body).toMatch(/^#{2} /m);
      expect(item.body.toLowerCase()).not.toContain('lorem');
      expect(item.publishedAt === null).toBe(item.status === 'draft');
      expect(item.createdAt.getTime()).toBeLessThanOrEqual(item.updatedAt.getTime());
      expect(item.updatedAt.getTime()).toBeLessThanOrEqual(now);
      if (item.publishedAt) {
        expect(item.createdAt.getTime()).toBeLessThanOrEqual(item.publishedAt.getTime());
        expect(item.publishedAt.getTime()).toBeLessThanOrEqual(item.updatedAt.getTime());
      }
    }
    // No content key: its secret could never be shown.
    expect(await t.ctx.db.select().from(contentKeys)).toEqual([]);
  });

  it('is served by the content API to a key of the demo company', async () => {
    const token = await t.signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const created = await t.call('POST', '/content-keys', { token, body: { name: 'Demo site' } });
    expect(created.status).toBe(201);
    const list = await t.call('GET', '/content/items', { token: created.body.secret });
    expect(list.status).toBe(200);
    expect(list.body.length).toBeGreaterThanOrEqual(5);
    const dates = list.body.map((item: { publishedAt: string }) => item.publishedAt);
    expect([...dates].sort().reverse()).toEqual(dates);
    const one = await t.call('GET', `/content/items/${list.body[0].slug}`, { token: created.body.secret });
    expect(one.status).toBe(200);
    expect(one.body.authorName).toBe('Ada Lovelace');
  });
});
