/**
 * One piece of work on a session, decided from the server's state (never from the event alone,
 * since a reconnect replays events): a card session the agent has not replied to yet is a
 * delegated card to work on; otherwise the newest person message, if nothing answered it yet.
 */
import { type WorkspaceApi, isCreditsExhausted, isWorkEnded } from './api.ts';
import type { Backend, ChatTurn, WorkContext } from './backends/types.ts';
import { createReplyWriter } from './reply.ts';
import { createTools } from './tools.ts';
import type { Agent, AgentMessage, AgentSession, RunnerLogger } from './types.ts';

export type WorkDeps = {
  api: WorkspaceApi;
  agent: Agent;
  backend: Backend;
  logger: RunnerLogger;
  /**
   * Person messages this runner has taken on (answered, or found answered). One whose work the
   * server refused for lack of credits is forgotten, so it is taken on again once credits are back.
   */
  answered: { has(id: string): boolean; add(id: string): void; delete(id: string): void };
  /** The abort switch of the work running on each session. */
  running: Map<string, AbortController>;
};

const FINISHED_SESSIONS = new Set(['stopped', 'completed', 'failed']);
const REVIEW_COLUMN = /review/i;

export async function workOnSession(deps: WorkDeps, sessionId: string, reason: string): Promise<void> {
  const { api, agent, logger } = deps;
  const session = await api.getSession(agent.id, sessionId);
  const messages = await api.listMessages(agent.id, sessionId);
  await finishOrphans(deps, session, messages);
  const hasReply = messages.some((message) => message.role === 'agent');
  if (session.card && !hasReply) {
    if (FINISHED_SESSIONS.has(session.status)) {
      logger.debug(`${agent.name}: card session already ${session.status}`, { sessionId });
      return;
    }
    const first = messages.find((message) => message.role === 'user');
    if (first && deps.answered.has(first.id)) return;
    if (first) deps.answered.add(first.id);
    await forgetIfRefused(deps, first?.id, () =>
      run(deps, session, (context) => workOnCard(deps, context, session, session.card!)),
    );
    return;
  }
  const lastUser = messages.findLastIndex((message) => message.role === 'user');
  const target = messages[lastUser];
  if (!target) return;
  // Something after it (a reply, or the note that the person stopped the session): nothing to do.
  if (messages.slice(lastUser + 1).some((message) => message.role !== 'user')) {
    deps.answered.add(target.id);
    return;
  }
  if (deps.answered.has(target.id)) return;
  if (session.status === 'stopped') return;
  deps.answered.add(target.id);
  logger.info(`${agent.name}: answering`, { sessionId, messageId: target.id, reason });
  const history: ChatTurn[] = messages
    .slice(0, lastUser + 1)
    .filter((message) => message.status !== 'error' || message.text)
    .map((message) => ({
      role: message.role === 'agent' ? 'assistant' : message.role,
      text: message.text,
      author: message.author?.name,
    }));
  await forgetIfRefused(deps, target.id, () =>
    run(deps, session, async (context) => {
      await deps.backend.chat({ ...context, history });
    }),
  );
}

/** Runs `work`; when the server refuses it for lack of credits, forgets the message it answers. */
async function forgetIfRefused(deps: WorkDeps, messageId: string | undefined, work: () => Promise<void>) {
  try {
    await work();
  } catch (error) {
    if (messageId && isCreditsExhausted(error)) deps.answered.delete(messageId);
    throw error;
  }
}

/**
 * Replies left `streaming` by an earlier run of this agent that died mid-answer: nothing will
 * finish them, so they end as `error` with a note (the person can ask again).
 */
async function finishOrphans(deps: WorkDeps, session: AgentSession, messages: AgentMessage[]) {
  if (deps.running.has(session.id)) return;
  for (const message of messages) {
    if (message.role !== 'agent' || message.status !== 'streaming') continue;
    deps.logger.warn(`${deps.agent.name}: ending a reply an earlier run left unfinished`, { messageId: message.id });
    await deps.api
      .updateReply(deps.agent.id, session.id, message.id, {
        activity: [{ type: 'error', text: 'The runner stopped before finishing this reply.' }],
        status: 'error',
      })
      .catch(() => undefined);
  }
}

/**
 * Runs a piece of work as one streaming reply: opened with `done: false`, written by `work`, then
 * finished `complete`. Stopped (the abort switch, or 409 from the server) → dropped without a
 * further write. Failed → the reply ends `error` with the reason as an activity item.
 */
async function run(deps: WorkDeps, session: AgentSession, work: SessionWork) {
  await withAbortSwitch(deps, session.id, (signal) => writeReply(deps, session, work, signal));
}

type SessionWork = (context: WorkContext) => Promise<{ sessionStatus?: 'completed' } | void>;

async function writeReply(deps: WorkDeps, session: AgentSession, work: SessionWork, signal: AbortSignal) {
  const { api, agent, backend, logger } = deps;
  try {
    const reply = await api.postReply(
      agent.id,
      session.id,
      { done: false, activity: [{ type: 'thought', text: `Working with ${backend.label}.` }] },
      signal,
    );
    const sink = createReplyWriter({ api, agentId: agent.id, sessionId: session.id, messageId: reply.id, signal });
    const tools = createTools(api, (item) => sink.activity(item), signal);
    try {
      const outcome = await work({ agent, session, tools, sink, signal });
      await sink.flush();
      if (!sink.written.trim()) await sink.text('(No answer.)');
      await api.updateReply(agent.id, session.id, reply.id, { status: 'complete' }, signal);
      if (outcome?.sessionStatus) await api.setSessionStatus(agent.id, session.id, outcome.sessionStatus, signal);
      logger.info(`${agent.name}: reply finished`, { sessionId: session.id, messageId: reply.id });
    } catch (error) {
      // Out of credits: nothing more is written for this work (the runner stops taking work).
      if (signal.aborted || isWorkEnded(error) || isWorkEnded(sink.error) || isCreditsExhausted(error)) throw error;
      logger.warn(`${agent.name}: work failed`, { sessionId: session.id, error: String(error) });
      await api
        .updateReply(agent.id, session.id, reply.id, {
          activity: [{ type: 'error', text: errorText(error) }],
          status: 'error',
        })
        .catch(() => undefined);
      if (session.card) await api.setSessionStatus(agent.id, session.id, 'failed').catch(() => undefined);
    }
  } catch (error) {
    if (signal.aborted || isWorkEnded(error)) {
      logger.info(`${agent.name}: stopped; the work is dropped`, { sessionId: session.id });
      return;
    }
    throw error;
  }
}

/**
 * Runs `work` with an abort switch in `deps.running` under `key` (a session id, or a task's key):
 * what a stop of the session, or of the runner, pulls.
 */
export async function withAbortSwitch<T>(
  deps: Pick<WorkDeps, 'running'>,
  key: string,
  work: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const controller = new AbortController();
  deps.running.set(key, controller);
  try {
    return await work(controller.signal);
  } finally {
    if (deps.running.get(key) === controller) deps.running.delete(key);
  }
}

/** An error as one line of text for a person (at most 2,000 characters, the server's limit). */
export const errorText = (error: unknown) => String((error as Error)?.message ?? error).slice(0, 2000);

/** A delegated card: read it and its board, plan, comment the plan, move it to review, report done. */
async function workOnCard(
  deps: WorkDeps,
  context: WorkContext,
  session: AgentSession,
  link: { projectId: string; cardId: string },
): Promise<{ sessionStatus: 'completed' }> {
  const { tools, sink } = context;
  const card = await tools.getCard(link.projectId, link.cardId);
  const board = await tools.getBoard(link.projectId);
  const currentColumn = board.columns.find((column) => column.id === card.column) ?? null;
  const review = board.columns.find((column) => REVIEW_COLUMN.test(column.name)) ?? null;
  const plan = await deps.backend.planCard({
    ...context,
    card,
    board,
    accountable: session.owner.name,
    reviewColumn: review && { id: review.id, name: review.name },
    currentColumn: currentColumn && { id: currentColumn.id, name: currentColumn.name },
  });
  await tools.commentOnCard(link.projectId, link.cardId, plan || `Plan for “${card.title}”: (none)`);
  if (!review) {
    await sink.activity({ type: 'thought', text: 'The board has no column named like “Review”: the card stays.' });
    await sink.text(`\n\nThe board has no Review column, so I left the card in “${currentColumn?.name ?? '?'}”.`);
  } else if (review.id === card.column) {
    await sink.text(`\n\nThe card is already in “${review.name}”.`);
  } else {
    const position = review.cards.filter((other) => !other.archived && other.id !== card.id).length;
    await tools.moveCard(link.projectId, link.cardId, review.id, position, review.name);
    await sink.text(
      `\n\nI commented this plan on the card and moved it to “${review.name}” for ${session.owner.name}.`,
    );
  }
  return { sessionStatus: 'completed' };
}
