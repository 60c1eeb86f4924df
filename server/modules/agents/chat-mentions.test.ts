/**
 * Mentions in chat messages (sessions.ts): checked like a comment's, for people's messages and the
 * agent's replies (streamed ones too, piece by piece); only the session's person can be notified
 * (they alone see the session), when the agent's reply is finished.
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agentMessages, agentSessions } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import {
  agentMention,
  badMentions,
  eventsOf,
  footprint,
  type MentionOrg,
  mentionOrg,
  notificationsOf,
  person,
} from '../../test/mention-fixtures.ts';

const t = useTestApp();
let org: MentionOrg;

beforeAll(async () => {
  org = await mentionOrg(t);
});

/** A chat the member opens with the agent; its messages' URL. */
async function chat(text = 'Hello') {
  const opened = await org.call('POST', `/agents/${org.agent.id}/sessions`, { text }, org.memberToken);
  const sessionId = opened.session.id as string;
  return {
    sessionId,
    title: opened.session.title as string,
    url: `/agents/${org.agent.id}/sessions/${sessionId}/messages`,
  };
}

const ofSession = async (sessionId: string) =>
  (await notificationsOf(t, org.company.id)).filter((row) => row.sessionId === sessionId);

const sessionCount = async () =>
  (await t.ctx.db.select({ n: count() }).from(agentSessions).where(eq(agentSessions.companyId, org.company.id)))[0]!.n;

describe('mentions in chat messages', () => {
  it('an agent’s reply mentioning the session’s person notifies them once; mentions of others notify nobody', async () => {
    const session = await chat('Plan my week');
    const reply = await org.call(
      'POST',
      session.url,
      { text: `Done, ${person(org.member)}. I asked ${person(org.carol)} and ${agentMention(org.paused)}.` },
      org.agentToken,
    );
    const notes = await ofSession(session.sessionId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      userId: org.member.id,
      type: 'mention',
      thingKind: 'agent_session',
      thingId: session.sessionId,
      title: 'Plan my week',
      snippet: `Done, @${org.member.name}. I asked @${org.carol.name} and @${org.paused.name}.`,
      agentId: org.agent.id,
      sessionId: session.sessionId,
      messageId: reply.id,
      actorAgentId: org.agent.id,
      actorUserId: null,
      dedupeKey: `mention:${reply.id}`,
    });
    // Carol cannot see the session: her mention is valid but tells her nothing.
    expect(await notificationsOf(t, org.company.id, org.carol.id)).toEqual([]);
    // A reply mentioning someone else only tells nobody.
    await org.call('POST', session.url, { text: `Ask ${person(org.admin)}` }, org.agentToken);
    expect(await ofSession(session.sessionId)).toHaveLength(1);
    // Mentioned agents are not handed chat messages.
    expect(
      (await eventsOf(t, org.company.id, 'agent.mentioned')).filter((row) => row.payload.includes(session.sessionId)),
    ).toEqual([]);
  });

  it('a person’s mentions are valid but notify nobody (they are the session’s person, and only they see it)', async () => {
    const before = await notificationsOf(t, org.company.id);
    const session = await chat(`Draft a note to ${person(org.carol)} and ${person(org.member)}`);
    await org.call('POST', session.url, { text: `Also cc ${person(org.admin)}` }, org.memberToken);
    expect(await notificationsOf(t, org.company.id)).toEqual(before);
  });

  it('a streamed reply is checked as its pieces complete mentions, and notifies once, when it is finished', async () => {
    const session = await chat();
    const mention = person(org.member);
    const half = Math.floor(mention.length / 2);
    const reply = await org.call(
      'POST',
      session.url,
      { text: `Hi ${mention.slice(0, half)}`, done: false },
      org.agentToken,
    );
    const message = `${session.url}/${reply.id}`;
    await org.call('PATCH', message, { append: mention.slice(half) }, org.agentToken);
    await org.call('PATCH', message, { append: ', here is the plan' }, org.agentToken);
    expect(await ofSession(session.sessionId)).toEqual([]);
    // A piece completing a bad mention is refused (400 on append) and nothing of it is written.
    const before = await footprint(t, org.company.id);
    for (const bad of Object.values(await badMentions(t))) {
      const refused = await t.call('PATCH', message, { token: org.agentToken, body: { append: ` ${bad}` } });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.issues[0].path).toBe('append');
    }
    // Also when the bad mention's start was sent in an earlier (accepted) piece.
    const ghost = `@[Ghost](person:${crypto.randomUUID()})`;
    await org.call('PATCH', message, { append: ` and ${ghost.slice(0, 10)}` }, org.agentToken);
    const split = await t.call('PATCH', message, {
      token: org.agentToken,
      body: { append: ghost.slice(10), status: 'complete' },
    });
    expect(split.status).toBe(400);
    const after = await footprint(t, org.company.id);
    expect(after.notifications).toBe(before.notifications);
    expect(after.credits).toBe(before.credits);
    expect(after.events).toBe(before.events + 1); // the accepted piece's `agent.message.appended`
    const [stored] = await t.ctx.db.select().from(agentMessages).where(eq(agentMessages.id, reply.id));
    expect(stored).toMatchObject({
      text: `Hi ${mention}, here is the plan and ${ghost.slice(0, 10)}`,
      status: 'streaming',
    });
    await org.call('PATCH', message, { append: ' (never mind)', status: 'complete' }, org.agentToken);
    const notes = await ofSession(session.sessionId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ messageId: reply.id, userId: org.member.id, type: 'mention' });
    expect(notes[0]!.snippet).toContain('here is the plan');
  });

  it('a reply finished in an error notifies too; one stopped by its person notifies nobody', async () => {
    const failing = await chat();
    const reply = await org.call(
      'POST',
      failing.url,
      { text: `Sorry ${person(org.member)}`, done: false },
      org.agentToken,
    );
    await org.call('PATCH', `${failing.url}/${reply.id}`, { status: 'error' }, org.agentToken);
    expect(await ofSession(failing.sessionId)).toEqual([expect.objectContaining({ messageId: reply.id })]);

    const stopped = await chat();
    await org.call('POST', stopped.url, { text: `Working on it, ${person(org.member)}`, done: false }, org.agentToken);
    await org.call('POST', `/agents/${org.agent.id}/sessions/${stopped.sessionId}/stop`, undefined, org.memberToken);
    expect(await ofSession(stopped.sessionId)).toEqual([]);
  });

  it('refuses a bad mention with 400 on text and writes nothing: opening a chat, a person’s message, an agent’s reply', async () => {
    const session = await chat();
    for (const [label, text] of Object.entries(await badMentions(t))) {
      const before = { ...(await footprint(t, org.company.id)), sessions: await sessionCount() };
      const opened = await t.call('POST', `/agents/${org.agent.id}/sessions`, {
        token: org.memberToken,
        body: { text },
      });
      expect(opened.status, label).toBe(400);
      expect(opened.body.issues[0].path, label).toBe('text');
      for (const [token, body] of [
        [org.memberToken, { text }],
        [org.agentToken, { text }],
        [org.agentToken, { text, done: false }],
      ] as const) {
        const refused = await t.call('POST', session.url, { token, body });
        expect(refused.status, label).toBe(400);
        expect(refused.body.issues[0].path, label).toBe('text');
      }
      expect({ ...(await footprint(t, org.company.id)), sessions: await sessionCount() }, label).toEqual(before);
    }
  });
});
