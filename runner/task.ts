/**
 * A task a schedule or a webhook handed the agent. The backend works on its instruction as on a
 * chat turn, with the same tools, but there is no conversation to write to: its answer is collected
 * here and becomes the outcome the runner reports, and its steps go to the log.
 */
import { isCreditsExhausted } from './api.ts';
import type { ReplySink, TaskBrief } from './backends/types.ts';
import { MAX_REPLY_CHARS } from './reply.ts';
import { createTools } from './tools.ts';
import type { ActivityInput, TaskReport } from './types.ts';
import { type WorkDeps, errorText, withAbortSwitch } from './work.ts';

/** The server's limit on a reported outcome. */
export const MAX_OUTCOME_CHARS = 2000;

/** Text cut to the outcome limit, with an ellipsis when cut. */
export function clipOutcome(text: string): string {
  return text.length > MAX_OUTCOME_CHARS ? `${text.slice(0, MAX_OUTCOME_CHARS - 1)}…` : text;
}

/** A sink that keeps the answer in memory and refuses writes once the work is stopped. */
export function collectingSink(signal: AbortSignal, onActivity: (item: ActivityInput) => void) {
  let text = '';
  const stopped = () => Promise.reject(signal.reason ?? new Error('stopped'));
  const sink: ReplySink = {
    text(piece) {
      if (signal.aborted) return stopped();
      text = (text + piece).slice(0, MAX_REPLY_CHARS);
      return Promise.resolve();
    },
    activity(item) {
      if (signal.aborted) return stopped();
      onActivity(item);
      return Promise.resolve();
    },
  };
  return { sink, text: () => text };
}

/**
 * Runs the backend on a task under `key` (its abort switch, pulled when the runner stops). Answers
 * what to report: `succeeded` with the answer, or `failed` with the error; null when it was
 * stopped (nothing is reported: the work was not done).
 */
export async function runTask(deps: WorkDeps, key: string, task: TaskBrief): Promise<TaskReport | null> {
  const { api, agent, backend, logger } = deps;
  return withAbortSwitch(deps, key, async (signal) => {
    const { sink, text } = collectingSink(signal, (item) => {
      const fields = { task: key, ...(item.tool ? { tool: item.tool } : {}) };
      if (item.type === 'error') logger.warn(`${agent.name}: ${item.text}`, fields);
      else logger.debug(`${agent.name}: ${item.text}`, fields);
    });
    const tools = createTools(api, (item) => sink.activity(item), signal);
    try {
      await backend.chat({
        agent,
        session: null,
        task,
        tools,
        sink,
        signal,
        history: [{ role: 'user', text: task.instruction }],
      });
      if (signal.aborted) return null;
      return { status: 'succeeded', outcome: clipOutcome(text().trim() || '(No answer.)') };
    } catch (error) {
      if (signal.aborted) return null;
      // Out of credits: nothing is reported (the report would be refused too); the runner stops taking work.
      if (isCreditsExhausted(error)) throw error;
      logger.warn(`${agent.name}: a task failed`, { task: key, error: String(error) });
      return { status: 'failed', outcome: clipOutcome(errorText(error)) };
    }
  });
}
