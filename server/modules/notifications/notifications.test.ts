import { beforeAll, describe, expect, it } from 'vitest';
import { holdToContract } from '../../test/contract-check.ts';
import { createApp } from '../../app.ts';
import { createContext } from '../../bootstrap.ts';
import { events } from '../../db/schema.ts';
import type { StreamEvent } from '../../events/hub.ts';
import { createLogger } from '../../lib/logger.ts';
import { relaxedLimits, testStorage, useTestApp } from '../../test/harness.ts';
import { DEFAULT_FILES_CONFIG } from '../files/index.ts';
import { draftFor, notifyNow, personActor } from './fixtures.ts';
import { wakeSnoozedNotifications } from './scheduled.ts';

const t = useTestApp({ config: { sseHeartbeatMs: 100 } });
let org: Awaited<ReturnType<typeof t.createOrg>>;

beforeAll(async () => {
  org = await t.createOrg();
});

describe('GET /notifications/sse', () => {
  it('opens an event stream that starts with ready and carries board changes made by others', async () => {
    const board = await t.createBoard(org.adminToken, ['A', 'B'], 2);
    const stream = await t.openStream(org.memberToken);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toContain('text/event-stream');
      expect((await stream.next('ready')).data).toEqual({ resumed: true });

      const [a, b] = board.columns;
      const card = a!.cards[0]!;
      await t.call('PATCH', `/projects/${board.id}/cards/${card.id}/move`, {
        token: org.adminToken,
        headers: { 'x-client-id': 'tab-1' },
        body: { columnId: b!.id, position: 0 },
      });
      const moved = await stream.next('card.moved');
      expect(Number(moved.id)).toBeGreaterThan(0);
      expect(moved.data).toMatchObject({
        projectId: board.id,
        card: { id: card.id, column: b!.id },
        columns: [
          { id: a!.id, cardIds: [a!.cards[1]!.id] },
          { id: b!.id, cardIds: [card.id, ...b!.cards.map((c) => c.id)] },
        ],
        actorUserId: org.admin.id,
        clientId: 'tab-1',
      });

      const comment = await t.call('POST', `/projects/${board.id}/cards/${card.id}/comments`, {
        token: org.adminToken,
        body: { text: 'On it' },
      });
      expect((await stream.next('comment.created')).data).toMatchObject({
        cardId: card.id,
        comment: { id: comment.body.id },
      });
    } finally {
      await stream.close();
    }
  });

  it('sends a heartbeat comment between events', async () => {
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      await new Promise((resolve) => setTimeout(resolve, 350));
      expect(stream.comments.filter((line) => line === ': ping').length).toBeGreaterThanOrEqual(2);
    } finally {
      await stream.close();
    }
  });

  it('replays what a reconnecting client missed after Last-Event-ID, in order', async () => {
    const board = await t.createBoard(org.adminToken, ['A'], 3);
    const [x, y, z] = board.columns[0]!.cards;
    const first = await t.openStream(org.memberToken);
    await first.next('ready');
    await t.call('PATCH', `/projects/${board.id}/cards/${x!.id}`, { token: org.adminToken, body: { title: 'one' } });
    const seen = await first.next('card.updated');
    await first.close();

    await t.call('PATCH', `/projects/${board.id}/cards/${y!.id}`, { token: org.adminToken, body: { title: 'two' } });
    await t.call('PATCH', `/projects/${board.id}/cards/${z!.id}`, { token: org.adminToken, body: { title: 'three' } });

    const again = await t.openStream(org.memberToken, { 'last-event-id': seen.id! });
    try {
      const replayed = [await again.next('card.updated'), await again.next('card.updated')];
      expect(replayed.map((event) => event.data.card.title)).toEqual(['two', 'three']);
      expect(Number(replayed[1]!.id)).toBeGreaterThan(Number(replayed[0]!.id));
      // Missed events come first or, if they were still on their way to this server, right after.
      await expect.poll(() => again.received.find((event) => event.event === 'ready')?.data).toEqual({ resumed: true });
      expect(again.received.filter((event) => event.event === 'card.updated')).toHaveLength(2);
    } finally {
      await again.close();
    }
  });

  it('after the last stream of a company closed, a reconnect replays what it missed, and a fresh stream gets nothing old', async () => {
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    const cardUrl = `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`;
    const only = await t.openStream(org.memberToken);
    await only.next('ready');
    await t.call('PATCH', cardUrl, { token: org.adminToken, body: { title: 'seen' } });
    const seen = await only.next('card.updated');
    await only.close();
    for (let i = 0; i < 50 && t.ctx.hub.size > 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(t.ctx.hub.size).toBe(0);

    await t.call('PATCH', cardUrl, { token: org.adminToken, body: { title: 'missed 1' } });
    await t.call('PATCH', cardUrl, { token: org.adminToken, body: { title: 'missed 2' } });

    const resumed = await t.openStream(org.memberToken, { 'last-event-id': seen.id! });
    const fresh = await t.openStream(org.memberToken);
    try {
      const replayed = [await resumed.next('card.updated'), await resumed.next('card.updated')];
      expect(replayed.map((event) => event.data.card.title)).toEqual(['missed 1', 'missed 2']);
      await fresh.next('ready');
      await t.call('PATCH', cardUrl, { token: org.adminToken, body: { title: 'new' } });
      expect((await fresh.next('card.updated')).data.card.title).toBe('new');
      expect(fresh.received.filter((event) => event.event === 'card.updated')).toHaveLength(1);
      expect((await resumed.next('card.updated')).data.card.title).toBe('new');
    } finally {
      await resumed.close();
      await fresh.close();
    }
  });

  it('a stream joining while the last one leaves still receives what follows', async () => {
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    const cardUrl = `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`;
    const base = { companyId: org.company.id, userId: org.member.id, close: () => undefined };
    const leaving = { ...base, send: () => undefined };
    await t.ctx.hub.subscribe(leaving);
    const received: StreamEvent[] = [];
    // The last stream goes and another comes in the same tick: the company's state must stay.
    t.ctx.hub.unsubscribe(leaving);
    const joining = { ...base, send: (event: StreamEvent) => received.push(event) };
    await t.ctx.hub.subscribe(joining);
    try {
      await t.call('PATCH', cardUrl, { token: org.adminToken, body: { title: 'after the handover' } });
      await expect.poll(() => received.map((event) => event.type)).toEqual(['card.updated']);
    } finally {
      t.ctx.hub.unsubscribe(joining);
    }
  });

  it('stays open when its user only changes their name', async () => {
    const token = await t.signIn(org.member.email);
    const stream = await t.openStream(token);
    try {
      await stream.next('ready');
      await t.call('PATCH', '/users/me', { token, body: { title: 'Renamed title' } });
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(stream.ended).toBe(false);
    } finally {
      await stream.close();
    }
  });

  it('says resumed: false when the missed events are no longer kept', async () => {
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    await t.call('PATCH', `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`, {
      token: org.adminToken,
      body: { title: 'new' },
    });
    await t.ctx.db.delete(events);
    await t.call('PATCH', `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`, {
      token: org.adminToken,
      body: { title: 'newer' },
    });
    const stream = await t.openStream(org.memberToken, { 'last-event-id': '1' });
    try {
      expect((await stream.next('ready')).data).toEqual({ resumed: false });
    } finally {
      await stream.close();
    }
  });

  it('rejects a malformed Last-Event-ID with 400', async () => {
    const response = await t.call('GET', '/notifications/sse', {
      token: org.memberToken,
      headers: { 'last-event-id': 'abc' },
    });
    expect(response.status).toBe(400);
  });

  it('never carries another company’s events', async () => {
    const stranger = await t.createOrg();
    const stream = await t.openStream(stranger.memberToken);
    try {
      await stream.next('ready');
      const board = await t.createBoard(org.adminToken, ['A'], 1);
      await t.call('PATCH', `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`, {
        token: org.adminToken,
        body: { title: 'secret' },
      });
      await expect(stream.next('card.updated', 400)).rejects.toThrow('no card.updated');
    } finally {
      await stream.close();
    }
  });

  it('accepts an API key, and answers 404 to a user without a company', async () => {
    const key = await t.createKey(org.adminToken, 'read');
    const stream = await t.openStream(key.secret);
    try {
      expect((await stream.next('ready')).data).toEqual({ resumed: true });
    } finally {
      await stream.close();
    }
    const loner = await t.createUser();
    expect((await t.call('GET', '/notifications/sse', { token: await t.signIn(loner.email) })).status).toBe(404);
  });

  it('ends when the session behind it is revoked', async () => {
    const token = await t.signIn(org.member.email);
    const stream = await t.openStream(token);
    await stream.next('ready');
    await t.call('POST', '/auth/logout', { token });
    for (let i = 0; i < 50 && !stream.ended; i++) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(stream.ended).toBe(true);
  });

  it('delivers events recorded by another server instance on the same database', async () => {
    const other = await createContext({
      handle: t.handle,
      logger: createLogger('silent'),
      storage: testStorage,
      config: {
        sessionTtlSeconds: 3600,
        rateLimits: relaxedLimits,
        trustProxy: false,
        sseHeartbeatMs: 10_000,
        files: DEFAULT_FILES_CONFIG,
      },
    });
    const otherApp = holdToContract(createApp(other));
    const stream = await t.openStream(org.memberToken);
    try {
      await stream.next('ready');
      const board = await t.createBoard(org.adminToken, ['A'], 1);
      const card = board.columns[0]!.cards[0]!;
      const response = await otherApp.request(
        `/api/projects/${board.id}/cards/${card.id}`,
        {
          method: 'PATCH',
          headers: { authorization: `Bearer ${org.adminToken}`, 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'from the other instance' }),
        },
        { incoming: { socket: { remoteAddress: '10.1.1.1' } } } as never,
      );
      expect(response.status).toBe(200);
      expect((await stream.next('card.updated')).data.card.title).toBe('from the other instance');
    } finally {
      await stream.close();
      other.hub.close();
      await other.bus.close();
    }
  });
});

describe('notifications on the stream', () => {
  it('reach only their person: another member’s open stream gets no notification.created nor notifications.changed', async () => {
    const other = await t.createUser({ company: org.company, role: 'member' });
    const mine = await t.openStream(org.memberToken);
    const theirs = await t.openStream(await t.signIn(other.email));
    try {
      await mine.next('ready');
      await theirs.next('ready');
      const [created] = await notifyNow(t.ctx, personActor(org.admin, org.company), [draftFor(org.member.id)]);
      const arrived = await mine.next('notification.created');
      const count = (await t.call('GET', '/notifications/unread-count', { token: org.memberToken })).body.count;
      expect(arrived.data).toEqual({ notification: created, unreadCount: count, actorUserId: org.admin.id });

      await t.call('POST', '/notifications/read', { token: org.memberToken, body: { ids: [created!.id] } });
      expect((await mine.next('notifications.changed')).data).toEqual({
        state: 'read',
        ids: [created!.id],
        unreadCount: count - 1,
        actorUserId: org.member.id,
      });
      const until = Date.now() + 3_600_000;
      await t.call('PATCH', `/notifications/${created!.id}`, {
        token: org.memberToken,
        body: { snoozedUntil: new Date(until).toISOString() },
      });
      expect((await mine.next('notifications.changed')).data).toMatchObject({ state: 'snoozed', ids: [created!.id] });
      // The scheduler wakes it: the server's own event, for its person only too.
      await wakeSnoozedNotifications(t.ctx, new Date(until + 1000));
      expect((await mine.next('notifications.changed')).data).toEqual({
        state: 'woken',
        ids: [created!.id],
        unreadCount: count,
      });

      // A company event recorded after them reaches the other member's stream; they never did.
      const board = await t.createBoard(org.adminToken, ['A'], 1);
      await t.call('PATCH', `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`, {
        token: org.adminToken,
        body: { title: 'After the notifications' },
      });
      expect((await theirs.next('card.updated')).data.card.title).toBe('After the notifications');
      expect((await mine.next('card.updated')).data.card.title).toBe('After the notifications');
      const kinds = theirs.received.map((event) => event.event);
      expect(kinds).not.toContain('notification.created');
      expect(kinds).not.toContain('notifications.changed');
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it('replays a notification missed while disconnected after Last-Event-ID', async () => {
    const board = await t.createBoard(org.adminToken, ['A'], 1);
    const first = await t.openStream(org.memberToken);
    await first.next('ready');
    await t.call('PATCH', `/projects/${board.id}/cards/${board.columns[0]!.cards[0]!.id}`, {
      token: org.adminToken,
      body: { title: 'seen' },
    });
    const seen = await first.next('card.updated');
    await first.close();

    const [missed] = await notifyNow(t.ctx, personActor(org.admin, org.company), [
      draftFor(org.member.id, { type: 'mention', snippet: 'While you were away' }),
    ]);
    const again = await t.openStream(org.memberToken, { 'last-event-id': seen.id! });
    try {
      const replayed = await again.next('notification.created');
      expect(replayed.data.notification).toEqual(missed);
      expect(Number(replayed.id)).toBeGreaterThan(Number(seen.id));
    } finally {
      await again.close();
    }
  });
});
