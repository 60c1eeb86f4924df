import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';
import { unseal } from '../../lib/sealed.ts';
import { agents, cronRuns, integrationConnections } from '../schema.ts';
import { DEMO_AUTOMATION, seedDemoAutomation } from './automation.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from './demo.ts';

const t = useTestApp();

describe('the demo integrations and automation', () => {
  it('are seeded once: two connections, grants with constraints, a weekday schedule with runs, a webhook with deliveries', async () => {
    await seedDemo(t.ctx.db);
    const now = new Date('2026-11-26T12:00:00Z'); // a Thursday
    expect(await seedDemoAutomation(t.ctx.db, t.ctx.secrets.credentials, now)).toBe(true);
    expect(await seedDemoAutomation(t.ctx.db, t.ctx.secrets.credentials, now)).toBe(false);
    const token = await t.signIn(DEMO_ACCOUNTS.admin, DEMO_PASSWORD);

    const connections = (await t.call('GET', '/integrations/connections', { token })).body as {
      id: string;
      displayName: string;
      status: string;
      grantCount: number;
    }[];
    expect(connections.map(({ displayName, status, grantCount }) => ({ displayName, status, grantCount }))).toEqual([
      { displayName: DEMO_AUTOMATION.github, status: 'active', grantCount: 2 },
      { displayName: DEMO_AUTOMATION.slack, status: 'error', grantCount: 1 },
    ]);
    const [row] = await t.ctx.db
      .select()
      .from(integrationConnections)
      .where(eq(integrationConnections.id, connections[0]!.id));
    expect(JSON.parse(unseal(t.ctx.secrets.credentials, row!.credentialsSealed!))).toHaveProperty('token');

    const byName = async (name: string) => (await t.ctx.db.select().from(agents).where(eq(agents.name, name)))[0]!;
    const shipwright = await byName('Shipwright');
    const grants = (await t.call('GET', `/agents/${shipwright.id}/integration-grants`, { token })).body;
    expect(grants).toEqual([
      expect.objectContaining({
        scope: 'read_write',
        constraints: { repositories: ['byte-and-brew/web'], maxPerDay: 50 },
        status: 'active',
        connection: { providerKey: 'github', displayName: DEMO_AUTOMATION.github, status: 'active' },
      }),
    ]);
    const triage = await byName('Triage');
    const triageGrants = (await t.call('GET', `/agents/${triage.id}/integration-grants`, { token })).body;
    expect(triageGrants.map((grant: { status: string }) => grant.status).sort()).toEqual([
      'active',
      'connection_unavailable',
    ]);

    const runs = await t.ctx.db.select().from(cronRuns).where(eq(cronRuns.agentId, triage.id));
    expect(runs).toHaveLength(3);
    for (const run of runs) {
      // 09:00 in Berlin on a weekday (UTC+1 in winter).
      expect(run.scheduledFor.getUTCHours()).toBe(8);
      expect([1, 2, 3, 4, 5]).toContain(run.scheduledFor.getUTCDay());
      expect(run.scheduledFor.getTime()).toBeLessThan(now.getTime());
    }
  });
});
