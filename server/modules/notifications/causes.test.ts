/**
 * The notifications other than mentions and replies, each created by its cause, in the cause's
 * transaction: a card assigned to a person, an agent's delegated work completed or failed, a file
 * granted to an agent, the company's credits falling low or running out.
 */
import { and, asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents, events, notifications, subscriptions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { renewSubscriptions } from '../credits/index.ts';

const t = useTestApp();

type Org = Awaited<ReturnType<typeof t.createOrg>>;
type NotificationRow = typeof notifications.$inferSelect;

/** A company with an admin, two members (signed in) and an agent with a token, managed by `member`. */
async function setup() {
  const org = await t.createOrg();
  const other = await t.createUser({ company: org.company, name: t.unique('Olive') });
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: t.unique('Bot'), managerKind: 'human', managerId: org.member.id })
    .returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  expect(minted.status).toBe(201);
  return {
    ...org,
    other,
    otherToken: await t.signIn(other.email),
    bot: bot!,
    agentToken: minted.body.secret as string,
  };
}

/** The company's notifications, oldest first. */
async function notificationsOf(org: Pick<Org, 'company'>): Promise<NotificationRow[]> {
  return t.ctx.db
    .select()
    .from(notifications)
    .where(eq(notifications.companyId, org.company.id))
    .orderBy(asc(notifications.createdAt), asc(notifications.id));
}

/**
 * Every notification of the company was announced once, on its recipient's stream only
 * (`notification.created`, audience: that person), and nothing else was announced.
 */
async function expectAnnouncedToRecipientsOnly(org: Pick<Org, 'company'>) {
  const created = await notificationsOf(org);
  const announced = await t.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.companyId, org.company.id), eq(events.type, 'notification.created')));
  expect(announced).toHaveLength(created.length);
  for (const event of announced) {
    const payload = JSON.parse(event.payload) as { notification: { id: string }; unreadCount: number };
    const row = created.find((candidate) => candidate.id === payload.notification.id)!;
    expect(row).toBeDefined();
    expect(event.audienceUserId).toBe(row.userId);
    expect(event.audienceAgentId).toBeNull();
    expect(payload.unreadCount).toBeGreaterThanOrEqual(1);
  }
}

async function createCard(token: string, board: { id: string; columns: { id: string }[] }, body: object) {
  const created = await t.call('POST', `/projects/${board.id}/cards`, {
    token,
    body: { columnId: board.columns[0]!.id, title: t.unique('Card'), ...body },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.card as { id: string; title: string };
}

async function patchCard(token: string, projectId: string, cardId: string, body: object) {
  const updated = await t.call('PATCH', `/projects/${projectId}/cards/${cardId}`, { token, body });
  expect(updated.status, JSON.stringify(updated.body)).toBe(200);
  return updated.body;
}

describe('card_assigned', () => {
  let org: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    org = await setup();
  });

  it('a card created for a person tells them once, live, on their stream only; not the actor', async () => {
    const board = await t.createBoard(org.adminToken, ['To do'], 0);
    const mine = await t.openStream(org.memberToken);
    const theirs = await t.openStream(org.otherToken);
    try {
      await mine.next('ready');
      await theirs.next('ready');
      const card = await createCard(org.adminToken, board, {
        assignee: org.member.id,
        description: 'Call the   supplier\nabout oat milk.',
      });
      const live = await mine.next('notification.created');
      expect(live.data).toMatchObject({
        notification: {
          type: 'card_assigned',
          readAt: null,
          actor: { kind: 'person', id: org.admin.id, name: org.admin.name },
          thing: { kind: 'card', id: card.id, title: card.title },
          snippet: 'Call the supplier about oat milk.',
          link: { projectId: board.id, cardId: card.id },
        },
        unreadCount: 1,
      });
      // The other member's stream carries the card, not the notification.
      await theirs.next('card.created');
      expect(theirs.received.filter((event) => event.event === 'notification.created')).toEqual([]);
      const rows = (await notificationsOf(org)).filter((row) => row.cardId === card.id);
      expect(rows.map((row) => [row.userId, row.type])).toEqual([[org.member.id, 'card_assigned']]);
      expect(rows[0]!.dedupeKey).toBeNull();
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('an update to another person tells them; keeping, clearing or taking it oneself tells nobody; given again, told again', async () => {
    const board = await t.createBoard(org.adminToken, ['To do'], 0);
    const card = await createCard(org.adminToken, board, {});
    const count = async () => (await notificationsOf(org)).filter((row) => row.cardId === card.id);
    expect(await count()).toEqual([]);

    await patchCard(org.adminToken, board.id, card.id, { assignee: org.member.id });
    expect((await count()).map((row) => row.userId)).toEqual([org.member.id]);
    // Same assignee again, with another change: not news.
    await patchCard(org.adminToken, board.id, card.id, { assignee: org.member.id, title: 'Renamed' });
    await patchCard(org.adminToken, board.id, card.id, { title: 'Renamed again' });
    expect(await count()).toHaveLength(1);
    // Handed on to another member, by the first.
    await patchCard(org.memberToken, board.id, card.id, { assignee: org.other.id });
    expect((await count()).map((row) => [row.userId, row.actorUserId])).toEqual([
      [org.member.id, org.admin.id],
      [org.other.id, org.member.id],
    ]);
    // Taken by oneself (signed in, or with one's API key): nobody is told.
    await patchCard(org.memberToken, board.id, card.id, { assignee: org.member.id });
    const key = await t.createKey(org.adminToken, 'write');
    await patchCard(key.secret, board.id, card.id, { assignee: org.admin.id });
    await patchCard(org.adminToken, board.id, card.id, { assignee: null });
    expect(await count()).toHaveLength(2);
    // Given to the member again later: told again (no dedupe).
    await patchCard(org.adminToken, board.id, card.id, { assignee: org.member.id });
    const rows = await count();
    expect(rows.map((row) => row.userId)).toEqual([org.member.id, org.other.id, org.member.id]);
    expect(rows[2]!.title).toBe('Renamed again');
    await expectAnnouncedToRecipientsOnly(org);
  });

  it('a card given to an agent notifies nobody (it is delegated); an agent giving a card to a person tells them', async () => {
    const board = await t.createBoard(org.adminToken, ['To do'], 0);
    const before = (await notificationsOf(org)).length;
    const delegated = await createCard(org.adminToken, board, { assignee: org.bot.id });
    const card = await createCard(org.adminToken, board, {});
    await patchCard(org.memberToken, board.id, card.id, { assignee: org.bot.id });
    expect(await notificationsOf(org)).toHaveLength(before);

    await patchCard(org.agentToken, board.id, delegated.id, { assignee: org.other.id });
    const [row] = (await notificationsOf(org)).slice(before);
    expect(row).toMatchObject({
      userId: org.other.id,
      type: 'card_assigned',
      actorAgentId: org.bot.id,
      actorUserId: null,
      actorName: org.bot.name,
      cardId: delegated.id,
    });
    expect(await notificationsOf(org)).toHaveLength(before + 1);
    await expectAnnouncedToRecipientsOnly(org);
  });
});

describe('agent_work_completed and agent_work_failed', () => {
  let org: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    org = await setup();
  });

  /** The member delegates a new card to the agent; its session. */
  async function delegate() {
    const board = await t.createBoard(org.adminToken, ['To do'], 0);
    const card = await createCard(org.adminToken, board, {});
    await patchCard(org.memberToken, board.id, card.id, { assignee: org.bot.id });
    const sessions = await t.call('GET', `/projects/${board.id}/delegations`, { token: org.memberToken });
    const sessionId = sessions.body[0].sessionId as string;
    return { board, card, sessionId, url: `/agents/${org.bot.id}/sessions/${sessionId}` };
  }

  it('the agent completing a delegated card tells the person who delegated it, once, with its last reply', async () => {
    const { board, card, sessionId, url } = await delegate();
    const before = (await notificationsOf(org)).length;
    await t.call('POST', `${url}/messages`, { token: org.agentToken, body: { text: 'Working on it.' } });
    await t.call('POST', `${url}/messages`, {
      token: org.agentToken,
      body: { text: 'Done: the  supplier\nconfirmed Tuesday.' },
    });
    const done = await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } });
    expect(done.status).toBe(200);
    const added = (await notificationsOf(org)).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      userId: org.member.id,
      type: 'agent_work_completed',
      actorAgentId: org.bot.id,
      thingKind: 'card',
      thingId: card.id,
      title: card.title,
      snippet: 'Done: the supplier confirmed Tuesday.',
      projectId: board.id,
      cardId: card.id,
      agentId: org.bot.id,
      sessionId,
      dedupeKey: `work:${sessionId}:completed`,
    });
    // Reported again, or again after more work: nothing new.
    await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } });
    await t.call('POST', `${url}/messages`, { token: org.memberToken, body: { text: 'One more thing?' } });
    await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } });
    expect((await notificationsOf(org)).slice(before)).toHaveLength(1);
    await expectAnnouncedToRecipientsOnly(org);
  });

  it('failing tells the person once (the session title when the agent said nothing); the agent and others get none', async () => {
    const { sessionId, url } = await delegate();
    const before = (await notificationsOf(org)).length;
    const failed = await t.call('PATCH', url, { token: org.agentToken, body: { status: 'failed' } });
    expect(failed.status).toBe(200);
    await t.call('PATCH', url, { token: org.agentToken, body: { status: 'failed' } });
    const added = (await notificationsOf(org)).slice(before);
    expect(added.map((row) => [row.userId, row.type, row.dedupeKey])).toEqual([
      [org.member.id, 'agent_work_failed', `work:${sessionId}:failed`],
    ]);
    expect(added[0]!.snippet).toBe(failed.body.title);
    // Failed, then completed after all: that is news too, once.
    await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } });
    expect((await notificationsOf(org)).slice(before).map((row) => row.type)).toEqual([
      'agent_work_failed',
      'agent_work_completed',
    ]);
  });

  it('a chat session (no card) completing or failing tells nobody', async () => {
    const before = (await notificationsOf(org)).length;
    const opened = await t.call('POST', `/agents/${org.bot.id}/sessions`, {
      token: org.otherToken,
      body: { text: 'What is on the roadmap?' },
    });
    expect(opened.status).toBe(201);
    const url = `/agents/${org.bot.id}/sessions/${opened.body.session.id}`;
    expect((await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } })).status).toBe(200);
    expect((await t.call('PATCH', url, { token: org.agentToken, body: { status: 'failed' } })).status).toBe(200);
    expect(await notificationsOf(org)).toHaveLength(before);
  });
});

describe('file_granted', () => {
  let org: Awaited<ReturnType<typeof setup>>;
  beforeAll(async () => {
    org = await setup();
  });

  async function folder(token: string) {
    const created = await t.call('POST', '/client/files/nodes', {
      token,
      body: { type: 'folder', name: t.unique('Folder'), parentId: null },
    });
    expect(created.status).toBe(201);
    return created.body as { id: string; name: string };
  }

  it('a grant tells the agent’s responsible person once; not when they granted it, not for an agent-managed agent', async () => {
    const shared = await folder(org.adminToken);
    const before = (await notificationsOf(org)).length;
    const granted = await t.call('POST', `/agents/${org.bot.id}/file-grants`, {
      token: org.adminToken,
      body: { nodeId: shared.id },
    });
    expect(granted.status).toBe(201);
    // Granted again (it exists already): nothing new.
    const again = await t.call('POST', `/agents/${org.bot.id}/file-grants`, {
      token: org.adminToken,
      body: { nodeId: shared.id },
    });
    expect(again.status).toBe(200);
    const added = (await notificationsOf(org)).slice(before);
    expect(added).toHaveLength(1);
    expect(added[0]).toMatchObject({
      userId: org.member.id,
      type: 'file_granted',
      actorUserId: org.admin.id,
      thingKind: 'file',
      thingId: shared.id,
      title: shared.name,
      snippet: `${org.bot.name} can now read this folder and everything in it.`,
      fileId: shared.id,
      agentId: org.bot.id,
    });

    // The responsible person granting it themselves: nobody is told.
    const own = await folder(org.memberToken);
    expect(
      (await t.call('POST', `/agents/${org.bot.id}/file-grants`, { token: org.memberToken, body: { nodeId: own.id } }))
        .status,
    ).toBe(201);
    // An agent whose responsible party is another agent: no person to tell.
    const [managed] = await t.ctx.db
      .insert(agents)
      .values({ companyId: org.company.id, name: t.unique('Sub'), managerKind: 'agent', managerId: org.bot.id })
      .returning();
    expect(
      (await t.call('POST', `/agents/${managed!.id}/file-grants`, { token: org.adminToken, body: { nodeId: own.id } }))
        .status,
    ).toBe(201);
    expect((await notificationsOf(org)).slice(before)).toHaveLength(1);
    await expectAnnouncedToRecipientsOnly(org);
  });
});

describe('credits_low and credits_exhausted', () => {
  // Trial: 1,000 included credits, low threshold 200; an agent's write costs 1.
  let org: Awaited<ReturnType<typeof setup>>;
  let admin2Token: string;
  let admin2Id: string;
  let board: Awaited<ReturnType<typeof t.createBoard>>;
  let card: { id: string };
  beforeAll(async () => {
    org = await setup();
    const admin2 = await t.createUser({ company: org.company, role: 'admin' });
    admin2Id = admin2.id;
    admin2Token = await t.signIn(admin2.email);
    board = await t.createBoard(org.adminToken, ['To do'], 0);
    card = await createCard(org.adminToken, board, {});
  });

  const creditNotices = async () =>
    (await notificationsOf(org)).filter((row) => row.type === 'credits_low' || row.type === 'credits_exhausted');
  const balance = async () =>
    (await t.call('GET', '/subscriptions/credits/balance', { token: org.adminToken })).body as {
      available: number;
      lowThreshold: number;
    };
  const agentWrite = () =>
    t.call('PATCH', `/projects/${board.id}/cards/${card.id}`, {
      token: org.agentToken,
      body: { title: t.unique('Work') },
    });
  async function adjust(token: string, body: object) {
    const response = await t.call('POST', '/subscriptions/credits/adjustments', {
      token,
      body: { note: 'Test', ...body },
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
  }

  it('falling below the low threshold tells every admin once, not a member; staying below tells nothing', async () => {
    expect(await balance()).toMatchObject({ available: 1000, lowThreshold: 200 });
    await adjust(org.adminToken, { type: 'adjustment', bucket: 'included', amount: -798 });
    expect((await agentWrite()).status).toBe(200); // 201
    expect((await agentWrite()).status).toBe(200); // 200: at the threshold, not below
    expect(await creditNotices()).toEqual([]);
    expect((await agentWrite()).status).toBe(200); // 199: crossed
    const notices = await creditNotices();
    expect(notices.map((row) => row.userId).sort()).toEqual([org.admin.id, admin2Id].sort());
    for (const row of notices) {
      expect(row).toMatchObject({
        type: 'credits_low',
        actorAgentId: org.bot.id,
        actorName: org.bot.name,
        thingKind: 'credits',
        thingId: org.company.id,
        title: 'Credits',
        snippet: '199 credits left, below the low threshold of 200.',
        dedupeKey: null,
      });
    }
    expect((await agentWrite()).status).toBe(200); // 198: still below
    expect(await creditNotices()).toHaveLength(2);
    await expectAnnouncedToRecipientsOnly(org);
  });

  it('after recovering, falling again tells again; the admin who made the movement is not told', async () => {
    await adjust(org.adminToken, { type: 'grant', amount: 50 }); // 248: back above, nobody told
    expect(await creditNotices()).toHaveLength(2);
    await adjust(admin2Token, { type: 'adjustment', bucket: 'purchased', amount: -49 }); // 199
    const added = (await creditNotices()).slice(2);
    expect(added.map((row) => [row.userId, row.type, row.actorUserId])).toEqual([
      [org.admin.id, 'credits_low', admin2Id],
    ]);
  });

  it('running out tells every admin once (credits_exhausted); refused work changes nothing', async () => {
    await adjust(org.adminToken, { type: 'adjustment', bucket: 'included', amount: -197 }); // 2: low already
    expect(await creditNotices()).toHaveLength(3);
    expect((await agentWrite()).status).toBe(200); // 1
    expect((await agentWrite()).status).toBe(200); // 0: exhausted
    const added = (await creditNotices()).slice(3);
    expect(added.map((row) => row.userId).sort()).toEqual([org.admin.id, admin2Id].sort());
    expect(added.every((row) => row.type === 'credits_exhausted' && row.actorAgentId === org.bot.id)).toBe(true);
    expect(added[0]!.snippet).toBe(
      '0 credits left: agents take no new work until an admin buys credits or the plan renews.',
    );
    expect((await agentWrite()).status).toBe(402);
    expect(await creditNotices()).toHaveLength(5);
    await expectAnnouncedToRecipientsOnly(org);
  });

  it('one movement across both lines tells exhaustion only', async () => {
    await adjust(org.adminToken, { type: 'grant', amount: 500 }); // 500
    await adjust(admin2Token, { type: 'adjustment', bucket: 'purchased', amount: -500 }); // 0
    const added = (await creditNotices()).slice(5);
    expect(added.map((row) => [row.userId, row.type])).toEqual([[org.admin.id, 'credits_exhausted']]);
    expect(
      (await notificationsOf(org)).filter((row) => row.userId === org.member.id && row.thingKind === 'credits'),
    ).toEqual([]);
  });
});

describe('a period’s renewal', () => {
  it('notifies nobody when unused included credits expire: the new grant follows, or the admins canceled', async () => {
    const org = await t.createOrg();
    const due = () =>
      t.ctx.db
        .update(subscriptions)
        .set({ currentPeriodEnd: new Date(Date.now() - 60_000) })
        .where(eq(subscriptions.companyId, org.company.id));
    const balance = async () =>
      (await t.call('GET', '/subscriptions/credits/balance', { token: org.adminToken })).body as {
        available: number;
        exhausted: boolean;
      };
    // The trial's 1,000 included credits expire (to 0: exhausted for a moment), Starter's 2,000 come.
    await due();
    expect(await renewSubscriptions(t.ctx)).toBe(1);
    expect(await balance()).toMatchObject({ available: 2000, exhausted: false });
    // Canceled at the period's end: the included credits expire and nothing follows.
    await t.ctx.db
      .update(subscriptions)
      .set({ cancelAtPeriodEnd: true })
      .where(eq(subscriptions.companyId, org.company.id));
    await due();
    expect(await renewSubscriptions(t.ctx)).toBe(1);
    expect(await balance()).toMatchObject({ available: 0, exhausted: true });
    expect(await notificationsOf(org)).toEqual([]);
  });
});
