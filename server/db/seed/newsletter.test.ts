import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { SubscribeNewsletterInput } from '../../modules/newsletter/schemas.ts';
import { newsletterSubscribers, users } from '../schema.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';
import { seedDemoNewsletter } from './newsletter.ts';

const t = useTestApp();

describe('the demo newsletter list', () => {
  it('gives Acme six subscribers in the three states, valid as signups would have made them, once', async () => {
    expect(await seedDemo(t.ctx.db)).toContain('demo newsletter');
    expect(await seedDemo(t.ctx.db)).not.toContain('demo newsletter');
    const ada = (await t.ctx.db.select().from(users)).find((user) => user.email === DEMO_ACCOUNTS.admin)!;
    expect(await t.ctx.db.transaction((tx) => seedDemoNewsletter(tx, ada.companyId!))).toBe(false);

    const rows = await t.ctx.db.select().from(newsletterSubscribers);
    expect(rows).toHaveLength(6);
    const count = (status: string) => rows.filter((row) => row.status === status).length;
    expect(count('confirmed')).toBe(3);
    expect(count('pending')).toBe(2);
    expect(count('unsubscribed')).toBe(1);
    const now = Date.now();
    for (const row of rows) {
      expect(row.companyId).toBe(ada.companyId);
      // An address the signup would have accepted, normalised, at a reserved example domain.
      expect(SubscribeNewsletterInput.safeParse({ companyId: row.companyId, email: row.email }).success).toBe(true);
      expect(row.email).toBe(row.email.trim().toLowerCase());
      expect(row.email).toMatch(/@(?:[\w-]+\.)*example(?:\.(?:com|org|net))?$/);
      expect(row.createdAt.getTime()).toBeLessThanOrEqual(row.requestedAt.getTime());
      expect(row.requestedAt.getTime()).toBeLessThanOrEqual(now);
      if (row.status === 'pending') {
        expect(row.confirmTokenHash).toMatch(/^[0-9a-f]{64}$/);
        expect(row.confirmedAt).toBeNull();
      } else {
        expect(row.confirmTokenHash).toBeNull();
        expect(row.confirmedAt!.getTime()).toBeGreaterThanOrEqual(row.requestedAt.getTime());
      }
      if (row.status === 'unsubscribed')
        expect(row.unsubscribedAt!.getTime()).toBeGreaterThan(row.confirmedAt!.getTime());
      else expect(row.unsubscribedAt).toBeNull();
    }
    // One pending link has expired, one has not.
    const pending = rows.filter((row) => row.status === 'pending');
    expect(pending.filter((row) => row.confirmExpiresAt!.getTime() < now)).toHaveLength(1);

    // Ada sees them in the app.
    const token = await t.signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);
    const listed = await t.call('GET', '/newsletter-subscribers', { token });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(6);
  });
});
