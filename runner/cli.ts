/**
 * `npm run agent -- --token agt_… --url http://localhost:8080 [--mcp]`: runs one agent from the
 * command line (also `AGENT_TOKEN`, `WORKSPACE_URL`); with `--mcp` its API calls go through the
 * server's MCP endpoint instead of REST. With `AGENT_MODEL_URL` (and `AGENT_MODEL`,
 * `AGENT_MODEL_KEY`) it answers with an OpenAI-compatible model; without, with the built-in
 * rule-based assistant. Ctrl+C stops it.
 */
import { parseArgs } from 'node:util';
import { backendFromEnv, startRunner } from './index.ts';
import type { RunnerLogger } from './types.ts';

const usage = `Usage: npm run agent -- --token <agt_…> [--url http://localhost:8080] [--mcp] [--last-event-id <id>] [--quiet]

  --token          the agent's token (or AGENT_TOKEN)
  --url            the Workspace server or its API base (or WORKSPACE_URL; default http://localhost:8080)
  --mcp            make every API call through the server's MCP endpoint (<url>/api/mcp?toolsets=all,
                   one tool per operation) instead of REST; the event stream stays SSE
  --last-event-id  resume the event stream after this id
  --quiet          log warnings and errors only

Model (optional; without it the built-in rule-based assistant answers):
  AGENT_MODEL_URL  an OpenAI-compatible API base, e.g. http://localhost:11434/v1
  AGENT_MODEL      the model name
  AGENT_MODEL_KEY  its API key, if it needs one`;

const { values } = parseArgs({
  options: {
    token: { type: 'string' },
    url: { type: 'string' },
    'last-event-id': { type: 'string' },
    quiet: { type: 'boolean', default: false },
    mcp: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const token = values.token ?? process.env.AGENT_TOKEN;
const url = values.url ?? process.env.WORKSPACE_URL ?? 'http://localhost:8080';
if (!token) {
  console.error(`No agent token: pass --token or set AGENT_TOKEN.\n\n${usage}`);
  process.exit(2);
}
if (!token.startsWith('agt_')) console.warn('warning: agent tokens start with "agt_"; this one does not.');

const line = (level: string, message: string, fields?: Record<string, unknown>) =>
  `${new Date().toISOString()} ${level} ${message}${fields && Object.keys(fields).length ? ` ${JSON.stringify(fields)}` : ''}`;
const logger: RunnerLogger = {
  debug: () => {},
  info: (message, fields) => {
    if (!values.quiet) console.log(line('INFO', message, fields));
  },
  warn: (message, fields) => console.warn(line('WARN', message, fields)),
  error: (message, fields) => console.error(line('ERROR', message, fields)),
};

let runner: Awaited<ReturnType<typeof startRunner>>;
try {
  runner = await startRunner({
    url,
    token,
    backend: backendFromEnv(process.env),
    logger,
    lastEventId: values['last-event-id'],
    mcp: values.mcp,
  });
} catch (error) {
  console.error(`Could not start the agent at ${url}: ${(error as Error).message}`);
  process.exit(1);
}

let exiting = false;
async function shutdown(signal: string) {
  if (exiting) return;
  exiting = true;
  logger.info(`received ${signal}, stopping`);
  await runner.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
// Revoked or expired token: the runner stops by itself.
void runner.stopped.then(() => {
  if (!exiting) process.exit(1);
});
