/**
 * The reference agent runner: a client of the Workspace API that does an agent's work. Start one
 * runner per agent token (`startRunner`), or the demo company's agents together (`startDemoAgents`).
 */
import { createOpenAiBackend, openAiOptionsFromEnv } from './backends/openai.ts';
import type { Backend } from './backends/types.ts';
import { type Runner, startRunner } from './runner.ts';
import { type RunnerLogger, silentLogger } from './types.ts';

export { startRunner, type Runner, type RunnerOptions } from './runner.ts';
export { createRulesBackend } from './backends/rules.ts';
export { createOpenAiBackend, openAiOptionsFromEnv, type OpenAiOptions } from './backends/openai.ts';
export type { Backend } from './backends/types.ts';
export type { RunnerLogger } from './types.ts';

/**
 * The backend the environment asks for: an OpenAI-compatible model when `AGENT_MODEL_URL` is set,
 * else undefined (the runner's built-in rule-based assistant).
 */
export function backendFromEnv(env: Record<string, string | undefined>): Backend | undefined {
  const options = openAiOptionsFromEnv(env);
  return options ? createOpenAiBackend(options) : undefined;
}

/**
 * Starts one runner per token (the demo company's agents, in the server's process). A token that
 * fails to start is logged and skipped; the others run. `stop()` stops them all.
 */
export async function startDemoAgents(options: {
  url: string;
  tokens: string[];
  logger?: RunnerLogger;
  backend?: Backend;
}): Promise<{ runners: Runner[]; stop(): Promise<void> }> {
  const logger = options.logger ?? silentLogger;
  const started = await Promise.allSettled(
    options.tokens.map((token) => startRunner({ url: options.url, token, logger, backend: options.backend })),
  );
  const runners: Runner[] = [];
  for (const result of started) {
    if (result.status === 'fulfilled') runners.push(result.value);
    else logger.warn(`an agent runner could not start: ${String(result.reason)}`);
  }
  return {
    runners,
    async stop() {
      await Promise.all(runners.map((runner) => runner.stop()));
    },
  };
}
