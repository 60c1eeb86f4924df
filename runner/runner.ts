/**
 * The reference agent runner: one agent's worker. It listens on the agent's event stream and does
 * the work through the public API only: answers chat messages, works on delegated cards, obeys
 * stop and pause. A reconnect replays events, so before each piece of work it checks the server's
 * state (is the message answered? is the card's session finished?) and never does work twice.
 */
import { type ApiError, createApi, isWorkEnded } from './api.ts';
import { createRulesBackend } from './backends/rules.ts';
import type { Backend } from './backends/types.ts';
import { type EventStream, type StreamEventMessage, openEventStream } from './event-stream.ts';
import { type WorkDeps, workOnSession } from './work.ts';
import { type Agent, type AgentEvent, type AgentStatus, type RunnerLogger, silentLogger } from './types.ts';

export type RunnerOptions = {
  /** The server (`http://localhost:8080`) or its API base (`…/api`). */
  url: string;
  /** The agent's token (`agt_…`). */
  token: string;
  /** What answers and plans; the built-in rule-based assistant when absent. */
  backend?: Backend;
  logger?: RunnerLogger;
  /** Resume the event stream after this id (from an earlier run); by default it starts from now. */
  lastEventId?: string;
  /** Reconnection backoff of the event stream. */
  backoff?: { initialMs: number; maxMs: number };
  /** Look for unfinished work (sessions `working`) when the stream connects; on by default. */
  catchUp?: boolean;
};

export type Runner = {
  agentId: string;
  agent: Agent;
  /** Stops listening and abandons the work in progress (its replies stay as the server has them). */
  stop(): Promise<void>;
  /** Settles when the runner stopped by itself (token revoked or expired) or through `stop()`. */
  readonly stopped: Promise<void>;
  /** For tests and diagnostics: the event stream (its connections, `dropConnection()`). */
  readonly stream: EventStream;
  /** Resolves when no work is queued or running. */
  idle(): Promise<void>;
  /** Resolves once the event stream is subscribed the first time (`ready`): no later event is missed. */
  readonly ready: Promise<void>;
};

/** Remembers at most `limit` keys, forgetting the oldest first. */
class RecentSet {
  private readonly keys = new Set<string>();
  constructor(private readonly limit = 10_000) {}
  has(key: string) {
    return this.keys.has(key);
  }
  add(key: string) {
    this.keys.add(key);
    if (this.keys.size > this.limit) this.keys.delete(this.keys.values().next().value!);
  }
}

export async function startRunner(options: RunnerOptions): Promise<Runner> {
  const logger = options.logger ?? silentLogger;
  const api = createApi({ url: options.url, token: options.token });
  const backend = options.backend ?? createRulesBackend();
  const agent = await api.currentAgent();
  const agentId = agent.id;
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    logger.info(`${agent.name}: ${message}`, fields);
  log(`runner started with ${backend.label}`, { agentId, status: agent.status });

  let status: AgentStatus = agent.status;
  let stopping = false;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  /** The work of each session, one piece after another. */
  const queues = new Map<string, Promise<void>>();
  /** The abort switch of the piece of work running for a session. */
  const running = new Map<string, AbortController>();
  /** Sessions with work that came while the agent was paused: done when it is active again. */
  const deferred = new Set<string>();
  const seenEvents = new RecentSet();
  const deps: WorkDeps = {
    api,
    agent,
    backend,
    logger,
    answered: new RecentSet(),
    running,
  };

  function schedule(sessionId: string, reason: string) {
    if (stopping) return;
    if (status !== 'active') {
      deferred.add(sessionId);
      log(`${status}: work for session ${sessionId} waits until the agent is active`);
      return;
    }
    const previous = queues.get(sessionId) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if (stopping) return;
        if (status !== 'active') {
          deferred.add(sessionId);
          return;
        }
        await workOnSession(deps, sessionId, reason);
      })
      .catch((error: unknown) => {
        if (!isWorkEnded(error)) logger.error(`${agent.name}: work failed`, { sessionId, error: String(error) });
      });
    queues.set(sessionId, next);
    void next.finally(() => {
      if (queues.get(sessionId) === next) queues.delete(sessionId);
    });
  }

  function handle(event: StreamEventMessage) {
    logger.debug('event received', { agentId, id: event.id, type: event.type });
    if (event.id) {
      if (seenEvents.has(event.id)) return;
      seenEvents.add(event.id);
    }
    const { type, data } = event as AgentEvent;
    switch (type) {
      case 'agent.session.message':
        log('a person wrote', { sessionId: data.sessionId, messageId: data.messageId });
        schedule(data.sessionId, 'message');
        break;
      case 'agent.card.delegated':
        log('a card was delegated', { sessionId: data.sessionId, cardId: data.cardId });
        schedule(data.sessionId, 'card');
        break;
      case 'agent.session.stopped': {
        deferred.delete(data.sessionId);
        const work = running.get(data.sessionId);
        log(`session stopped (${data.reason})${work ? ': abandoning the work in progress' : ''}`, {
          sessionId: data.sessionId,
        });
        work?.abort(new Error(`session ${data.reason}`));
        break;
      }
      case 'agent.status.changed':
        setStatus(data.status);
        break;
      case 'agent.file.granted':
        log('a file was shared with the agent', { nodeId: data.nodeId });
        break;
      default:
        logger.debug(`${agent.name}: event ignored`, { type });
    }
  }

  function setStatus(next: AgentStatus) {
    if (next === status) return;
    status = next;
    log(next === 'active' ? 'active again: taking work' : `${next}: taking no new work`);
    if (next === 'active') {
      const waiting = [...deferred];
      deferred.clear();
      for (const sessionId of waiting) schedule(sessionId, 'resumed');
    }
  }

  /** Work left unfinished while the runner was away: sessions still `working`. */
  async function catchUp() {
    try {
      const current = await api.currentAgent();
      setStatus(current.status);
      const sessions = await api.listSessions(agentId, 100);
      const waiting = sessions.filter((session) => session.status === 'working');
      if (waiting.length) log(`catching up on ${waiting.length} unfinished session(s)`);
      for (const session of waiting) schedule(session.id, 'catch-up');
    } catch (error) {
      logger.warn(`${agent.name}: could not look for unfinished work`, { error: String(error) });
    }
  }

  const stream = openEventStream({
    api,
    agentId,
    logger,
    lastEventId: options.lastEventId,
    backoff: options.backoff,
    onEvent: handle,
    onReady: ({ resumed, reconnect }) => {
      resolveReady();
      // A fresh start, or a gap too old to replay: look at the server's state instead.
      if (options.catchUp !== false && (!reconnect || !resumed)) void catchUp();
    },
    onFatal: (error: ApiError) => {
      logger.error(`${agent.name}: the runner stops: ${error.message}`);
      void stop();
    },
  });

  async function idle() {
    while (queues.size > 0) await Promise.allSettled([...queues.values()]);
  }

  async function stop() {
    if (stopping) return stopped;
    stopping = true;
    for (const work of running.values()) work.abort(new Error('runner stopping'));
    await stream.close();
    await idle();
    log('runner stopped');
    resolveStopped();
  }

  return { agentId, agent, stop, stopped, stream, idle, ready };
}
