import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { agents, events, notifications } from '../db/schema.ts';
import { useTestApp } from '../test/harness.ts';

const t = useTestApp();

async function setup(status: 'active' | 'paused') {
  const org = await t.createOrg();
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Reactbot', managerKind: 'human', managerId: org.admin.id, status })
    .returning();
  const board = await t.createBoard(org.adminToken, ['To do'], 1);
  return { ...org, bot: bot!, board, card: board.columns[0]!.cards[0]! };
}

const eventTypes = async (companyId: string) =>
  (
    await t.ctx.db
      .select({ type: events.type })
      .from(events)
      .where(eq(events.companyId, companyId))
      .orderBy(asc(events.id))
  ).map((row) => row.type);

describe('reactions (server/reactions.ts)', () => {
  it('a reaction that refuses rolls its cause back: nothing of the change, its event or the other reactions is kept', async () => {
    const org = await setup('paused');
    const cardPath = `/projects/${org.board.id}/cards/${org.card.id}`;
    const given = await t.call('PATCH', cardPath, { token: org.adminToken, body: { assignee: org.member.id } });
    expect(given.status).toBe(200);
    const before = await eventTypes(org.company.id);
    expect(before.slice(-2)).toEqual(['card.updated', 'notification.created']);

    // Delegation (the first reaction) refuses a paused agent: the title edit goes with it.
    const refused = await t.call('PATCH', cardPath, {
      token: org.adminToken,
      body: { assignee: org.bot.id, title: 'Renamed' },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('AGENT_UNAVAILABLE');
    const card = await t.call('GET', cardPath, { token: org.adminToken });
    expect(card.body).toMatchObject({ title: org.card.title, assignee: org.member.id, assigneeKind: 'human' });
    expect(await eventTypes(org.company.id)).toEqual(before);
  });

  it('run in their table’s order, in the cause’s transaction, after the cause’s own event', async () => {
    const org = await setup('active');
    const cardPath = `/projects/${org.board.id}/cards/${org.card.id}`;
    const start = (await eventTypes(org.company.id)).length;

    // cardAssigneeChanged: delegation (a session for the agent), then the person's notification.
    expect((await t.call('PATCH', cardPath, { token: org.adminToken, body: { assignee: org.bot.id } })).status).toBe(
      200,
    );
    expect((await t.call('PATCH', cardPath, { token: org.adminToken, body: { assignee: org.member.id } })).status).toBe(
      200,
    );
    // commentWritten: the mentioned person's notification, then the agent's hand-off.
    const comment = await t.call('POST', `${cardPath}/comments`, {
      token: org.adminToken,
      body: { text: `@[Member](person:${org.member.id}) and @[Reactbot](agent:${org.bot.id}), look` },
    });
    expect(comment.status).toBe(201);

    expect((await eventTypes(org.company.id)).slice(start)).toEqual([
      'card.updated',
      'agent.session.updated',
      'agent.message.created',
      'agent.card.delegated',
      'card.updated',
      // Taking the card from the agent ends its session.
      'agent.message.created',
      'agent.session.updated',
      'agent.session.stopped',
      'notification.created',
      'comment.created',
      'notification.created',
      'agent.mentioned',
    ]);
    const told = await t.ctx.db
      .select({ type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, org.member.id))
      .orderBy(asc(notifications.createdAt));
    expect(told.map((row) => row.type)).toEqual(['card_assigned', 'mention']);
  });
});
