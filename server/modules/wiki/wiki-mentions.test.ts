/**
 * Mentions and replies in wiki comments: the same rules as card comments (comments/mentions.ts),
 * linked to the page, the thread and its passage; and agents answering in a thread with their token.
 */
import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { creditAccounts, creditTransactions, wikiComments } from '../../db/schema.ts';
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
let projectId: string;

beforeAll(async () => {
  org = await mentionOrg(t);
  projectId = (await t.createBoard(org.adminToken, ['To do'])).id;
});

/** A fresh page with one comment mark; its threads' URL. */
async function page(title = t.unique('Page')) {
  const markId = crypto.randomUUID();
  const created = await org.call(
    'POST',
    `/projects/${projectId}/wiki`,
    { title, markdown: `We ship [comment id="${markId}"]on Friday[/comment].` },
    org.adminToken,
  );
  return { pageId: created.id as string, markId, title, url: `/projects/${projectId}/wiki/${created.id}/comments` };
}

const onPage = async (pageId: string, userId?: string) =>
  (await notificationsOf(t, org.company.id, userId)).filter((row) => row.pageId === pageId);

describe('mentions and replies in wiki comments', () => {
  it('a mention in an anchored thread notifies with the page, the thread and its passage; a reply with its root’s anchor', async () => {
    const target = await page('Launch plan');
    const root = await org.call(
      'POST',
      target.url,
      { text: `${person(org.member)} is Friday realistic?`, anchor: target.markId },
      org.adminToken,
    );
    const [mention] = await onPage(target.pageId);
    expect(mention).toMatchObject({
      userId: org.member.id,
      type: 'mention',
      thingKind: 'wiki_page',
      thingId: target.pageId,
      title: 'Launch plan',
      snippet: `@${org.member.name} is Friday realistic?`,
      projectId,
      pageId: target.pageId,
      cardId: null,
      commentId: root.id,
      threadId: root.id,
      anchor: target.markId,
      actorUserId: org.admin.id,
    });
    const reply = await org.call('POST', target.url, { text: 'Yes', parentId: root.id }, org.memberToken);
    const later = await org.call(
      'POST',
      target.url,
      { text: `Not sure, ${person(org.member)}`, parentId: root.id },
      org.carolToken,
    );
    const forAdmin = await onPage(target.pageId, org.admin.id);
    expect(forAdmin.map((row) => [row.type, row.commentId, row.threadId, row.anchor])).toEqual([
      ['reply', reply.id, root.id, target.markId],
      ['reply', later.id, root.id, target.markId],
    ]);
    // The member replied before and is mentioned now: the mention only; carol nothing of her own.
    expect((await onPage(target.pageId, org.member.id)).map((row) => [row.type, row.commentId])).toEqual([
      ['mention', root.id],
      ['mention', later.id],
    ]);
    expect(await onPage(target.pageId, org.carol.id)).toEqual([]);
  });

  it('a thread on the whole page links without an anchor; edits notify the newly mentioned once, removal keeps it', async () => {
    const target = await page();
    const root = await org.call('POST', target.url, { text: 'Thoughts?' }, org.memberToken);
    const edit = (text: string) => org.call('PATCH', `${target.url}/${root.id}`, { text }, org.memberToken);
    await edit(`Thoughts, ${person(org.carol)}?`);
    const first = await onPage(target.pageId, org.carol.id);
    expect(first).toEqual([expect.objectContaining({ type: 'mention', commentId: root.id, anchor: null })]);
    await edit(`Thoughts, ${person(org.carol)}? Anyone?`);
    await edit('Thoughts?');
    await edit(`Thoughts, ${person(org.carol)}?`);
    expect(await onPage(target.pageId, org.carol.id)).toEqual(first);
    // An edit of a reply links to its root's anchor.
    const anchored = await org.call('POST', target.url, { text: 'Hmm', anchor: target.markId }, org.adminToken);
    const reply = await org.call('POST', target.url, { text: 'Yes', parentId: anchored.id }, org.memberToken);
    await org.call('PATCH', `${target.url}/${reply.id}`, { text: `Yes, ${person(org.carol)}` }, org.memberToken);
    expect((await onPage(target.pageId, org.carol.id)).at(-1)).toMatchObject({
      type: 'mention',
      commentId: reply.id,
      threadId: anchored.id,
      anchor: target.markId,
    });
  });

  it('refuses a bad mention with 400 on text and writes nothing, on creation and on edit', async () => {
    const target = await page();
    const root = await org.call('POST', target.url, { text: 'Root' }, org.adminToken);
    const comments = async () =>
      (await t.ctx.db.select({ n: count() }).from(wikiComments).where(eq(wikiComments.pageId, target.pageId)))[0]!.n;
    for (const [label, text] of Object.entries(await badMentions(t))) {
      const before = { ...(await footprint(t, org.company.id)), comments: await comments() };
      for (const [token, body] of [
        [org.memberToken, { text, anchor: target.markId }],
        [org.memberToken, { text, parentId: root.id }],
        [org.agentToken, { text, parentId: root.id }],
      ] as const) {
        const refused = await t.call('POST', target.url, { token, body });
        expect(refused.status, label).toBe(400);
        expect(refused.body.issues[0].path, label).toBe('text');
      }
      const edit = await t.call('PATCH', `${target.url}/${root.id}`, { token: org.adminToken, body: { text } });
      expect(edit.status, label).toBe(400);
      expect(edit.body.issues[0].path, label).toBe('text');
      expect({ ...(await footprint(t, org.company.id)), comments: await comments() }, label).toEqual(before);
    }
  });

  it('hands the comment to each active agent newly mentioned, once per comment (pageId, thread), on its stream', async () => {
    const target = await page();
    const mentioned = async () =>
      (await eventsOf(t, org.company.id, 'agent.mentioned')).filter((row) => row.payload.includes(target.pageId));
    const root = await org.call(
      'POST',
      target.url,
      { text: `${agentMention(org.agent)} summarise this, ${agentMention(org.paused)} too`, anchor: target.markId },
      org.memberToken,
    );
    await org.call(
      'PATCH',
      `${target.url}/${root.id}`,
      { text: `${agentMention(org.agent)} summarise` },
      org.memberToken,
    );
    const handed = await mentioned();
    expect(handed.map((row) => [row.audienceAgentId, row.audienceUserId])).toEqual([[org.agent.id, null]]);
    expect(JSON.parse(handed[0]!.payload)).toEqual({
      agentId: org.agent.id,
      projectId,
      pageId: target.pageId,
      comment: root,
      threadId: root.id,
      actorUserId: org.member.id,
    });
  });
});

describe('agents answering in wiki threads', () => {
  it('an agent token writes a reply as the agent, charged the write price; the thread’s people are told', async () => {
    const target = await page();
    const root = await org.call(
      'POST',
      target.url,
      { text: `${agentMention(org.agent)} what do you think?`, anchor: target.markId },
      org.memberToken,
    );
    // The agent reads the thread it was handed, then answers in it.
    const thread = await org.call('GET', target.url, undefined, org.agentToken);
    expect(thread.comments.map((comment: { id: string }) => comment.id)).toEqual([root.id]);
    const charged = async () =>
      t.ctx.db
        .select()
        .from(creditTransactions)
        .where(
          and(eq(creditTransactions.companyId, org.company.id), eq(creditTransactions.operation, 'createWikiComment')),
        );
    const before = (await charged()).length;
    const answer = await org.call(
      'POST',
      target.url,
      { text: `Friday works, ${person(org.carol)} confirms`, parentId: root.id },
      org.agentToken,
    );
    expect(answer).toMatchObject({ author: org.agent.name, authorAgentId: org.agent.id, parentId: root.id });
    expect(answer).not.toHaveProperty('authorUserId');
    const rows = await charged();
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ type: 'consumption', agentId: org.agent.id, amount: -1 });
    const told = (await onPage(target.pageId)).filter((row) => row.commentId === answer.id);
    expect(told.map((row) => [row.userId, row.type, row.actorAgentId]).sort()).toEqual(
      [
        [org.carol.id, 'mention', org.agent.id],
        [org.member.id, 'reply', org.agent.id],
      ].sort(),
    );
    // Only the author edits, and the agent's own comment is not a person's: a person cannot edit it.
    const edit = await t.call('PATCH', `${target.url}/${answer.id}`, { token: org.memberToken, body: { text: 'x' } });
    expect(edit.status).toBe(403);
  });

  it('without credits the agent’s comment is refused (402) and nothing is written', async () => {
    const other = await mentionOrg(t);
    const board = await t.createBoard(other.adminToken, ['To do']);
    const created = await other.call('POST', `/projects/${board.id}/wiki`, { title: 'Empty' }, other.adminToken);
    const url = `/projects/${board.id}/wiki/${created.id}/comments`;
    await t.ctx.db
      .update(creditAccounts)
      .set({ included: 0, purchased: 0 })
      .where(eq(creditAccounts.companyId, other.company.id));
    const before = await footprint(t, other.company.id);
    const refused = await t.call('POST', url, {
      token: other.agentToken,
      body: { text: `Hello ${person(other.member)}` },
    });
    expect(refused.status).toBe(402);
    expect(refused.body.code).toBe('CREDITS_EXHAUSTED');
    expect(await footprint(t, other.company.id)).toEqual(before);
    expect((await other.call('GET', url, undefined, other.adminToken)).total).toBe(0);
  });
});
