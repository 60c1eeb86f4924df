import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';
import { pruneEvents, RETENTION_MS } from './hub.ts';

const t = useTestApp();
const DAY = 86_400_000;

describe('the event history', () => {
  it('keeps two weeks of events', () => {
    expect(RETENTION_MS).toBe(14 * DAY);
  });

  it('prunes the events recorded before the cut-off and keeps the rest', async () => {
    const company = await t.createCompany();
    const now = Date.now();
    const ages = [20, 15, 14.5, 13, 1, 0];
    const ids: number[] = [];
    for (const age of ages) {
      const [row] = await t.ctx.db
        .insert(events)
        .values({ companyId: company.id, type: 'test', payload: '{}', createdAt: new Date(now - age * DAY) })
        .returning({ id: events.id });
      ids.push(row!.id);
    }
    const left = async () =>
      (
        (await t.ctx.db.execute(
          sql`select id from events where company_id = ${company.id} order by id`,
        )) as unknown as { rows: { id: number | string }[] }
      ).rows.map((row) => Number(row.id));

    await pruneEvents(t.ctx.db, new Date(now - 14 * DAY));
    expect(await left()).toEqual(ids.slice(3));
    await pruneEvents(t.ctx.db, new Date(now - 14 * DAY));
    expect(await left()).toEqual(ids.slice(3));
    // Everything older than the cut-off, the newest event included.
    await pruneEvents(t.ctx.db, new Date(now + DAY));
    expect(await left()).toEqual([]);
  });
});
