/**
 * A card or wiki comment mentioned the agent (`agent.mentioned`): it is handed the comment as work.
 * The runner reads the card or the page and the thread, asks the backend for an answer (its chat,
 * with the thread as the conversation, the mentioning comment last) and posts ONE reply in the same
 * thread, mentioning the comment's author back so they are notified.
 *
 * A reconnect replays events, so the work is decided from the server's state: when the thread
 * already holds a reply by this agent after the mentioning comment, it was answered; when the
 * comment is gone, or no longer mentions the agent (edited meanwhile), there is nothing to answer.
 *
 * Choices (the issue is silent):
 * - Only a person is mentioned back (`@[Name](person:<id>)`). A comment written by another agent
 *   gets a reply without a mention, and mentions in the backend's answer are written as plain
 *   `@Name`: an agent's answer never hands work to another agent, so two agents cannot keep
 *   answering each other (and an id a model made up cannot make the reply a 400).
 * - The agent's own comment mentioning itself is not work.
 * - Out of credits (402 on the reply): the work is dropped, as any other work (runner.ts), and not
 *   taken up again when credits come back: nothing on the server lists unanswered mentions.
 * - A backend failure is answered in the thread too (“I could not answer this: …”), so the person
 *   is not left waiting.
 */
import { ApiError, isCreditsExhausted } from './api.ts';
import type { ChatTurn, MentionBrief } from './backends/types.ts';
import { collectingSink } from './task.ts';
import { createTools } from './tools.ts';
import type { CardComment, MentionedEvent } from './types.ts';
import { type WorkDeps, errorText, withAbortSwitch } from './work.ts';

/** The server's limit on a comment's text. */
export const MAX_COMMENT_CHARS = 10_000;
/** How much of a card's description or a page's Markdown the backend is shown. */
const MAX_SUBJECT_CHARS = 4000;

/** The key a mention's work is queued and stopped under: its comment. */
export const mentionTaskKey = (commentId: string) => `mention:${commentId}`;

/** The mention syntax (as the server parses it, server/modules/notifications/mentions.ts). */
const MENTION = /@\[([^\]\n]{1,200})\]\((person|agent):([0-9a-fA-F-]{36})\)/g;

/** Whether `text` mentions the agent `agentId`. */
export function mentionsAgent(text: string, agentId: string): boolean {
  return [...text.matchAll(MENTION)].some(
    (match) => match[2] === 'agent' && match[3]!.toLowerCase() === agentId.toLowerCase(),
  );
}

/** Mentions written as plain text (`@Name`): the structure removed. */
export const plainMentions = (text: string) => text.replace(MENTION, (_all, name: string) => `@${name}`);

/**
 * A comment's text as the backend reads it: mentions as plain `@Name`, and a leading mention of
 * the agent itself (“@Cafébot, what is blocked?”) dropped, so the request is what remains.
 */
export function requestText(text: string, agentId: string): string {
  let rest = text.trimStart();
  for (;;) {
    const match = /^@\[[^\]\n]{1,200}\]\(agent:([0-9a-fA-F-]{36})\)[\s,:;.!-]*/.exec(rest);
    if (!match || match[1]!.toLowerCase() !== agentId.toLowerCase()) break;
    rest = rest.slice(match[0].length);
  }
  return plainMentions(rest).trim();
}

/** A name as the mention syntax takes it (as the web app writes it): no brackets, no line breaks, 1..200 characters. */
export function mentionName(name: string): string {
  const clean = name
    .replace(/[[\]\n\r]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 200);
  return clean || 'someone';
}

/** The reply: the author mentioned back (a person only), then the answer, within the comment limit. */
export function replyText(author: { name: string; userId?: string }, answer: string): string {
  const prefix = author.userId ? `@[${mentionName(author.name)}](person:${author.userId}) ` : '';
  const body = plainMentions(answer).trim() || '(No answer.)';
  const room = MAX_COMMENT_CHARS - prefix.length;
  return prefix + (body.length > room ? `${body.slice(0, room - 1)}…` : body);
}

const clip = (text: string, max = MAX_SUBJECT_CHARS) => (text.length > max ? `${text.slice(0, max)}…` : text);
const isGone = (error: unknown) => error instanceof ApiError && error.status === 404;

/** The thread of `threadId` (its root first, then its replies), oldest first. */
export function threadOf(comments: CardComment[], threadId: string): CardComment[] {
  return comments.filter((comment) => comment.id === threadId || comment.parentId === threadId);
}

/** Answered: a reply by the agent after the comment in its thread. */
export function answeredIn(thread: CardComment[], commentId: string, agentId: string): boolean {
  const at = thread.findIndex((comment) => comment.id === commentId);
  return at >= 0 && thread.slice(at + 1).some((comment) => comment.authorAgentId === agentId);
}

export async function workOnMention(deps: WorkDeps, mentioned: MentionedEvent, reason: string): Promise<void> {
  const { api, agent, backend, logger } = deps;
  const { projectId, cardId, pageId, threadId } = mentioned;
  const key = mentionTaskKey(mentioned.comment.id);
  const ids = { projectId, ...(cardId ? { cardId } : { pageId }), commentId: mentioned.comment.id, threadId };
  const where = cardId ? 'card' : pageId ? 'wiki' : null;
  if (!where) {
    logger.warn(`${agent.name}: a mention on neither a card nor a page: ignored`, ids);
    return;
  }
  const subjectId = (cardId ?? pageId)!;
  if (mentioned.comment.authorAgentId === agent.id) return;

  // The thread as the server has it now (the event may be a replay).
  let thread: CardComment[];
  try {
    const comments =
      where === 'card'
        ? await api.listCardComments(projectId, subjectId)
        : await api.listWikiComments(projectId, subjectId);
    thread = threadOf(comments, threadId);
  } catch (error) {
    if (!isGone(error)) throw error;
    logger.info(
      `${agent.name}: the ${where === 'card' ? 'card' : 'page'} of a mention is gone: nothing to answer`,
      ids,
    );
    return;
  }
  const at = thread.findIndex((comment) => comment.id === mentioned.comment.id);
  const comment = thread[at];
  if (!comment) {
    logger.info(`${agent.name}: the comment that mentioned the agent is gone: nothing to answer`, ids);
    return;
  }
  if (answeredIn(thread, comment.id, agent.id)) {
    logger.debug(`${agent.name}: the mention was answered already`, ids);
    return;
  }
  if (!mentionsAgent(comment.text, agent.id)) {
    logger.info(`${agent.name}: the comment no longer mentions the agent: nothing to answer`, ids);
    return;
  }
  logger.info(`${agent.name}: answering a mention by ${comment.author}`, { ...ids, reason });

  await withAbortSwitch(deps, key, async (signal) => {
    const { sink, text } = collectingSink(signal, (item) => {
      const fields = { task: key, ...(item.tool ? { tool: item.tool } : {}) };
      if (item.type === 'error') logger.warn(`${agent.name}: ${item.text}`, fields);
      else logger.debug(`${agent.name}: ${item.text}`, fields);
    });
    const tools = createTools(api, (item) => sink.activity(item), signal);
    let subject: { title: string; body: string };
    try {
      subject =
        where === 'card'
          ? await tools.getCard(projectId, subjectId).then((card) => ({ title: card.title, body: card.description }))
          : await tools.getWikiPage(projectId, subjectId).then((page) => ({ title: page.title, body: page.markdown }));
    } catch (error) {
      if (signal.aborted) return;
      if (!isGone(error)) throw error;
      logger.info(`${agent.name}: the ${where === 'card' ? 'card' : 'page'} is gone: nothing to answer`, ids);
      return;
    }
    const brief: MentionBrief = { where, projectId, id: subjectId, title: subject.title, by: comment.author };
    const root = thread[0]!;
    const about = [
      `${comment.author} mentioned you in a comment on the ${where === 'card' ? 'card' : 'wiki page'} “${subject.title}”. The conversation is its thread; your answer is posted as your reply there.`,
      root.quote ? `The thread is about this passage: “${clip(root.quote, 1000)}”` : '',
      subject.body.trim()
        ? `The ${where === 'card' ? 'card’s description' : 'page’s Markdown'}:\n${clip(subject.body)}`
        : '',
    ]
      .filter(Boolean)
      .join('\n\n');
    const history: ChatTurn[] = [
      { role: 'system', text: about },
      ...thread
        .slice(0, at + 1)
        .map((turn): ChatTurn =>
          turn.authorAgentId === agent.id
            ? { role: 'assistant', text: plainMentions(turn.text) }
            : { role: 'user', text: requestText(turn.text, agent.id), author: turn.author },
        ),
    ];
    let answer: string;
    try {
      await backend.chat({ agent, session: null, mention: brief, tools, sink, signal, history });
      if (signal.aborted) return;
      answer = text();
    } catch (error) {
      if (signal.aborted) return;
      // Out of credits: nothing is written (the reply would be refused too); the runner stops taking work.
      if (isCreditsExhausted(error)) throw error;
      logger.warn(`${agent.name}: answering a mention failed`, { ...ids, error: String(error) });
      answer = `I could not answer this: ${errorText(error)}`;
    }
    const body = replyText({ name: comment.author, userId: comment.authorUserId }, answer);
    try {
      const reply =
        where === 'card'
          ? await api.commentOnCard(projectId, subjectId, body, signal, threadId)
          : await api.replyOnWikiPage(projectId, subjectId, threadId, body, signal);
      logger.info(`${agent.name}: replied to a mention`, { ...ids, replyId: reply.id });
    } catch (error) {
      if (signal.aborted) return;
      if (isGone(error)) {
        logger.info(`${agent.name}: the thread is gone: the reply is dropped`, ids);
        return;
      }
      throw error;
    }
  });
}
