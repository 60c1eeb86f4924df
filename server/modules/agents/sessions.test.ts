import { describe, expect, it } from 'vitest';
import { agents } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { titleFrom } from './session-records.ts';

const t = useTestApp();

async function setup() {
  const org = await t.createOrg();
  const [bot] = await t.ctx.db
    .insert(agents)
    .values({ companyId: org.company.id, name: 'Cafébot', managerKind: 'human', managerId: org.admin.id })
    .returning();
  const minted = await t.call('POST', `/agents/${bot!.id}/tokens`, { token: org.adminToken, body: { name: 'runner' } });
  const other = await t.createUser({ company: org.company, name: 'Olive' });
  return { ...org, bot: bot!, agentToken: minted.body.secret as string, otherToken: await t.signIn(other.email) };
}

type Org = Awaited<ReturnType<typeof setup>>;
const base = (org: Org) => `/agents/${org.bot.id}/sessions`;

async function openSession(org: Org, text = 'Summarise the blocked cards on Café roadmap') {
  const created = await t.call('POST', base(org), { token: org.memberToken, body: { text } });
  expect(created.status).toBe(201);
  return created.body as { session: { id: string; title: string; status: string }; message: { id: string } };
}

describe('titles', () => {
  it('come from the first line of the first message, cut at a word near 80 characters', () => {
    expect(titleFrom('  Hello there\nsecond line')).toBe('Hello there');
    const long = 'word '.repeat(30);
    const title = titleFrom(long);
    expect(title.length).toBeLessThanOrEqual(80);
    expect(title.endsWith('…')).toBe(true);
  });
});

describe('chat sessions', () => {
  it('a person opens a session with a first message; it is private to them and the agent', async () => {
    const org = await setup();
    const { session, message } = await openSession(org);
    expect(session).toMatchObject({
      title: 'Summarise the blocked cards on Café roadmap',
      status: 'working',
      owner: { id: org.member.id, name: org.member.name },
      card: null,
    });
    expect(message).toMatchObject({ role: 'user', author: { kind: 'human', id: org.member.id }, status: 'complete' });
    const url = `${base(org)}/${session.id}`;
    expect((await t.call('GET', url, { token: org.memberToken })).status).toBe(200);
    expect((await t.call('GET', url, { token: org.agentToken })).status).toBe(200);
    // Another member, even an admin, gets 404: the session does not exist for them.
    expect((await t.call('GET', url, { token: org.otherToken })).status).toBe(404);
    expect((await t.call('GET', url, { token: org.adminToken })).status).toBe(404);
    expect((await t.call('GET', `${url}/messages`, { token: org.adminToken })).status).toBe(404);
    expect(
      (await t.call('POST', `${url}/messages`, { token: org.otherToken, body: { text: 'let me in' } })).status,
    ).toBe(404);
    // Listed for its person and the agent only.
    const mine = await t.call('GET', '/agent-sessions', { token: org.memberToken });
    expect(mine.body.map((s: { id: string }) => s.id)).toEqual([session.id]);
    expect((await t.call('GET', '/agent-sessions', { token: org.otherToken })).body).toEqual([]);
    expect(
      (await t.call('GET', '/agent-sessions', { token: org.agentToken })).body.map((s: { id: string }) => s.id),
    ).toEqual([session.id]);
  });

  it('bounds message text to 1..20,000 characters', async () => {
    const org = await setup();
    for (const text of ['', '   ', 'x'.repeat(20_001)]) {
      const refused = await t.call('POST', base(org), { token: org.memberToken, body: { text } });
      expect(refused.status).toBe(400);
      expect(refused.body.issues[0].path).toBe('text');
    }
    expect(
      (await t.call('POST', base(org), { token: org.memberToken, body: { text: 'x'.repeat(20_000) } })).status,
    ).toBe(201);
  });

  it('the agent streams a reply in pieces; the person sees each piece live, in order, and the session opens', async () => {
    const org = await setup();
    const { session } = await openSession(org);
    const url = `${base(org)}/${session.id}`;
    const stream = await t.openStream(org.memberToken);
    const bystander = await t.openStream(org.otherToken);
    try {
      await stream.next('ready');
      await bystander.next('ready');
      const reply = await t.call('POST', `${url}/messages`, {
        token: org.agentToken,
        body: {
          text: 'Looking',
          done: false,
          activity: [{ type: 'action', text: 'Searching', tool: 'search', arguments: { q: 'blocked' } }],
        },
      });
      expect(reply.status).toBe(201);
      expect(reply.body).toMatchObject({
        role: 'agent',
        status: 'streaming',
        author: { kind: 'agent', id: org.bot.id },
      });
      expect(reply.body.activity[0]).toMatchObject({ type: 'action', tool: 'search', arguments: { q: 'blocked' } });
      const created = await stream.next('agent.message.created');
      expect(created.data.message.id).toBe(reply.body.id);
      expect(created.data.actorAgentId).toBe(org.bot.id);

      const pieceUrl = `${url}/messages/${reply.body.id}`;
      await t.call('PATCH', pieceUrl, { token: org.agentToken, body: { append: ' at the board…' } });
      await t.call('PATCH', pieceUrl, {
        token: org.agentToken,
        body: { append: ' 2 cards are blocked.', activity: [{ type: 'thought', text: 'Counting' }] },
      });
      const first = await stream.next('agent.message.appended');
      const second = await stream.next('agent.message.appended');
      expect(first.data).toMatchObject({ messageId: reply.body.id, offset: 7, text: ' at the board…', activity: [] });
      expect(second.data).toMatchObject({ offset: 21, text: ' 2 cards are blocked.' });
      expect(second.data.activity[0]).toMatchObject({ type: 'thought', text: 'Counting' });

      const done = await t.call('PATCH', pieceUrl, { token: org.agentToken, body: { status: 'complete' } });
      expect(done.body).toMatchObject({ status: 'complete', text: 'Looking at the board… 2 cards are blocked.' });
      expect((await stream.next('agent.message.updated')).data.message.status).toBe('complete');
      expect((await stream.next('agent.session.updated')).data.session.status).toBe('open');
      // A finished reply takes no more pieces.
      const late = await t.call('PATCH', pieceUrl, { token: org.agentToken, body: { append: 'more' } });
      expect(late.status).toBe(409);
      expect(late.body.code).toBe('MESSAGE_FINISHED');
      // Nobody else's stream heard any of it.
      expect(bystander.received.filter((event) => event.event.startsWith('agent.'))).toEqual([]);
    } finally {
      await stream.close();
      await bystander.close();
    }
    const messages = await t.call('GET', `${url}/messages`, { token: org.memberToken });
    expect(messages.body.map((m: { role: string }) => m.role)).toEqual(['user', 'agent']);
    expect(messages.body[1].feedback).toBeNull();
  });

  it('a reply stays within 20,000 characters; people cannot append to the agent’s reply', async () => {
    const org = await setup();
    const { session } = await openSession(org);
    const url = `${base(org)}/${session.id}/messages`;
    const reply = await t.call('POST', url, { token: org.agentToken, body: { text: 'x'.repeat(19_990), done: false } });
    const over = await t.call('PATCH', `${url}/${reply.body.id}`, {
      token: org.agentToken,
      body: { append: 'y'.repeat(11) },
    });
    expect(over.status).toBe(400);
    expect(over.body.issues[0].path).toBe('append');
    const byPerson = await t.call('PATCH', `${url}/${reply.body.id}`, {
      token: org.memberToken,
      body: { append: 'hi' },
    });
    expect(byPerson.status).toBe(404);
    const personSendsActivity = await t.call('POST', url, {
      token: org.memberToken,
      body: { text: 'hi', activity: [{ type: 'thought', text: 'x' }] },
    });
    expect(personSendsActivity.status).toBe(400);
  });

  it('pages messages with limit and offset as a plain array, oldest first', async () => {
    const org = await setup();
    const { session } = await openSession(org, 'one');
    const url = `${base(org)}/${session.id}/messages`;
    for (const text of ['two', 'three']) await t.call('POST', url, { token: org.memberToken, body: { text } });
    const page = await t.call('GET', `${url}?limit=2&offset=1`, { token: org.memberToken });
    expect(page.body.map((m: { text: string }) => m.text)).toEqual(['two', 'three']);
    expect((await t.call('GET', `${url}?limit=0`, { token: org.memberToken })).status).toBe(400);
    expect((await t.call('GET', `${url}?limit=201`, { token: org.memberToken })).status).toBe(400);
    expect((await t.call('GET', `${url}?offset=-1`, { token: org.memberToken })).status).toBe(400);
  });

  it('stop ends the reply at once, tells the agent, and refuses its writes until the person writes again', async () => {
    const org = await setup();
    const { session } = await openSession(org);
    const url = `${base(org)}/${session.id}`;
    const agentStream = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    try {
      await agentStream.next('ready');
      const reply = await t.call('POST', `${url}/messages`, {
        token: org.agentToken,
        body: { text: 'Wor', done: false },
      });
      expect((await t.call('POST', `${url}/stop`, { token: org.otherToken })).status).toBe(404);
      const stopped = await t.call('POST', `${url}/stop`, { token: org.memberToken });
      expect(stopped.status).toBe(200);
      expect(stopped.body.status).toBe('stopped');
      expect((await agentStream.next('agent.session.stopped')).data).toMatchObject({
        sessionId: session.id,
        reason: 'stopped',
      });
      const append = await t.call('PATCH', `${url}/messages/${reply.body.id}`, {
        token: org.agentToken,
        body: { append: 'king' },
      });
      expect(append.status).toBe(409);
      expect(append.body.code).toBe('SESSION_STOPPED');
      const messages = (await t.call('GET', `${url}/messages`, { token: org.memberToken })).body;
      expect(messages.map((m: { role: string; status: string }) => `${m.role}:${m.status}`)).toEqual([
        'user:complete',
        'agent:stopped',
        'system:complete',
      ]);
      expect(messages[2].text).toBe(`Stopped by ${org.member.name}.`);
      // Stopping again changes nothing.
      expect((await t.call('POST', `${url}/stop`, { token: org.memberToken })).body.status).toBe('stopped');
      expect((await t.call('GET', `${url}/messages`, { token: org.memberToken })).body).toHaveLength(3);
      // The person writes again: the session works again, and the agent may answer.
      await t.call('POST', `${url}/messages`, { token: org.memberToken, body: { text: 'Go on' } });
      expect((await agentStream.next('agent.session.message')).data.sessionId).toBe(session.id);
      expect((await t.call('POST', `${url}/messages`, { token: org.agentToken, body: { text: 'Done' } })).status).toBe(
        201,
      );
    } finally {
      await agentStream.close();
    }
  });

  it('its person renames a session; the agent cannot, and cannot set its own status on a chat it was stopped in', async () => {
    const org = await setup();
    const { session } = await openSession(org);
    const url = `${base(org)}/${session.id}`;
    const renamed = await t.call('PATCH', url, { token: org.memberToken, body: { title: 'Roadmap blockers' } });
    expect(renamed.body.title).toBe('Roadmap blockers');
    expect((await t.call('PATCH', url, { token: org.memberToken, body: { title: '' } })).status).toBe(400);
    expect((await t.call('PATCH', url, { token: org.agentToken, body: { title: 'Mine' } })).status).toBe(400);
    expect((await t.call('PATCH', url, { token: org.memberToken, body: { status: 'completed' } })).status).toBe(400);
    await t.call('POST', `${url}/stop`, { token: org.memberToken });
    const late = await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } });
    expect(late.status).toBe(409);
    expect(late.body.code).toBe('SESSION_STOPPED');
  });

  it('search finds the caller’s own sessions only, by title', async () => {
    const org = await setup();
    const { session } = await openSession(org, 'Quarterly zebra report');
    await t.call('POST', base(org), { token: org.otherToken, body: { text: 'Zebra crossing plans' } });
    const mine = await t.call('GET', '/search?q=zebra', { token: org.memberToken });
    const sessions = mine.body.results.filter((r: { kind: string }) => r.kind === 'session');
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ id: session.id, agentId: org.bot.id });
    const admin = await t.call('GET', '/search?q=zebra', { token: org.adminToken });
    expect(admin.body.results.filter((r: { kind: string }) => r.kind === 'session')).toEqual([]);
    const agent = await t.call('GET', '/search?q=zebra', { token: org.agentToken });
    expect(agent.body.results.filter((r: { kind: string }) => r.kind === 'session')).toHaveLength(2);
  });
});

describe('feedback on agent replies', () => {
  async function replied(org: Org) {
    const { session, message } = await openSession(org);
    const reply = await t.call('POST', `${base(org)}/${session.id}/messages`, {
      token: org.agentToken,
      body: { text: 'Here you go' },
    });
    return { session, question: message, reply: reply.body as { id: string } };
  }

  it('one per person per reply: thumbs down with a reason, replaced by thumbs up, shown with the messages', async () => {
    const org = await setup();
    const { session, reply } = await replied(org);
    const url = `/agents/${org.bot.id}/messages/${reply.id}/feedback`;
    const down = await t.call('PUT', url, { token: org.memberToken, body: { rating: 'down', comment: 'Missed one' } });
    expect(down.status).toBe(200);
    expect(down.body).toEqual({ rating: 'down', comment: 'Missed one' });
    const up = await t.call('PUT', url, { token: org.memberToken, body: { rating: 'up' } });
    expect(up.body).toEqual({ rating: 'up', comment: null });
    const messages = await t.call('GET', `${base(org)}/${session.id}/messages`, { token: org.memberToken });
    expect(messages.body[1].feedback).toEqual({ rating: 'up', comment: null });
    const summary = await t.call('GET', `/agents/${org.bot.id}/feedback`, { token: org.adminToken });
    expect(summary.body).toMatchObject({ up: 1, down: 0, recent: [{ messageId: reply.id, rating: 'up' }] });
    expect((await t.call('GET', `/agents/${org.bot.id}/feedback`, { token: org.memberToken })).status).toBe(403);
    expect((await t.call('PUT', url, { token: org.memberToken, body: { rating: 'sideways' } })).status).toBe(400);
  });

  it('DELETE removes it and answers {ok: true}, also when there was none (idempotent)', async () => {
    const org = await setup();
    const { session, reply } = await replied(org);
    const url = `/agents/${org.bot.id}/messages/${reply.id}/feedback`;
    await t.call('PUT', url, { token: org.memberToken, body: { rating: 'down', comment: 'Wrong' } });
    const first = await t.call('DELETE', url, { token: org.memberToken });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ ok: true });
    const second = await t.call('DELETE', url, { token: org.memberToken });
    expect(second.status).toBe(200);
    expect(second.body).toEqual({ ok: true });
    const messages = await t.call('GET', `${base(org)}/${session.id}/messages`, { token: org.memberToken });
    expect(messages.body[1].feedback).toBeNull();
    expect((await t.call('GET', `/agents/${org.bot.id}/feedback`, { token: org.adminToken })).body).toMatchObject({
      up: 0,
      down: 0,
    });
  });

  it('is refused on a person’s own message (400), on another session’s message (404), to keys read-only and agents', async () => {
    const org = await setup();
    const { question, reply } = await replied(org);
    const own = await t.call('PUT', `/agents/${org.bot.id}/messages/${question.id}/feedback`, {
      token: org.memberToken,
      body: { rating: 'up' },
    });
    expect(own.status).toBe(400);
    const theirs = await t.call('PUT', `/agents/${org.bot.id}/messages/${reply.id}/feedback`, {
      token: org.otherToken,
      body: { rating: 'up' },
    });
    expect(theirs.status).toBe(404);
    expect(
      (await t.call('DELETE', `/agents/${org.bot.id}/messages/${reply.id}/feedback`, { token: org.otherToken })).status,
    ).toBe(404);
    const [otherBot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'Other' }).returning();
    const wrongAgent = await t.call('PUT', `/agents/${otherBot!.id}/messages/${reply.id}/feedback`, {
      token: org.memberToken,
      body: { rating: 'up' },
    });
    expect(wrongAgent.status).toBe(404);
    const readKey = await t.createKey(org.adminToken, 'read');
    const byKey = await t.call('PUT', `/agents/${org.bot.id}/messages/${reply.id}/feedback`, {
      token: readKey.secret,
      body: { rating: 'up' },
    });
    expect(byKey.status).toBe(403);
    expect(byKey.body.code).toBe('API_KEY_READ_ONLY');
    const byAgent = await t.call('PUT', `/agents/${org.bot.id}/messages/${reply.id}/feedback`, {
      token: org.agentToken,
      body: { rating: 'up' },
    });
    expect(byAgent.status).toBe(403);
    expect(byAgent.body.code).toBe('AGENT_TOKEN_FORBIDDEN');
  });
});

describe('delegating cards', () => {
  it('assigning a card to an agent opens a session linked to the card and sends the work to the agent', async () => {
    const org = await setup();
    const board = await t.createBoard(org.adminToken, ['To do', 'Review'], 1);
    const card = board.columns[0]!.cards[0]!;
    const agentStream = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    const memberStream = await t.openStream(org.otherToken);
    try {
      await agentStream.next('ready');
      await memberStream.next('ready');
      const assigned = await t.call('PATCH', `/projects/${board.id}/cards/${card.id}`, {
        token: org.memberToken,
        body: { assignee: org.bot.id },
      });
      expect(assigned.status).toBe(200);
      const work = await agentStream.next('agent.card.delegated');
      expect(work.data).toMatchObject({ agentId: org.bot.id, projectId: board.id, cardId: card.id });
      const sessionId = work.data.sessionId as string;
      // The delegation is as visible as the card: every member's stream hears of it.
      expect((await memberStream.next('agent.session.updated')).data.session).toMatchObject({
        id: sessionId,
        status: 'working',
        owner: { id: org.member.id },
        card: { projectId: board.id, cardId: card.id, title: card.title },
      });
      const delegations = await t.call('GET', `/projects/${board.id}/delegations`, { token: org.otherToken });
      expect(delegations.body).toEqual([
        {
          cardId: card.id,
          projectId: board.id,
          sessionId,
          agentId: org.bot.id,
          accountable: { id: org.member.id, name: org.member.name },
          status: 'working',
          updatedAt: expect.any(String),
        },
      ]);
      const url = `${base(org)}/${sessionId}`;
      // Every member reads it; only the accountable person writes to it; an admin may stop it.
      expect((await t.call('GET', `${url}/messages`, { token: org.otherToken })).body[0].text).toBe(
        `Work on “${card.title}”.`,
      );
      expect((await t.call('POST', `${url}/messages`, { token: org.otherToken, body: { text: 'hi' } })).status).toBe(
        403,
      );
      expect((await t.call('POST', `${url}/stop`, { token: org.otherToken })).status).toBe(403);
      // The agent reports its steps and finishes.
      await t.call('POST', `${url}/messages`, {
        token: org.agentToken,
        body: { text: 'Moved it to Review.', activity: [{ type: 'action', text: 'Moving', tool: 'move_card' }] },
      });
      const done = await t.call('PATCH', url, { token: org.agentToken, body: { status: 'completed' } });
      expect(done.body.status).toBe('completed');
      expect(
        (await t.call('GET', `/projects/${board.id}/delegations`, { token: org.memberToken })).body[0].status,
      ).toBe('completed');
    } finally {
      await agentStream.close();
      await memberStream.close();
    }
  });

  it('un-assigning ends the session and tells the agent; creating a card for an agent delegates it', async () => {
    const org = await setup();
    const board = await t.createBoard(org.adminToken, ['To do'], 0);
    const agentStream = await t.openStream(org.agentToken, {}, `/agents/${org.bot.id}/events`);
    try {
      await agentStream.next('ready');
      const created = await t.call('POST', `/projects/${board.id}/cards`, {
        token: org.adminToken,
        body: { columnId: board.columns[0]!.id, title: 'Triage inbox', assignee: org.bot.id },
      });
      expect(created.status).toBe(201);
      const work = await agentStream.next('agent.card.delegated');
      const cardId = created.body.card?.id ?? created.body.id;
      expect(work.data.cardId).toBe(cardId);
      await t.call('PATCH', `/projects/${board.id}/cards/${cardId}`, {
        token: org.adminToken,
        body: { assignee: null },
      });
      expect((await agentStream.next('agent.session.stopped')).data).toMatchObject({
        sessionId: work.data.sessionId,
        reason: 'unassigned',
      });
      const session = await t.call('GET', `${base(org)}/${work.data.sessionId}`, { token: org.adminToken });
      expect(session.body.status).toBe('stopped');
      expect((await t.call('GET', `/projects/${board.id}/delegations`, { token: org.adminToken })).body).toEqual([]);
    } finally {
      await agentStream.close();
    }
  });
});
