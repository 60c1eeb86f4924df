import { and, asc, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, notificationMutes, notifications } from '../../db/schema.ts';
import type { Logger } from '../../lib/logger.ts';
import { useTestApp } from '../../test/harness.ts';
import { useTestSmtp } from '../../test/smtp.ts';
import { startScheduler } from '../automation/index.ts';
import { draftFor, notifyNow, personActor } from './fixtures.ts';
import { runNotificationTasks, sendNotificationEmails, wakeSnoozedNotifications } from './scheduled.ts';
import { NOTIFICATION_TYPE_INFO, NOTIFICATION_TYPES } from './schemas.ts';

// A local SMTP server: digests go through the real SMTP path.
const { received, url: smtpUrl } = useTestSmtp();

const t = useTestApp();
const MINUTE = 60_000;

/** A company with an admin and two members, each signed in; the admin is the actor of fixtures. */
async function setup() {
  const org = await t.createOrg();
  const other = await t.createUser({ company: org.company, role: 'member' });
  return {
    ...org,
    other,
    otherToken: await t.signIn(other.email),
    byAdmin: personActor(org.admin, org.company),
  };
}
type Org = Awaited<ReturnType<typeof setup>>;

/** One notification for `userId` by the admin, created `agoMs` before now. */
async function notification(
  org: Org,
  userId: string,
  agoMs = 0,
  overrides: Parameters<typeof draftFor>[1] = {},
): Promise<string> {
  const [created] = await notifyNow(t.ctx, org.byAdmin, [draftFor(userId, overrides)]);
  if (!created) throw new Error('no notification created');
  if (agoMs) {
    await t.ctx.db
      .update(notifications)
      .set({ createdAt: new Date(Date.now() - agoMs) })
      .where(eq(notifications.id, created.id));
  }
  return created.id;
}

const list = async (token: string, query = '') => {
  const response = await t.call('GET', `/notifications${query}`, { token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { id: string; type: string; readAt: string | null; snoozedUntil: string | null }[];
};
const ids = async (token: string, query = '') => (await list(token, query)).map((n) => n.id);
const count = async (token: string) => {
  const response = await t.call('GET', '/notifications/unread-count', { token });
  expect(response.status).toBe(200);
  return response.body.count as number;
};
const changes = (userId: string) =>
  t.ctx.db
    .select()
    .from(events)
    .where(and(eq(events.type, 'notifications.changed'), eq(events.audienceUserId, userId)))
    .orderBy(asc(events.id));
const rowOf = async (id: string) => (await t.ctx.db.select().from(notifications).where(eq(notifications.id, id)))[0]!;

describe('listing', () => {
  it('lists the caller’s own notifications newest first, paged by limit and offset, as the contract says', async () => {
    const org = await setup();
    const oldest = await notification(org, org.member.id, 3 * MINUTE);
    const middle = await notification(org, org.member.id, 2 * MINUTE);
    const newest = await notification(org, org.member.id, MINUTE, {
      type: 'mention',
      thing: { kind: 'wiki_page', id: crypto.randomUUID(), title: 'Launch plan' },
      snippet: 'Hello @[Bo](person:00000000-0000-0000-0000-000000000000), see this',
      link: { projectId: crypto.randomUUID(), commentId: crypto.randomUUID() },
    });
    const all = await list(org.memberToken);
    expect(all.map((n) => n.id)).toEqual([newest, middle, oldest]);
    expect(all[0]).toMatchObject({
      id: newest,
      type: 'mention',
      readAt: null,
      snoozedUntil: null,
      actor: { kind: 'person', id: org.admin.id, name: org.admin.name },
      thing: { kind: 'wiki_page', title: 'Launch plan' },
      snippet: 'Hello @Bo, see this',
      link: { projectId: expect.any(String), commentId: expect.any(String) },
    });
    expect(await ids(org.memberToken, '?limit=2')).toEqual([newest, middle]);
    expect(await ids(org.memberToken, '?limit=2&offset=2')).toEqual([oldest]);
    expect(await ids(org.memberToken, '?limit=2&offset=3')).toEqual([]);
    for (const query of ['?limit=0', '?limit=101', '?offset=-1', '?filter=read', '?order=oldest']) {
      const response = await t.call('GET', `/notifications${query}`, { token: org.memberToken });
      expect(response.status, query).toBe(400);
      expect(response.body.code, query).toBe('VALIDATION_ERROR');
    }
    expect(await ids(org.memberToken, '?limit=100')).toHaveLength(3);
  });

  it('shows nobody else’s: another member, the admin and another company’s member see none of them', async () => {
    const org = await setup();
    await notification(org, org.member.id);
    const stranger = await t.createOrg();
    expect(await ids(org.memberToken)).toHaveLength(1);
    expect(await ids(org.otherToken)).toEqual([]);
    expect(await ids(org.adminToken)).toEqual([]);
    expect(await ids(stranger.memberToken)).toEqual([]);
    expect(await count(org.otherToken)).toBe(0);
  });

  it('filters unread ones, and orders unread first on request', async () => {
    const org = await setup();
    const oldest = await notification(org, org.member.id, 3 * MINUTE);
    const read = await notification(org, org.member.id, 2 * MINUTE);
    const newest = await notification(org, org.member.id, MINUTE);
    await t.call('PATCH', `/notifications/${read}`, { token: org.memberToken, body: { read: true } });
    expect(await ids(org.memberToken)).toEqual([newest, read, oldest]);
    expect(await ids(org.memberToken, '?filter=unread')).toEqual([newest, oldest]);
    expect(await ids(org.memberToken, '?order=unread_first')).toEqual([newest, oldest, read]);
    expect(await ids(org.memberToken, '?order=unread_first&limit=2&offset=1')).toEqual([oldest, read]);
    expect(await count(org.memberToken)).toBe(2);
  });

  it('answers 404 to a person without a company', async () => {
    const loner = await t.createUser();
    const token = await t.signIn(loner.email);
    expect((await t.call('GET', '/notifications', { token })).status).toBe(404);
    expect((await t.call('GET', '/notifications/unread-count', { token })).status).toBe(404);
  });
});

describe('marking read', () => {
  it('marks ids read, ignoring ids that are not the caller’s, and unread again with read: false', async () => {
    const org = await setup();
    const [a, b, c] = [
      await notification(org, org.member.id, 3 * MINUTE),
      await notification(org, org.member.id, 2 * MINUTE),
      await notification(org, org.member.id, MINUTE),
    ];
    const theirs = await notification(org, org.other.id);
    expect(await count(org.memberToken)).toBe(3);

    const marked = await t.call('POST', '/notifications/read', {
      token: org.memberToken,
      body: { ids: [a, b, theirs, crypto.randomUUID()] },
    });
    expect(marked.status).toBe(200);
    expect(marked.body).toEqual({ updated: 2, unreadCount: 1 });
    expect(await count(org.memberToken)).toBe(1);
    expect(await count(org.otherToken)).toBe(1);
    expect((await rowOf(theirs)).readAt).toBeNull();
    const [event] = await changes(org.member.id);
    expect(JSON.parse(event!.payload)).toEqual({
      state: 'read',
      ids: expect.arrayContaining([a, b]),
      unreadCount: 1,
      actorUserId: org.member.id,
    });
    expect(JSON.parse(event!.payload).ids).toHaveLength(2);
    expect(await changes(org.other.id)).toEqual([]);

    // Nothing changes: nothing is recorded.
    const again = await t.call('POST', '/notifications/read', { token: org.memberToken, body: { ids: [a, theirs] } });
    expect(again.body).toEqual({ updated: 0, unreadCount: 1 });
    expect(await changes(org.member.id)).toHaveLength(1);

    const unread = await t.call('POST', '/notifications/read', {
      token: org.memberToken,
      body: { ids: [a, c, theirs], read: false },
    });
    expect(unread.body).toEqual({ updated: 1, unreadCount: 2 });
    expect(JSON.parse((await changes(org.member.id))[1]!.payload)).toMatchObject({
      state: 'unread',
      ids: [a],
      unreadCount: 2,
    });
    expect((await list(org.memberToken)).find((n) => n.id === b)!.readAt).not.toBeNull();
    expect((await list(org.memberToken)).find((n) => n.id === a)!.readAt).toBeNull();
  });

  it('marks every one created at or before `before` read (mark all read), leaving newer and snoozed ones', async () => {
    const org = await setup();
    const old = await notification(org, org.member.id, 10 * MINUTE);
    const snoozed = await notification(org, org.member.id, 9 * MINUTE);
    const before = new Date(Date.now() - 5 * MINUTE).toISOString();
    const newer = await notification(org, org.member.id, MINUTE);
    const theirs = await notification(org, org.other.id, 10 * MINUTE);
    await t.call('PATCH', `/notifications/${snoozed}`, {
      token: org.memberToken,
      body: { snoozedUntil: new Date(Date.now() + 3_600_000).toISOString() },
    });
    const marked = await t.call('POST', '/notifications/read', { token: org.memberToken, body: { before } });
    expect(marked.body).toEqual({ updated: 1, unreadCount: 1 });
    expect((await rowOf(old)).readAt).not.toBeNull();
    expect((await rowOf(newer)).readAt).toBeNull();
    expect((await rowOf(snoozed)).readAt).toBeNull();
    expect((await rowOf(theirs)).readAt).toBeNull();
    expect(JSON.parse((await changes(org.member.id)).at(-1)!.payload)).toEqual({
      state: 'read',
      ids: [],
      before,
      unreadCount: 1,
      actorUserId: org.member.id,
    });
    const nothing = await t.call('POST', '/notifications/read', { token: org.memberToken, body: { before } });
    expect(nothing.body).toEqual({ updated: 0, unreadCount: 1 });
  });

  it('takes either ids or before, unread only with ids, and at most 200 ids', async () => {
    const org = await setup();
    const ids201 = Array.from({ length: 201 }, () => crypto.randomUUID());
    for (const body of [
      {},
      { ids: [crypto.randomUUID()], before: new Date().toISOString() },
      { before: new Date().toISOString(), read: false },
      { ids: [] },
      { ids: ids201 },
      { ids: ['not-a-uuid'] },
    ]) {
      const response = await t.call('POST', '/notifications/read', { token: org.memberToken, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.code).toBe('VALIDATION_ERROR');
    }
  });
});

describe('one notification', () => {
  it('is marked read and unread; another person’s or a missing one is 404', async () => {
    const org = await setup();
    const id = await notification(org, org.member.id);
    const theirs = await notification(org, org.other.id);
    const read = await t.call('PATCH', `/notifications/${id}`, { token: org.memberToken, body: { read: true } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id, readAt: expect.any(String), snoozedUntil: null });
    expect(await count(org.memberToken)).toBe(0);
    // Read again: no change, nothing recorded.
    await t.call('PATCH', `/notifications/${id}`, { token: org.memberToken, body: { read: true } });
    const unread = await t.call('PATCH', `/notifications/${id}`, { token: org.memberToken, body: { read: false } });
    expect(unread.body.readAt).toBeNull();
    expect((await changes(org.member.id)).map((event) => JSON.parse(event.payload))).toEqual([
      { state: 'read', ids: [id], unreadCount: 0, actorUserId: org.member.id },
      { state: 'unread', ids: [id], unreadCount: 1, actorUserId: org.member.id },
    ]);

    for (const target of [theirs, crypto.randomUUID()]) {
      const response = await t.call('PATCH', `/notifications/${target}`, {
        token: org.memberToken,
        body: { read: true },
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect((await rowOf(theirs)).readAt).toBeNull();
    expect((await t.call('PATCH', `/notifications/${id}`, { token: org.memberToken, body: {} })).status).toBe(400);
  });

  it('is snoozed out of the list and the count until its time, listed with filter=snoozed, and woken by null', async () => {
    const org = await setup();
    const id = await notification(org, org.member.id, MINUTE);
    const later = await notification(org, org.member.id, 2 * MINUTE);
    await t.call('PATCH', `/notifications/${later}`, { token: org.memberToken, body: { read: true } });
    const until = new Date(Date.now() + 3_600_000).toISOString();
    const snoozed = await t.call('PATCH', `/notifications/${id}`, {
      token: org.memberToken,
      body: { snoozedUntil: until },
    });
    expect(snoozed.status).toBe(200);
    expect(snoozed.body).toMatchObject({ id, snoozedUntil: until, readAt: null });
    expect(await ids(org.memberToken)).toEqual([later]);
    expect(await ids(org.memberToken, '?filter=unread')).toEqual([]);
    expect(await ids(org.memberToken, '?filter=snoozed')).toEqual([id]);
    expect(await count(org.memberToken)).toBe(0);

    // A read one snoozed comes back unread.
    const soon = new Date(Date.now() + 1_800_000).toISOString();
    const readSnoozed = await t.call('PATCH', `/notifications/${later}`, {
      token: org.memberToken,
      body: { snoozedUntil: soon },
    });
    expect(readSnoozed.body).toMatchObject({ readAt: null, snoozedUntil: soon });
    expect(await ids(org.memberToken, '?filter=snoozed')).toEqual([later, id]); // soonest back first

    const woken = await t.call('PATCH', `/notifications/${id}`, {
      token: org.memberToken,
      body: { snoozedUntil: null },
    });
    expect(woken.body).toMatchObject({ snoozedUntil: null, readAt: null });
    expect(await ids(org.memberToken)).toEqual([id]);
    expect(await count(org.memberToken)).toBe(1);
    expect((await changes(org.member.id)).map((event) => JSON.parse(event.payload).state)).toEqual([
      'read',
      'snoozed',
      'snoozed',
      'woken',
    ]);
    // Marking a snoozed one read ends its snooze.
    await t.call('POST', '/notifications/read', { token: org.memberToken, body: { ids: [later] } });
    expect(await rowOf(later)).toMatchObject({ snoozedUntil: null, readAt: expect.any(Date) });
  });

  it('refuses a snooze in the past, now, or more than 90 days ahead, and a snooze marked read, naming the field', async () => {
    const org = await setup();
    const id = await notification(org, org.member.id);
    const day = 86_400_000;
    for (const at of [Date.now() - MINUTE, Date.now() - 1, Date.now() + 90 * day + MINUTE]) {
      const response = await t.call('PATCH', `/notifications/${id}`, {
        token: org.memberToken,
        body: { snoozedUntil: new Date(at).toISOString() },
      });
      expect(response.status).toBe(400);
      expect(response.body.issues).toEqual([expect.objectContaining({ location: 'body', path: 'snoozedUntil' })]);
    }
    const both = await t.call('PATCH', `/notifications/${id}`, {
      token: org.memberToken,
      body: { read: true, snoozedUntil: new Date(Date.now() + day).toISOString() },
    });
    expect(both.status).toBe(400);
    expect(both.body.issues[0].path).toBe('read');
    const farthest = await t.call('PATCH', `/notifications/${id}`, {
      token: org.memberToken,
      body: { snoozedUntil: new Date(Date.now() + 90 * day - MINUTE).toISOString() },
    });
    expect(farthest.status).toBe(200);
    expect(await changes(org.member.id)).toHaveLength(1);
  });
});

describe('the scheduler’s notifications step', () => {
  it('wakes the snoozes that are due, once, recording `woken` for each person with their ids', async () => {
    const org = await setup();
    const base = Date.now();
    const snooze = async (userId: string, token: string, inMs: number) => {
      const id = await notification(org, userId);
      const response = await t.call('PATCH', `/notifications/${id}`, {
        token,
        body: { snoozedUntil: new Date(base + inMs).toISOString() },
      });
      expect(response.status).toBe(200);
      return id;
    };
    const first = await snooze(org.member.id, org.memberToken, 80 * 86_400_000);
    const second = await snooze(org.member.id, org.memberToken, 80 * 86_400_000 + MINUTE);
    const theirs = await snooze(org.other.id, org.otherToken, 80 * 86_400_000 + 2 * MINUTE);
    const notYet = await snooze(org.member.id, org.memberToken, 85 * 86_400_000);
    const now = new Date(base + 80 * 86_400_000 + 3 * MINUTE);
    const before = (await changes(org.member.id)).length;

    // Two instances' ticks at once: every due snooze is woken and announced once.
    const [one, two] = await Promise.all([wakeSnoozedNotifications(t.ctx, now), wakeSnoozedNotifications(t.ctx, now)]);
    expect(one + two).toBeGreaterThanOrEqual(3);
    expect(await wakeSnoozedNotifications(t.ctx, now)).toBe(0);

    const rows = await t.ctx.db
      .select()
      .from(notifications)
      .where(inArray(notifications.id, [first, second, theirs, notYet]));
    expect(
      rows
        .filter((row) => row.snoozedUntil === null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([first, second, theirs].sort());
    expect(rows.every((row) => row.readAt === null)).toBe(true);
    // One event per person and tick (two on Postgres when the instances each took one of theirs).
    const mine = (await changes(org.member.id)).slice(before).map((event) => JSON.parse(event.payload));
    expect(mine.every((event) => event.state === 'woken' && event.unreadCount <= 2)).toBe(true);
    expect(mine.flatMap((event) => event.ids).sort()).toEqual([first, second].sort());
    expect(mine.at(-1).unreadCount).toBe(2);
    const forOther = (await changes(org.other.id)).map((event) => JSON.parse(event.payload));
    expect(forOther.at(-1)).toEqual({ state: 'woken', ids: [theirs], unreadCount: 1 });
    expect(await ids(org.memberToken)).toEqual(expect.arrayContaining([first, second]));
    expect(await ids(org.memberToken, '?filter=snoozed')).toEqual([notYet]);
  });
});

describe('the scheduler’s tick', () => {
  it('runs the notifications step: a snooze whose time has passed is woken', async () => {
    const org = await setup();
    const id = await notification(org, org.member.id);
    await t.ctx.db
      .update(notifications)
      .set({ snoozedUntil: new Date(Date.now() - MINUTE) })
      .where(eq(notifications.id, id));
    const scheduler = startScheduler({ ...t.ctx, config: { ...t.ctx.config, schedulerIntervalMs: 20 } });
    try {
      await expect.poll(async () => (await rowOf(id)).snoozedUntil, { timeout: 10_000 }).toBeNull();
    } finally {
      scheduler.stop();
    }
    expect(JSON.parse((await changes(org.member.id)).at(-1)!.payload)).toMatchObject({ state: 'woken', ids: [id] });
  });

  it('logs a failed notifications step and goes on with the other steps', async () => {
    const warnings: string[] = [];
    const logger: Logger = {
      debug: () => {},
      info: () => {},
      warn: (message) => warnings.push(message),
      error: (message) => warnings.push(message),
    };
    let renewals = 0;
    let passes = 0;
    const scheduler = startScheduler(
      { ...t.ctx, logger, config: { ...t.ctx.config, schedulerIntervalMs: 20 } },
      {
        renew: async () => {
          renewals++;
          return 0;
        },
        notifications: async () => {
          passes++;
          throw new Error('mail broke');
        },
      },
    );
    try {
      await expect.poll(() => passes, { timeout: 10_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      scheduler.stop();
    }
    expect(renewals).toBeGreaterThanOrEqual(2);
    expect(warnings).toContain('scheduler: notifications failed: mail broke');
  });
});

describe('mutes', () => {
  it('mute a card, page, file or one’s own agent session, idempotently, listed with the current title', async () => {
    const org = await setup();
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    const card = board.columns[0]!.cards[0]!;
    const page = (
      await t.call('POST', `/projects/${board.id}/wiki`, { token: org.adminToken, body: { title: 'Plan' } })
    ).body;
    const folder = (
      await t.call('POST', '/client/files/nodes', { token: org.adminToken, body: { type: 'folder', name: 'Specs' } })
    ).body;
    const agent = (await t.call('POST', '/agents', { token: org.adminToken, body: { name: 'Muted bot' } })).body;
    const chat = (
      await t.call('POST', `/agents/${agent.id}/sessions`, { token: org.memberToken, body: { text: 'Hello' } })
    ).body;

    const muted = await t.call('PUT', `/notifications/mutes/card/${card.id}`, { token: org.memberToken });
    expect(muted.status).toBe(200);
    expect(muted.body).toEqual({
      thingKind: 'card',
      thingId: card.id,
      title: card.title,
      link: { projectId: board.id, cardId: card.id },
      createdAt: expect.any(String),
    });
    const again = await t.call('PUT', `/notifications/mutes/card/${card.id}`, { token: org.memberToken });
    expect(again.body).toEqual(muted.body);
    for (const [kind, id] of [
      ['wiki_page', page.id],
      ['file', folder.id],
      ['agent_session', chat.session.id],
    ]) {
      const response = await t.call('PUT', `/notifications/mutes/${kind}/${id}`, { token: org.memberToken });
      expect(response.status, kind).toBe(200);
    }
    await t.call('PATCH', `/projects/${board.id}/cards/${card.id}`, {
      token: org.adminToken,
      body: { title: 'Renamed' },
    });
    const listed = await t.call('GET', '/notifications/mutes', { token: org.memberToken });
    expect(listed.status).toBe(200);
    expect(listed.body).toHaveLength(4);
    expect(listed.body).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ thingKind: 'card', title: 'Renamed' }),
        expect.objectContaining({
          thingKind: 'wiki_page',
          title: 'Plan',
          link: { projectId: board.id, pageId: page.id },
        }),
        expect.objectContaining({ thingKind: 'file', title: 'Specs', link: { fileId: folder.id } }),
        expect.objectContaining({
          thingKind: 'agent_session',
          thingId: chat.session.id,
          link: { agentId: agent.id, sessionId: chat.session.id },
        }),
      ]),
    );
    // Nobody else's: the admin has none.
    expect((await t.call('GET', '/notifications/mutes', { token: org.adminToken })).body).toEqual([]);

    const unmuted = await t.call('DELETE', `/notifications/mutes/card/${card.id}`, { token: org.memberToken });
    expect(unmuted.status).toBe(204);
    expect((await t.call('DELETE', `/notifications/mutes/card/${card.id}`, { token: org.memberToken })).status).toBe(
      204,
    );
    const after = (await t.call('GET', '/notifications/mutes', { token: org.memberToken })).body;
    expect(after.map((mute: { thingKind: string }) => mute.thingKind).sort()).toEqual([
      'agent_session',
      'file',
      'wiki_page',
    ]);
  });

  it('are 404 for what the caller cannot see: another company’s thing, a missing one, another person’s session', async () => {
    const org = await setup();
    const stranger = await t.createOrg();
    const board = await t.createBoard(stranger.adminToken, ['A'], 1);
    const theirCard = board.columns[0]!.cards[0]!;
    const theirPage = (
      await t.call('POST', `/projects/${board.id}/wiki`, { token: stranger.adminToken, body: { title: 'Secret' } })
    ).body;
    const theirFolder = (
      await t.call('POST', '/client/files/nodes', {
        token: stranger.adminToken,
        body: { type: 'folder', name: 'Secret' },
      })
    ).body;
    const agent = (await t.call('POST', '/agents', { token: org.adminToken, body: { name: 'Private bot' } })).body;
    const adminChat = (
      await t.call('POST', `/agents/${agent.id}/sessions`, { token: org.adminToken, body: { text: 'Mine' } })
    ).body;
    for (const [kind, id] of [
      ['card', theirCard.id],
      ['wiki_page', theirPage.id],
      ['file', theirFolder.id],
      ['agent_session', adminChat.session.id],
      ['card', crypto.randomUUID()],
      ['wiki_page', theirCard.id],
    ]) {
      const response = await t.call('PUT', `/notifications/mutes/${kind}/${id}`, { token: org.memberToken });
      expect(response.status, `${kind} ${id}`).toBe(404);
      expect(response.body.code).toBe('NOT_FOUND');
    }
    expect(
      (await t.call('PUT', `/notifications/mutes/credits/${org.company.id}`, { token: org.memberToken })).status,
    ).toBe(400);
    expect((await t.call('GET', '/notifications/mutes', { token: org.memberToken })).body).toEqual([]);
  });

  it('stop new notifications about the thing, except mentions, until unmuted', async () => {
    const org = await setup();
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    const card = board.columns[0]!.cards[0]!;
    const about = { thing: { kind: 'card' as const, id: card.id, title: card.title }, link: { cardId: card.id } };
    await t.call('PUT', `/notifications/mutes/card/${card.id}`, { token: org.memberToken });
    expect(await notifyNow(t.ctx, org.byAdmin, [draftFor(org.member.id, { ...about, type: 'reply' })])).toEqual([]);
    // Another person who did not mute it still gets theirs.
    expect(await notifyNow(t.ctx, org.byAdmin, [draftFor(org.other.id, { ...about, type: 'reply' })])).toHaveLength(1);
    const mention = await notifyNow(t.ctx, org.byAdmin, [draftFor(org.member.id, { ...about, type: 'mention' })]);
    expect(mention.map((n) => n.type)).toEqual(['mention']);
    await t.call('DELETE', `/notifications/mutes/card/${card.id}`, { token: org.memberToken });
    expect(await notifyNow(t.ctx, org.byAdmin, [draftFor(org.member.id, { ...about, type: 'reply' })])).toHaveLength(1);
    expect((await list(org.memberToken)).map((n) => n.type)).toEqual(['reply', 'mention']);
  });

  it('silence a muted agent conversation altogether, mentions included', async () => {
    const org = await setup();
    const agent = (await t.call('POST', '/agents', { token: org.adminToken, body: { name: 'Quiet bot' } })).body;
    const chat = (
      await t.call('POST', `/agents/${agent.id}/sessions`, { token: org.memberToken, body: { text: 'Hello' } })
    ).body;
    const about = {
      type: 'mention' as const,
      thing: { kind: 'agent_session' as const, id: chat.session.id, title: 'Hello' },
      link: { agentId: agent.id, sessionId: chat.session.id },
    };
    expect(await notifyNow(t.ctx, org.byAdmin, [draftFor(org.member.id, about)])).toHaveLength(1);
    await t.call('PUT', `/notifications/mutes/agent_session/${chat.session.id}`, { token: org.memberToken });
    expect(await notifyNow(t.ctx, org.byAdmin, [draftFor(org.member.id, about)])).toEqual([]);
  });

  it('keep at most 500 per person: muting one more forgets the oldest, and the list shows them all', async () => {
    const org = await setup();
    const board = await t.createBoard(org.adminToken, ['A'], 2);
    const [first, second] = board.columns[0]!.cards;
    const old = Date.now() - 3_600_000;
    await t.ctx.db.insert(notificationMutes).values(
      Array.from({ length: 500 }, (_, n) => ({
        userId: org.member.id,
        thingKind: 'card' as const,
        thingId: crypto.randomUUID(),
        createdAt: new Date(old + n * 1000),
      })),
    );
    const [oldest] = await t.ctx.db
      .select()
      .from(notificationMutes)
      .where(eq(notificationMutes.userId, org.member.id))
      .orderBy(notificationMutes.createdAt)
      .limit(1);
    expect((await t.call('PUT', `/notifications/mutes/card/${first!.id}`, { token: org.memberToken })).status).toBe(
      200,
    );
    // Muting it again changes nothing.
    expect((await t.call('PUT', `/notifications/mutes/card/${first!.id}`, { token: org.memberToken })).status).toBe(
      200,
    );
    const listed = (await t.call('GET', '/notifications/mutes', { token: org.memberToken })).body as {
      thingId: string;
    }[];
    expect(listed).toHaveLength(500);
    expect(listed[0]!.thingId).toBe(first!.id);
    expect(listed.some((mute) => mute.thingId === oldest!.thingId)).toBe(false);
    await t.call('PUT', `/notifications/mutes/card/${second!.id}`, { token: org.memberToken });
    const after = (await t.call('GET', '/notifications/mutes', { token: org.memberToken })).body as {
      thingId: string;
    }[];
    expect(after).toHaveLength(500);
    expect(
      after
        .slice(0, 2)
        .map((mute) => mute.thingId)
        .sort(),
    ).toEqual([first!.id, second!.id].sort());
  });
});

describe('preferences', () => {
  it('list every type with its default, and take changes per type that later notifications follow', async () => {
    const org = await setup();
    const defaults = await t.call('GET', '/notifications/preferences', { token: org.memberToken });
    expect(defaults.status).toBe(200);
    expect(defaults.body).toEqual(
      NOTIFICATION_TYPES.map((type) => ({
        type,
        description: NOTIFICATION_TYPE_INFO[type].description,
        inApp: true,
        email: NOTIFICATION_TYPE_INFO[type].emailByDefault,
      })),
    );
    expect(NOTIFICATION_TYPE_INFO.mention.emailByDefault).toBe(true);
    expect(NOTIFICATION_TYPE_INFO.reply.emailByDefault).toBe(false);

    const updated = await t.call('PUT', '/notifications/preferences', {
      token: org.memberToken,
      body: { email: { mention: false, reply: true } },
    });
    expect(updated.status).toBe(200);
    const byType = (body: { type: string; email: boolean }[]) => Object.fromEntries(body.map((p) => [p.type, p.email]));
    expect(byType(updated.body)).toMatchObject({ mention: false, reply: true, card_assigned: true });
    // Left out: kept. Set again: updated in place.
    const again = await t.call('PUT', '/notifications/preferences', {
      token: org.memberToken,
      body: { email: { reply: false } },
    });
    expect(byType(again.body)).toMatchObject({ mention: false, reply: false });
    expect(byType((await t.call('GET', '/notifications/preferences', { token: org.memberToken })).body)).toEqual(
      byType(again.body),
    );
    // Nobody else's changed.
    expect(byType((await t.call('GET', '/notifications/preferences', { token: org.otherToken })).body).mention).toBe(
      true,
    );
    const bad = await t.call('PUT', '/notifications/preferences', {
      token: org.memberToken,
      body: { email: { teleported: true } },
    });
    expect(bad.status).toBe(400);

    // Each notification keeps whether it was wanted by email when it was created.
    const mention = await notification(org, org.member.id, 0, { type: 'mention' });
    const assigned = await notification(org, org.member.id, 0, { type: 'card_assigned' });
    const theirs = await notification(org, org.other.id, 0, { type: 'mention' });
    expect((await rowOf(mention)).emailWanted).toBe(false);
    expect((await rowOf(assigned)).emailWanted).toBe(true);
    expect((await rowOf(theirs)).emailWanted).toBe(true);
  });
});

describe('the email digest', () => {
  const useMail = (publicUrl?: string) => {
    const previous = { mail: t.ctx.config.mail, publicUrl: t.ctx.config.publicUrl };
    t.ctx.config.mail = { smtpUrl: smtpUrl(), from: 'Workspace <no-reply@test.example>' };
    t.ctx.config.publicUrl = publicUrl;
    return {
      restore: () => {
        t.ctx.config.mail = previous.mail;
        t.ctx.config.publicUrl = previous.publicUrl;
      },
    };
  };
  /** A message's text as sent, without quoted-printable's soft line breaks. */
  const bodyOf = (message: { body: string }) => message.body.replace(/=\r?\n/g, '');

  it('sends each person one message of all their waiting notifications once the oldest has waited the delay, once', async () => {
    const org = await setup();
    const mention = await notification(org, org.member.id, 10 * MINUTE, {
      type: 'mention',
      thing: { kind: 'card', id: crypto.randomUUID(), title: '<b>Launch</b> & co' },
      snippet: 'Please look at the launch',
    });
    const assigned = await notification(org, org.member.id, 9 * MINUTE, { type: 'card_assigned' });
    const notWanted = await notification(org, org.member.id, 10 * MINUTE, { type: 'reply' });
    const read = await notification(org, org.member.id, 10 * MINUTE, { type: 'mention' });
    await t.call('PATCH', `/notifications/${read}`, { token: org.memberToken, body: { read: true } });
    const tooNew = await notification(org, org.member.id, MINUTE, { type: 'mention' });
    const theirs = await notification(org, org.other.id, 10 * MINUTE, { type: 'card_assigned' });

    // Without a mail server: nothing is sent, nothing is marked.
    expect(await sendNotificationEmails(t.ctx)).toBe(0);
    expect((await rowOf(mention)).emailedAt).toBeNull();

    const mail = useMail('https://workspace.example.com');
    try {
      const sentBefore = received.length;
      expect(await sendNotificationEmails(t.ctx)).toBeGreaterThanOrEqual(2);
      const messages = received.slice(sentBefore);
      const toMember = messages.filter((message) => message.to === org.member.email);
      const toOther = messages.filter((message) => message.to === org.other.email);
      expect(toMember).toHaveLength(1);
      expect(toOther).toHaveLength(1);
      const body = bodyOf(toMember[0]!);
      expect(body).toContain('Subject: 3 unread notifications in');
      expect(body).toContain('https://workspace.example.com/inbox');
      expect(body).toContain('<b>Launch</b> & co'); // the text part as written
      expect(body).toContain('&#60;b&#62;Launch&#60;/b&#62; &#38; co'); // the HTML part escaped
      expect(body).not.toContain('<b>Launch</b> &amp;');
      expect(body).toContain('Please look at the launch');

      // The one newer than the delay rides along with the older ones: one message, not two.
      for (const id of [mention, assigned, tooNew, theirs]) expect((await rowOf(id)).emailedAt, id).not.toBeNull();
      for (const id of [notWanted, read]) expect((await rowOf(id)).emailedAt, id).toBeNull();

      // The next tick sends nothing again; a new one waits for its own delay.
      const sentNow = received.length;
      await sendNotificationEmails(t.ctx);
      expect(received.slice(sentNow).filter((message) => message.to === org.member.email)).toEqual([]);
      const fresh = await notification(org, org.member.id, 0, { type: 'mention' });
      await sendNotificationEmails(t.ctx);
      expect(received.slice(sentNow).filter((message) => message.to === org.member.email)).toEqual([]);
      await sendNotificationEmails(t.ctx, new Date(Date.now() + 10 * MINUTE));
      const later = received.slice(sentNow).filter((message) => message.to === org.member.email);
      expect(later).toHaveLength(1);
      expect((await rowOf(fresh)).emailedAt).not.toBeNull();
      expect((await rowOf(read)).emailedAt).toBeNull();
    } finally {
      mail.restore();
    }
  });

  it('follows the configured delay, links nowhere without a public URL, and keeps unsent ones for the next tick', async () => {
    const org = await setup();
    const id = await notification(org, org.member.id, 2 * MINUTE, { type: 'mention' });
    const mail = useMail(undefined);
    const delay = t.ctx.config.notificationEmailDelayMs;
    try {
      const sentBefore = received.length;
      await sendNotificationEmails(t.ctx);
      expect(received.slice(sentBefore).some((message) => message.to === org.member.email)).toBe(false);
      t.ctx.config.notificationEmailDelayMs = MINUTE;

      // The mail server is unreachable: logged, nothing marked, so the next tick sends it.
      t.ctx.config.mail = { smtpUrl: 'smtp://127.0.0.1:1', from: 'Workspace <no-reply@test.example>' };
      await sendNotificationEmails(t.ctx);
      expect((await rowOf(id)).emailedAt).toBeNull();

      t.ctx.config.mail = { smtpUrl: smtpUrl(), from: 'Workspace <no-reply@test.example>' };
      await runNotificationTasks(t.ctx);
      const mine = received.slice(sentBefore).filter((message) => message.to === org.member.email);
      expect(mine).toHaveLength(1);
      expect(bodyOf(mine[0]!)).toContain('Open your inbox in Workspace');
      expect(bodyOf(mine[0]!)).not.toContain('/inbox');
      expect((await rowOf(id)).emailedAt).not.toBeNull();
    } finally {
      t.ctx.config.notificationEmailDelayMs = delay;
      mail.restore();
    }
  });
  it('drops a digest the mail server refuses for good, so refused addresses never hold back the others', async () => {
    const org = await setup();
    // Four people whose mailboxes do not exist, each with a waiting notification, and the member.
    const refused = [];
    for (let n = 0; n < 4; n++) {
      const person = await t.createUser({ company: org.company, email: `${t.unique('gone')}@rejected.test.example` });
      refused.push(await notification(org, person.id, 10 * MINUTE, { type: 'mention' }));
    }
    const mine = await notification(org, org.member.id, 10 * MINUTE, { type: 'mention' });
    const mail = useMail(undefined);
    try {
      const sentBefore = received.length;
      await sendNotificationEmails(t.ctx);
      expect(received.slice(sentBefore).filter((message) => message.to === org.member.email)).toHaveLength(1);
      expect((await rowOf(mine)).emailedAt).not.toBeNull();
      // Dropped, not retried on every tick.
      for (const id of refused) expect((await rowOf(id)).emailedAt, id).not.toBeNull();
    } finally {
      mail.restore();
    }
  });
});

describe('who may use the inbox', () => {
  const operations = (id: string, thingId: string): [string, string, unknown?][] => [
    ['GET', '/notifications'],
    ['GET', '/notifications/unread-count'],
    ['POST', '/notifications/read', { ids: [id] }],
    ['PATCH', `/notifications/${id}`, { read: true }],
    ['GET', '/notifications/mutes'],
    ['PUT', `/notifications/mutes/card/${thingId}`],
    ['DELETE', `/notifications/mutes/card/${thingId}`],
    ['GET', '/notifications/preferences'],
    ['PUT', '/notifications/preferences', { email: { reply: true } }],
  ];

  it('refuses agent tokens on every operation (agents have no inbox)', async () => {
    const org = await setup();
    const agent = (await t.call('POST', '/agents', { token: org.adminToken, body: { name: 'Inboxless' } })).body;
    const { secret } = (
      await t.call('POST', `/agents/${agent.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } })
    ).body;
    const id = await notification(org, org.member.id);
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    for (const [method, path, body] of operations(id, board.columns[0]!.cards[0]!.id)) {
      const response = await t.call(method, path, { token: secret, body });
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(response.body.code, `${method} ${path}`).toBe('AGENT_TOKEN_FORBIDDEN');
    }
  });

  it('lets a read key read its person’s inbox and not change it; a write key acts for its person', async () => {
    // Only admins make keys: the admin's inbox, a notification from the member.
    const org = await setup();
    const [created] = await notifyNow(t.ctx, personActor(org.member, org.company), [draftFor(org.admin.id)]);
    const id = created!.id;
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    const readKey = await t.createKey(org.adminToken, 'read');
    for (const [method, path, body] of operations(id, board.columns[0]!.cards[0]!.id)) {
      const response = await t.call(method, path, { token: readKey.secret, body });
      if (method === 'GET') {
        expect(response.status, `${method} ${path}`).toBe(200);
      } else {
        expect(response.status, `${method} ${path}`).toBe(403);
        expect(response.body.code, `${method} ${path}`).toBe('API_KEY_READ_ONLY');
      }
    }
    expect(
      (await t.call('GET', '/notifications', { token: readKey.secret })).body.map((n: { id: string }) => n.id),
    ).toEqual([id]);
    expect((await rowOf(id)).readAt).toBeNull();
    const writeKey = await t.createKey(org.adminToken, 'write');
    const marked = await t.call('POST', '/notifications/read', { token: writeKey.secret, body: { ids: [id] } });
    expect(marked.body).toEqual({ updated: 1, unreadCount: 0 });
    expect(JSON.parse((await changes(org.admin.id)).at(-1)!.payload).actorUserId).toBe(org.admin.id);
  });
});
