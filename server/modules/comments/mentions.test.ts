/**
 * Mentions and replies in card comments (comments/mentions.ts): who is notified, once, with what;
 * mentions checked (400, nothing written); agents handed the comment (`agent.mentioned`).
 */
import { count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { cardComments } from '../../db/schema.ts';
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

/** A fresh card of a fresh board; its comments' URL. */
async function card(title = t.unique('Card')) {
  const board = await t.createBoard(org.adminToken, ['To do'], 0);
  const created = await org.call(
    'POST',
    `/projects/${board.id}/cards`,
    { columnId: board.columns[0]!.id, title },
    org.adminToken,
  );
  const cardId = created.card.id as string;
  return { projectId: board.id, cardId, title, url: `/projects/${board.id}/cards/${cardId}/comments` };
}

const mine = async (userId: string, cardId: string) =>
  (await notificationsOf(t, org.company.id, userId)).filter((row) => row.cardId === cardId);

describe('mentions in card comments', () => {
  it('notifies each mentioned person once, with the card, the comment and a snippet; never the author', async () => {
    const target = await card('Ship the beta');
    const text = `${person(org.member)} and ${person(org.carol)}, can you check? (cc ${person(org.admin)} ${person(org.member)})`;
    const comment = await org.call('POST', target.url, { text }, org.adminToken);
    const notes = (await notificationsOf(t, org.company.id)).filter((row) => row.cardId === target.cardId);
    expect(notes.map((row) => row.userId).sort()).toEqual([org.member.id, org.carol.id].sort());
    const [forMember] = await mine(org.member.id, target.cardId);
    expect(forMember).toMatchObject({
      type: 'mention',
      actorUserId: org.admin.id,
      actorAgentId: null,
      actorName: org.admin.name,
      thingKind: 'card',
      thingId: target.cardId,
      title: 'Ship the beta',
      snippet: `@${org.member.name} and @${org.carol.name}, can you check? (cc @${org.admin.name} @${org.member.name})`,
      projectId: target.projectId,
      cardId: target.cardId,
      commentId: comment.id,
      threadId: comment.id,
      pageId: null,
      anchor: null,
      dedupeKey: `mention:${comment.id}`,
      readAt: null,
    });
    // Each recipient's stream is told, and only theirs.
    const created = (await eventsOf(t, org.company.id, 'notification.created')).filter((row) =>
      notes.some((note) => row.payload.includes(note.id)),
    );
    expect(created.map((row) => row.audienceUserId).sort()).toEqual([org.member.id, org.carol.id].sort());
    expect(created.every((row) => row.audienceAgentId === null)).toBe(true);
  });

  it('a reply notifies the root’s author and earlier repliers, not the replier; a mentioned one gets the mention only', async () => {
    const target = await card();
    const root = await org.call('POST', target.url, { text: 'Which milk?' }, org.memberToken);
    // The admin replies: the member (root's author) is told.
    const first = await org.call('POST', target.url, { text: 'Oat', parentId: root.id }, org.adminToken);
    expect((await mine(org.member.id, target.cardId)).map((row) => [row.type, row.commentId])).toEqual([
      ['reply', first.id],
    ]);
    // An agent replies too: agents are not told of replies, but their reply tells the thread's people.
    const byAgent = await org.call('POST', target.url, { text: 'Soy?', parentId: root.id }, org.agentToken);
    // Carol replies mentioning the admin: the member gets a reply, the admin the mention only.
    const second = await org.call(
      'POST',
      target.url,
      { text: `Agreed with ${person(org.admin)}`, parentId: root.id },
      org.carolToken,
    );
    const member = await mine(org.member.id, target.cardId);
    expect(member.map((row) => [row.type, row.commentId, row.threadId])).toEqual([
      ['reply', first.id, root.id],
      ['reply', byAgent.id, root.id],
      ['reply', second.id, root.id],
    ]);
    expect(member[1]).toMatchObject({ actorAgentId: org.agent.id, actorUserId: null, actorName: org.agent.name });
    const admin = await mine(org.admin.id, target.cardId);
    expect(admin.map((row) => [row.type, row.commentId, row.dedupeKey])).toEqual([
      ['reply', byAgent.id, `reply:${byAgent.id}`],
      ['mention', second.id, `mention:${second.id}`],
    ]);
    // Carol (the replier) was told of nothing in this thread before she wrote, and nothing of her own reply.
    expect(await mine(org.carol.id, target.cardId)).toEqual([]);
    // The member replies to their own thread: the admin and carol (earlier repliers) are told, the member not.
    const third = await org.call('POST', target.url, { text: 'Oat it is', parentId: root.id }, org.memberToken);
    const told = (await notificationsOf(t, org.company.id)).filter((row) => row.commentId === third.id);
    expect(told.map((row) => [row.userId, row.type]).sort()).toEqual(
      [
        [org.admin.id, 'reply'],
        [org.carol.id, 'reply'],
      ].sort(),
    );
  });

  it('a root comment notifies nobody but the mentioned; a root by an agent tells no one of replies to it but people', async () => {
    const target = await card();
    await org.call('POST', target.url, { text: 'Plain root' }, org.memberToken);
    const root = await org.call('POST', target.url, { text: 'My plan' }, org.agentToken);
    const reply = await org.call('POST', target.url, { text: 'Go', parentId: root.id }, org.adminToken);
    expect((await notificationsOf(t, org.company.id)).filter((row) => row.cardId === target.cardId)).toEqual([]);
    // A person who replied earlier is told of the next reply.
    await org.call('POST', target.url, { text: 'Really', parentId: root.id }, org.memberToken);
    expect((await mine(org.admin.id, target.cardId)).map((row) => row.type)).toEqual(['reply']);
    expect(reply.authorUserId).toBe(org.admin.id);
  });

  it('refuses a bad mention with 400 on text and writes nothing: unknown, another company’s, malformed, more than 20', async () => {
    const target = await card();
    const root = await org.call('POST', target.url, { text: 'Root' }, org.adminToken);
    const commentCount = async () =>
      (await t.ctx.db.select({ n: count() }).from(cardComments).where(eq(cardComments.cardId, target.cardId)))[0]!.n;
    for (const [label, text] of Object.entries(await badMentions(t))) {
      const before = { ...(await footprint(t, org.company.id)), comments: await commentCount() };
      for (const body of [{ text }, { text, parentId: root.id }]) {
        const refused = await t.call('POST', target.url, { token: org.memberToken, body });
        expect(refused.status, label).toBe(400);
        expect(refused.body.code, label).toBe('VALIDATION_ERROR');
        expect(refused.body.issues[0].path, label).toBe('text');
      }
      // The agent's write is refused before its charge too.
      const byAgent = await t.call('POST', target.url, { token: org.agentToken, body: { text } });
      expect(byAgent.status, label).toBe(400);
      const edit = await t.call('PATCH', `${target.url}/${root.id}`, { token: org.adminToken, body: { text } });
      expect(edit.status, label).toBe(400);
      expect(edit.body.issues[0].path, label).toBe('text');
      expect({ ...(await footprint(t, org.company.id)), comments: await commentCount() }, label).toEqual(before);
    }
    const [stored] = await t.ctx.db.select().from(cardComments).where(eq(cardComments.id, root.id));
    expect(stored).toMatchObject({ text: 'Root', editedAt: null });
    // A mention-like text that is not a mention (no `@`, no kind) is plain text.
    const plain = await t.call('POST', target.url, {
      token: org.memberToken,
      body: { text: `[x](person:${crypto.randomUUID()}) and @[y](team:${crypto.randomUUID()})` },
    });
    expect(plain.status).toBe(201);
  });

  it('an edit adding a mention notifies once; editing again or re-adding never twice; removing keeps it', async () => {
    const target = await card();
    const comment = await org.call('POST', target.url, { text: 'Draft' }, org.adminToken);
    const edit = (text: string) => org.call('PATCH', `${target.url}/${comment.id}`, { text }, org.adminToken);
    await edit(`Draft for ${person(org.member)}`);
    const after = await mine(org.member.id, target.cardId);
    expect(after.map((row) => [row.type, row.commentId, row.snippet])).toEqual([
      ['mention', comment.id, `Draft for @${org.member.name}`],
    ]);
    await edit(`Draft for ${person(org.member)}, edited`);
    await edit('Draft for nobody');
    expect(await mine(org.member.id, target.cardId)).toEqual(after);
    await edit(`Draft for ${person(org.member)} again, and ${person(org.carol)}`);
    expect(await mine(org.member.id, target.cardId)).toEqual(after);
    expect((await mine(org.carol.id, target.cardId)).map((row) => row.type)).toEqual(['mention']);
    // Resolving is no edit of the text: nothing new.
    const total = (await notificationsOf(t, org.company.id)).length;
    await org.call('PATCH', `${target.url}/${comment.id}`, { resolved: true }, org.memberToken);
    expect(await notificationsOf(t, org.company.id)).toHaveLength(total);
  });
});

describe('agents mentioned in card comments', () => {
  const mentionedOf = async (agentId: string) =>
    (await eventsOf(t, org.company.id, 'agent.mentioned')).filter((row) => row.audienceAgentId === agentId);

  it('hands the comment to each active agent mentioned, once per comment, on its stream only', async () => {
    const target = await card();
    const before = (await mentionedOf(org.agent.id)).length;
    const comment = await org.call(
      'POST',
      target.url,
      { text: `${agentMention(org.agent)} please plan this, ${agentMention(org.agent)}; ${agentMention(org.paused)}` },
      org.memberToken,
    );
    const handed = (await mentionedOf(org.agent.id)).slice(before);
    expect(handed).toHaveLength(1);
    expect(handed[0]).toMatchObject({
      audienceUserId: null,
      audienceAgentId: org.agent.id,
      actorUserId: org.member.id,
    });
    expect(JSON.parse(handed[0]!.payload)).toEqual({
      agentId: org.agent.id,
      projectId: target.projectId,
      cardId: target.cardId,
      comment,
      threadId: comment.id,
      actorUserId: org.member.id,
    });
    // The paused agent is a valid mention, but is handed nothing.
    expect(await mentionedOf(org.paused.id)).toEqual([]);
    // An edit hands over only agents the old text did not mention; a reply names its thread.
    await org.call(
      'PATCH',
      `${target.url}/${comment.id}`,
      { text: `${agentMention(org.agent)} plan it` },
      org.memberToken,
    );
    expect((await mentionedOf(org.agent.id)).slice(before)).toHaveLength(1);
    const reply = await org.call('POST', target.url, { text: 'Thanks', parentId: comment.id }, org.adminToken);
    await org.call('PATCH', `${target.url}/${reply.id}`, { text: `Thanks ${agentMention(org.agent)}` }, org.adminToken);
    await org.call(
      'PATCH',
      `${target.url}/${reply.id}`,
      { text: `Thanks again ${agentMention(org.agent)}` },
      org.adminToken,
    );
    const all = (await mentionedOf(org.agent.id)).slice(before);
    expect(all).toHaveLength(2);
    expect(JSON.parse(all[1]!.payload)).toMatchObject({ threadId: comment.id, comment: { id: reply.id } });
    // Agents get no notifications, people who were not mentioned none either.
    expect((await notificationsOf(t, org.company.id)).filter((row) => row.cardId === target.cardId)).toEqual([
      expect.objectContaining({ userId: org.member.id, type: 'reply', commentId: reply.id }),
    ]);
  });

  it('an agent writing a comment mentions people (notified, the agent as actor) and is never handed its own mention', async () => {
    const target = await card();
    const before = (await mentionedOf(org.agent.id)).length;
    const comment = await org.call(
      'POST',
      target.url,
      { text: `${person(org.carol)}: done. ${agentMention(org.agent)}` },
      org.agentToken,
    );
    expect(await mentionedOf(org.agent.id)).toHaveLength(before);
    expect(await mine(org.carol.id, target.cardId)).toEqual([
      expect.objectContaining({
        type: 'mention',
        commentId: comment.id,
        actorAgentId: org.agent.id,
        actorUserId: null,
        actorName: org.agent.name,
      }),
    ]);
  });
});
