/**
 * Mentioning an agent hands it the comment as work: the runner against the real server in process.
 * A card or wiki comment mentioning the agent (`@[Name](agent:<id>)`) gets exactly one reply in its
 * thread, mentioning its author back; a replayed event does not answer again; a reply refused with
 * 402 drops the work; a stop drops it too.
 */
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../server/db/schema.ts';
import { useTestApp } from '../server/test/harness.ts';
import type { Backend } from './backends/types.ts';
import { answeredIn, replyText, requestText, threadOf } from './mention.ts';
import { addCard, recordingLogger, setCredits, setupAgent, useLiveServer, waitFor } from './test/live.ts';
import type { CardComment } from './types.ts';

const t = useTestApp();
const live = useLiveServer(t);
type Org = Awaited<ReturnType<typeof setupAgent>>;

const agentMention = (name: string, id: string) => `@[${name}](agent:${id})`;
const personMention = (person: { name: string; id: string }) => `@[${person.name}](person:${person.id})`;

/** Where comments live: a card's or a wiki page's comment list. */
type Place = { path: string };
const onCard = (projectId: string, cardId: string): Place => ({
  path: `/projects/${projectId}/cards/${cardId}/comments`,
});
const onPage = (projectId: string, pageId: string): Place => ({
  path: `/projects/${projectId}/wiki/${pageId}/comments`,
});

async function comment(token: string, place: Place, text: string, parentId?: string): Promise<CardComment> {
  const created = await t.call('POST', place.path, { token, body: parentId ? { text, parentId } : { text } });
  expect(created.status).toBe(201);
  return created.body as CardComment;
}

async function commentsOf(token: string, place: Place): Promise<CardComment[]> {
  const listed = await t.call('GET', `${place.path}?limit=200`, { token });
  expect(listed.status).toBe(200);
  return listed.body.comments as CardComment[];
}

const byAgent = (comments: CardComment[], agentId: string) =>
  comments.filter((comment) => comment.authorAgentId === agentId);

/** Waits for the agent's first comment in `place`; then, once the runner is idle, answers all of them. */
async function agentReplies(org: Org, place: Place, runner: { idle(): Promise<void> }) {
  await waitFor(
    () => commentsOf(org.memberToken, place),
    (list) => byAgent(list, org.agentId).length > 0,
    'the agent’s reply',
  );
  await runner.idle();
  return byAgent(await commentsOf(org.memberToken, place), org.agentId);
}

const outOfCreditsLines = (lines: { level: string; message: string }[]) =>
  lines.filter((line) => line.level === 'warn' && line.message.includes('out of credits (CREDITS_EXHAUSTED)'));

describe('the runner answers a mention', () => {
  it('in a card thread: one reply there, mentioning the person back, from the card’s board; they are notified', async () => {
    const org = await setupAgent(t);
    const [todo, doing] = org.board.columns;
    await addCard(t, org.adminToken, org.board.id, todo!.id, 'Oat milk supplier', { blocked: 'Waiting for a quote' });
    const cardId = await addCard(t, org.adminToken, org.board.id, doing!.id, 'Pick a supplier');
    // Another board: "what is blocked?" in a comment means the card's own board.
    await t.createBoard(org.adminToken);
    const { logger, lines } = recordingLogger();
    const runner = await live.run(org.agentToken, { logger });
    const place = onCard(org.board.id, cardId);
    const other = await comment(org.adminToken, place, 'A thread of its own.');
    const root = await comment(org.adminToken, place, 'Which suppliers are stuck?');
    await comment(org.adminToken, place, 'Not sure, asking.', root.id);
    const mention = await comment(
      org.memberToken,
      place,
      `${agentMention(runner.agent.name, org.agentId)}, what is blocked?`,
      root.id,
    );

    const [reply, ...more] = await agentReplies(org, place, runner);
    expect(more).toEqual([]);
    expect(reply!.parentId).toBe(root.id);
    expect(reply!.author).toBe(runner.agent.name);
    expect(reply!.text.startsWith(`${personMention(org.member)} `)).toBe(true);
    expect(reply!.text).toContain('1 blocked card');
    expect(reply!.text).toContain('“Oat milk supplier” in To do: Waiting for a quote');
    const thread = threadOf(await commentsOf(org.memberToken, place), root.id);
    expect(thread.at(-1)!.id).toBe(reply!.id);
    expect(threadOf(await commentsOf(org.memberToken, place), other.id)).toHaveLength(1);
    expect(lines.some((line) => line.message.includes('answering a mention by'))).toBe(true);
    expect(lines.filter((line) => line.level === 'error')).toEqual([]);

    // The mention back notifies the person (and only them: the admin who wrote earlier gets a reply notification).
    const notified = await t.ctx.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.commentId, reply!.id), eq(notifications.userId, org.member.id)));
    expect(notified.map((row) => [row.type, row.actorAgentId])).toEqual([['mention', org.agentId]]);
    expect(mention.parentId).toBe(root.id);
  });

  it('a replayed event finds the thread answered and does not reply again', async () => {
    const org = await setupAgent(t);
    const [todo] = org.board.columns;
    const cardId = await addCard(t, org.adminToken, org.board.id, todo!.id, 'Menu board');
    const first = recordingLogger();
    const runner = await live.run(org.agentToken, { logger: first.logger });
    const place = onCard(org.board.id, cardId);
    const root = await comment(org.memberToken, place, `${agentMention(runner.agent.name, org.agentId)} help`);
    expect(await agentReplies(org, place, runner)).toHaveLength(1);
    const received = first.lines.find(
      (line) => line.message === 'event received' && line.fields?.type === 'agent.mentioned',
    );
    expect(received).toBeDefined();
    await runner.stop();

    // A new runner resumes from before the mention's event: the server replays it.
    const replay = recordingLogger();
    const again = await live.run(org.agentToken, {
      logger: replay.logger,
      lastEventId: String(Number(received!.fields!.id) - 1),
    });
    await waitFor(
      () => replay.lines.some((line) => line.message === 'event received' && line.fields?.type === 'agent.mentioned'),
      Boolean,
      'the replayed event',
    );
    await waitFor(
      () => replay.lines.some((line) => line.message.endsWith('the mention was answered already')),
      Boolean,
      'the runner to find the mention answered',
    );
    await again.idle();
    const replies = byAgent(await commentsOf(org.memberToken, place), org.agentId);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.parentId).toBe(root.id);
    expect(replay.lines.some((line) => line.message.includes('replied to a mention'))).toBe(false);
  });

  it('in a wiki thread: one reply there, mentioning the person back', async () => {
    const org = await setupAgent(t);
    const [todo] = org.board.columns;
    await addCard(t, org.adminToken, org.board.id, todo!.id, 'Oat milk supplier', { blocked: 'Waiting for a quote' });
    await t.createBoard(org.adminToken);
    const page = await t.call('POST', `/projects/${org.board.id}/wiki`, {
      token: org.adminToken,
      body: { title: 'Suppliers', markdown: '# Suppliers\n\nWho we buy from.' },
    });
    expect(page.status).toBe(201);
    const runner = await live.run(org.agentToken);
    const place = onPage(org.board.id, page.body.id as string);
    await comment(org.adminToken, place, 'Unrelated thread.');
    const root = await comment(
      org.memberToken,
      place,
      `${agentMention(runner.agent.name, org.agentId)} summarise this board please`,
    );

    const [reply, ...more] = await agentReplies(org, place, runner);
    expect(more).toEqual([]);
    expect(reply!.parentId).toBe(root.id);
    expect(reply!.text.startsWith(`${personMention(org.member)} `)).toBe(true);
    const boardName = (await t.call('GET', `/projects/${org.board.id}`, { token: org.adminToken })).body.name;
    expect(reply!.text).toContain(boardName);
    expect(reply!.text).toContain('Oat milk supplier');
  });

  it('a reply refused with 402 drops the work: nothing posted, and not answered once credits are back', async () => {
    const org = await setupAgent(t);
    const [todo] = org.board.columns;
    const cardId = await addCard(t, org.adminToken, org.board.id, todo!.id, 'Menu board');
    // Out of credits without the runner being told: it learns it from the refusal.
    await setCredits(t, org.company.id, 0, false);
    const { logger, lines } = recordingLogger();
    const runner = await live.run(org.agentToken, { logger, creditsPollMs: 600_000 });
    const place = onCard(org.board.id, cardId);
    const refused = await comment(org.memberToken, place, `${agentMention(runner.agent.name, org.agentId)} help`);
    await waitFor(
      () => outOfCreditsLines(lines).length,
      (n) => n > 0,
      'the refusal',
    );
    expect(outOfCreditsLines(lines)).toHaveLength(1);
    expect(outOfCreditsLines(lines)[0]!.message).toContain(`the mention by ${org.member.name}`);
    expect(outOfCreditsLines(lines)[0]!.message).toContain('402');
    await runner.idle();
    expect(byAgent(await commentsOf(org.memberToken, place), org.agentId)).toEqual([]);

    // Credits back: a new mention is answered; the refused one stays dropped.
    await setCredits(t, org.company.id, 100, true);
    await waitFor(
      () => lines.some((line) => line.message.includes('taking work again')),
      Boolean,
      'credits to be back',
    );
    const asked = await comment(org.memberToken, place, `${agentMention(runner.agent.name, org.agentId)} help`);
    const replies = await agentReplies(org, place, runner);
    expect(replies.map((reply) => reply.parentId)).toEqual([asked.id]);
    expect(threadOf(await commentsOf(org.memberToken, place), refused.id)).toHaveLength(1);
  });

  it('stopping the runner mid-answer posts nothing', async () => {
    const org = await setupAgent(t);
    const [todo] = org.board.columns;
    const cardId = await addCard(t, org.adminToken, org.board.id, todo!.id, 'Menu board');
    const state = { started: false, aborted: false };
    const waiting: Backend = {
      label: 'a backend that waits for a stop',
      async chat(context) {
        await context.sink.text('Thinking about it… ');
        state.started = true;
        await new Promise<void>((resolve) => context.signal.addEventListener('abort', () => resolve(), { once: true }));
        state.aborted = true;
        await context.sink.text('written after the stop').catch(() => undefined);
      },
      planCard: () => Promise.resolve(''),
    };
    const runner = await live.run(org.agentToken, { backend: waiting });
    const place = onCard(org.board.id, cardId);
    await comment(org.memberToken, place, `${agentMention(runner.agent.name, org.agentId)} help`);
    await waitFor(() => state.started, Boolean, 'the work to start');
    await runner.stop();
    expect(state.aborted).toBe(true);
    expect(byAgent(await commentsOf(org.memberToken, place), org.agentId)).toEqual([]);
  });
});

describe('a mention’s texts', () => {
  const agentId = '7d4f1c8e-2b7a-4c1e-9f3a-0a1b2c3d4e5f';
  const otherAgent = '11111111-2222-4333-8444-555555555555';
  const person = { id: '99999999-8888-4777-8666-555555555555', name: 'Lin Ortiz' };

  it('the request: the leading mention of the agent dropped, other mentions as plain names', () => {
    expect(requestText(`@[Cafébot](agent:${agentId}), find roadmap`, agentId)).toBe('find roadmap');
    expect(requestText(`  @[Cafébot](agent:${agentId.toUpperCase()}): help`, agentId)).toBe('help');
    expect(requestText(`Ask ${personMention(person)} or @[Cafébot](agent:${agentId})`, agentId)).toBe(
      'Ask @Lin Ortiz or @Cafébot',
    );
    expect(requestText(`@[Relay](agent:${otherAgent}) help`, agentId)).toBe('@Relay help');
  });

  it('the reply: a person mentioned back; an agent is not (no two agents answering each other), nor anyone the answer names', () => {
    expect(replyText({ name: person.name, userId: person.id }, 'Done.')).toBe(`${personMention(person)} Done.`);
    expect(replyText({ name: 'Relay' }, `Ask @[Relay](agent:${otherAgent}) or ${personMention(person)}`)).toBe(
      'Ask @Relay or @Lin Ortiz',
    );
    expect(replyText({ name: 'Odd [x]name\n', userId: person.id }, '')).toBe(
      `@[Odd x name](person:${person.id}) (No answer.)`,
    );
    const long = replyText({ name: person.name, userId: person.id }, 'x'.repeat(20_000));
    expect(long).toHaveLength(10_000);
    expect(long.endsWith('…')).toBe(true);
  });

  it('answered: a reply by the agent after the comment in its thread', () => {
    const at = '2026-01-01T00:00:00.000Z';
    const root: CardComment = { id: 'r', author: 'Lin', text: 'q', at, parentId: null };
    const mine: CardComment = { id: 'a', author: 'Bot', authorAgentId: agentId, text: 'a', at, parentId: 'r' };
    const later: CardComment = { id: 'l', author: 'Lin', text: 'again', at, parentId: 'r' };
    expect(answeredIn([root, mine], 'r', agentId)).toBe(true);
    expect(answeredIn([root, mine, later], 'l', agentId)).toBe(false);
    expect(answeredIn([root], 'r', agentId)).toBe(false);
    expect(answeredIn([root, mine], 'gone', agentId)).toBe(false);
  });
});
