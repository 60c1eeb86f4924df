/**
 * The demo company's integrations and automation: two connections (GitHub, working; Slack, in
 * error), grants with constraints for Shipwright and Triage, a weekday schedule for Triage with a
 * few past runs, and a webhook endpoint for Watchtower with past deliveries. Seeded once, also into
 * a company seeded before this existed (it looks for the GitHub connection). The webhook's signing
 * secret is random and shown to nobody: an admin rotates it to get one.
 */
import { randomBytes } from 'node:crypto';
import { Cron } from 'croner';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../client.ts';
import { type Keyring, seal } from '../../lib/sealed.ts';
import {
  agents,
  cronJobs,
  cronRuns,
  integrationConnections,
  integrationGrants,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../schema.ts';
import { DEMO_ACCOUNTS } from './demo.ts';

export const DEMO_AUTOMATION = {
  github: 'Byte & Brew GitHub',
  slack: 'Support Slack',
  schedule: 'Weekday triage',
  webhook: 'Status page alerts',
} as const;

const TRIAGE_EXPRESSION = '0 9 * * 1-5';
const TRIAGE_ZONE = 'Europe/Berlin';

export async function seedDemoAutomation(db: Executor, keyring: Keyring, now = new Date()): Promise<boolean> {
  const [admin] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_ACCOUNTS.admin));
  const companyId = admin?.companyId;
  if (!admin || !companyId) return false;
  const [existing] = await db
    .select({ id: integrationConnections.id })
    .from(integrationConnections)
    .where(
      and(
        eq(integrationConnections.companyId, companyId),
        eq(integrationConnections.displayName, DEMO_AUTOMATION.github),
      ),
    );
  if (existing) return false;
  const agentRows = await db.select().from(agents).where(eq(agents.companyId, companyId));
  const agent = (name: string) => agentRows.find((row) => row.name === name);
  const shipwright = agent('Shipwright');
  const triage = agent('Triage');
  const watchtower = agent('Watchtower');
  const days = (n: number) => new Date(now.getTime() - n * 86_400_000);

  const [github] = await db
    .insert(integrationConnections)
    .values({
      companyId,
      providerKey: 'github',
      displayName: DEMO_AUTOMATION.github,
      credentialsSealed: seal(
        keyring,
        JSON.stringify({ token: 'demo-token-not-a-real-one', organization: 'byte-and-brew' }),
      ),
      credentialFields: ['organization', 'token'],
      createdByUserId: admin.id,
      createdAt: days(40),
      updatedAt: days(40),
    })
    .returning();
  const [slack] = await db
    .insert(integrationConnections)
    .values({
      companyId,
      providerKey: 'slack',
      displayName: DEMO_AUTOMATION.slack,
      status: 'error',
      statusMessage: 'Slack answered invalid_auth: the bot token was revoked. Replace it to reconnect.',
      credentialsSealed: seal(keyring, JSON.stringify({ botToken: 'demo-token-not-a-real-one' })),
      credentialFields: ['botToken'],
      createdByUserId: admin.id,
      createdAt: days(30),
      updatedAt: days(2),
    })
    .returning();

  if (shipwright) {
    await db.insert(integrationGrants).values({
      agentId: shipwright.id,
      connectionId: github!.id,
      scope: 'read_write',
      allowedTools: ['issues.list', 'issues.create', 'pulls.comment'],
      constraints: { repositories: ['byte-and-brew/web'], maxPerDay: 50 },
      grantedByUserId: admin.id,
      createdAt: days(39),
      updatedAt: days(39),
    });
  }
  if (triage) {
    await db.insert(integrationGrants).values([
      {
        agentId: triage.id,
        connectionId: github!.id,
        scope: 'read',
        allowedTools: ['issues.list'],
        constraints: { repositories: ['byte-and-brew/web', 'byte-and-brew/app'], labels: ['bug'] },
        grantedByUserId: admin.id,
        createdAt: days(20),
        updatedAt: days(20),
      },
      {
        agentId: triage.id,
        connectionId: slack!.id,
        scope: 'write',
        allowedTools: ['chat.postMessage'],
        constraints: { channels: ['#support'] },
        grantedByUserId: admin.id,
        expiresAt: new Date(now.getTime() + 60 * 86_400_000),
        createdAt: days(20),
        updatedAt: days(20),
      },
    ]);
    const schedule = new Cron(TRIAGE_EXPRESSION, { timezone: TRIAGE_ZONE, paused: true });
    const [job] = await db
      .insert(cronJobs)
      .values({
        companyId,
        agentId: triage.id,
        name: DEMO_AUTOMATION.schedule,
        expression: TRIAGE_EXPRESSION,
        timeZone: TRIAGE_ZONE,
        instruction: 'Triage the Support operations board: say what is blocked and what waits in Triage.',
        nextRunAt: schedule.nextRun(now),
        createdByUserId: admin.id,
        createdAt: days(14),
        updatedAt: days(14),
      })
      .returning();
    // The last three times it fired, as the schedule says.
    const past: Date[] = [];
    let cursor = new Date(now.getTime() - 8 * 86_400_000);
    for (let next = schedule.nextRun(cursor); next && next < now && past.length < 5; next = schedule.nextRun(cursor)) {
      past.push(next);
      cursor = next;
    }
    await db.insert(cronRuns).values(
      past.slice(-3).map((at) => ({
        cronJobId: job!.id,
        companyId,
        agentId: triage.id,
        scheduledFor: at,
        firedAt: at,
        status: 'succeeded' as const,
        outcome: 'Support operations: 1 blocked card, 2 waiting in Triage. Posted the list to the board.',
        reportedAt: new Date(at.getTime() + 40_000),
      })),
    );
  }
  if (watchtower) {
    const secret = `whsec_${randomBytes(32).toString('base64url')}`;
    const [endpoint] = await db
      .insert(webhookEndpoints)
      .values({
        companyId,
        agentId: watchtower.id,
        name: DEMO_AUTOMATION.webhook,
        secretSealed: seal(keyring, secret),
        secretPrefix: secret.slice(0, 10),
        createdByUserId: admin.id,
        createdAt: days(10),
        updatedAt: days(10),
        lastDeliveryAt: days(1),
      })
      .returning();
    const deliveries = [
      { at: days(3), payload: { event: 'incident.opened', component: 'Checkout', impact: 'degraded' } },
      { at: days(1), payload: { event: 'incident.resolved', component: 'Checkout', durationMinutes: 42 } },
    ];
    await db.insert(webhookDeliveries).values(
      deliveries.map(({ at, payload }) => ({
        endpointId: endpoint!.id,
        companyId,
        agentId: watchtower.id,
        receivedAt: at,
        lastDeliveredAt: at,
        payload,
        sizeBytes: Buffer.byteLength(JSON.stringify(payload)),
        signatureHash: randomBytes(32).toString('hex'),
        outcomeStatus: 'succeeded' as const,
        outcome: `Noted ${payload.event} for ${payload.component}.`,
        reportedAt: new Date(at.getTime() + 20_000),
      })),
    );
  }
  return true;
}
