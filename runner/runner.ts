/**
 * The reference agent runner: one agent's worker. It listens on the agent's event stream and does
 * the work through the public API only (REST, or with `mcp` the MCP endpoint's tools): answers chat messages, works on delegated cards, does what
 * its schedules and webhooks hand it and reports the outcome, answers the card and wiki comments
 * that mention it (in their threads), obeys stop and pause. A reconnect replays events, so before
 * each piece of work it checks the server's state (is the message answered? is the card's session
 * finished? is the run reported? does the thread hold its reply?) and never does work twice.
 *
 * Credits: agent work costs the company credits. When the server refuses a write with 402
 * `CREDITS_EXHAUSTED`, the runner logs it once, drops that piece of work without writing or
 * reporting anything more for it (no retry), and takes no new work: what arrives waits. It resumes
 * when its stream says credits are back (`agent.credits.changed`, `exhausted: false`) — or, since a
 * reply can be refused while the company is not "exhausted" (fewer credits than a reply, more than
 * a write; no event then), when a slow look at the balance finds enough for a reply — and then
 * looks for unfinished work as it does on start.
 */
import { type ApiError, apiBaseUrl, createApi, isCreditsExhausted, isWorkEnded } from './api.ts';
import { cronTaskKey, unfinishedTasks, webhookTaskKey, workOnCronRun, workOnWebhookDelivery } from './automation.ts';
import { createRulesBackend } from './backends/rules.ts';
import type { Backend } from './backends/types.ts';
import { type EventStream, type StreamEventMessage, openEventStream } from './event-stream.ts';
import { connectMcpTransport } from './mcp.ts';
import { mentionTaskKey, workOnMention } from './mention.ts';
import { type WorkDeps, workOnSession } from './work.ts';
import {
  type Agent,
  type AgentEvent,
  type AgentStatus,
  type CronFiredEvent,
  type MentionedEvent,
  type RunnerLogger,
  type WebhookReceivedEvent,
  silentLogger,
} from './types.ts';

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
  /**
   * Look for unfinished work when the stream connects (sessions `working`, schedule runs and webhook
   * deliveries not reported); on by default.
   */
  catchUp?: boolean;
  /** While out of credits, how often to look at the balance (ms; default 60 s). */
  creditsPollMs?: number;
  /**
   * Make every API call through the server's MCP endpoint (`…/api/mcp?toolsets=all`, its tools named
   * by operation) instead of REST. The event stream stays SSE: MCP has no event push.
   */
  mcp?: boolean;
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
  delete(key: string) {
    this.keys.delete(key);
  }
}

export async function startRunner(options: RunnerOptions): Promise<Runner> {
  const logger = options.logger ?? silentLogger;
  const transport = options.mcp
    ? await connectMcpTransport({ base: apiBaseUrl(options.url), token: options.token })
    : undefined;
  const api = createApi({ url: options.url, token: options.token, transport });
  const backend = options.backend ?? createRulesBackend();
  const agent = await api.currentAgent().catch(async (error: unknown) => {
    await api.close();
    throw error;
  });
  const agentId = agent.id;
  const log = (message: string, fields: Record<string, unknown> = {}) =>
    logger.info(`${agent.name}: ${message}`, fields);
  log(`runner started with ${backend.label}`, { agentId, status: agent.status, api: api.transport });

  let status: AgentStatus = agent.status;
  /** Out of credits: the server refuses agent work (402), so no new work is taken. */
  let outOfCredits = false;
  let creditsTimer: ReturnType<typeof setTimeout> | undefined;
  const creditsPollMs = options.creditsPollMs ?? 60_000;
  let stopping = false;
  let resolveStopped!: () => void;
  const stopped = new Promise<void>((resolve) => (resolveStopped = resolve));
  let resolveReady!: () => void;
  const ready = new Promise<void>((resolve) => (resolveReady = resolve));
  /**
   * The work of each session (by its id) and each task (`cron:<runId>`, `webhook:<deliveryId>`,
   * `mention:<commentId>`), one piece after another.
   */
  const queues = new Map<string, Promise<void>>();
  /** The abort switch of the piece of work running for a session or a task. */
  const running = new Map<string, AbortController>();
  /** Work that came while the agent was paused, by key: done when it is active again. */
  const deferred = new Map<string, Job>();
  const seenEvents = new RecentSet();
  const deps: WorkDeps = {
    api,
    agent,
    backend,
    logger,
    answered: new RecentSet(),
    running,
  };

  /** A piece of work: what it is about (`key`, `label`), and how to do it (deciding from the server's state). */
  type Job = { key: string; label: string; work: (reason: string) => Promise<void> };

  const sessionJob = (sessionId: string): Job => ({
    key: sessionId,
    label: `session ${sessionId}`,
    work: (reason) => workOnSession(deps, sessionId, reason),
  });
  const cronRunJob = (fired: CronFiredEvent): Job => ({
    key: cronTaskKey(fired.runId),
    label: `schedule “${fired.name}”`,
    work: (reason) => workOnCronRun(deps, fired, reason),
  });
  const deliveryJob = (received: WebhookReceivedEvent): Job => ({
    key: webhookTaskKey(received.deliveryId),
    label: `webhook “${received.name}”`,
    work: (reason) => workOnWebhookDelivery(deps, received, reason),
  });
  const mentionJob = (mentioned: MentionedEvent): Job => ({
    key: mentionTaskKey(mentioned.comment.id),
    label: `the mention by ${mentioned.comment.author}`,
    work: (reason) => workOnMention(deps, mentioned, reason),
  });

  function schedule(job: Job, reason: string) {
    if (stopping) return;
    if (status !== 'active' || outOfCredits) {
      deferred.set(job.key, job);
      log(
        status !== 'active'
          ? `${status}: work for ${job.label} waits until the agent is active`
          : `out of credits: work for ${job.label} waits until credits are back`,
      );
      return;
    }
    const { key } = job;
    const previous = queues.get(key) ?? Promise.resolve();
    const next = previous
      .then(async () => {
        if (stopping) return;
        if (status !== 'active' || outOfCredits) {
          deferred.set(key, job);
          return;
        }
        await job.work(reason);
      })
      .catch((error: unknown) => {
        // Refused for lack of credits: this piece of work is dropped (not retried), and no new work is taken.
        if (isCreditsExhausted(error)) creditsRunOut(`the server refused the work on ${job.label}: ${String(error)}`);
        else if (!isWorkEnded(error)) logger.error(`${agent.name}: work failed`, { key, error: String(error) });
      });
    queues.set(key, next);
    void next.finally(() => {
      if (queues.get(key) === next) queues.delete(key);
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
        schedule(sessionJob(data.sessionId), 'message');
        break;
      case 'agent.card.delegated':
        log('a card was delegated', { sessionId: data.sessionId, cardId: data.cardId });
        schedule(sessionJob(data.sessionId), 'card');
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
      case 'agent.cron.fired':
        log(`schedule “${data.name}” fired${data.manual ? ' (run by hand)' : ''}`, {
          cronJobId: data.cronJobId,
          runId: data.runId,
        });
        schedule(cronRunJob(data), 'schedule');
        break;
      case 'agent.webhook.received':
        log(`webhook “${data.name}” ${data.redelivery ? 'delivered again' : 'delivered'}`, {
          endpointId: data.endpointId,
          deliveryId: data.deliveryId,
        });
        schedule(deliveryJob(data), data.redelivery ? 'redelivery' : 'webhook');
        break;
      case 'agent.integration.granted':
      case 'agent.integration.updated':
        log(`a connection was ${type === 'agent.integration.granted' ? 'granted to the agent' : 'regranted'}`, {
          grantId: data.grant.id,
          connectionId: data.grant.connectionId,
          scope: data.grant.scope,
        });
        break;
      case 'agent.integration.revoked':
        log('a connection grant was revoked', { grantId: data.grantId });
        break;
      case 'agent.mentioned':
        log(`${data.comment.author} mentioned the agent in a ${data.cardId ? 'card' : 'wiki'} comment`, {
          projectId: data.projectId,
          ...(data.cardId ? { cardId: data.cardId } : { pageId: data.pageId }),
          commentId: data.comment.id,
        });
        schedule(mentionJob(data), 'mention');
        break;
      case 'agent.credits.changed':
        if (data.exhausted) creditsRunOut(data.reason ?? 'the company has run out of credits');
        else creditsBack(`credits are back (${data.available} available)`);
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
      const waiting = [...deferred.values()];
      deferred.clear();
      for (const job of waiting) schedule(job, 'resumed');
    }
  }

  /** Out of credits: one line in the log, no new work, and a slow look at the balance until they are back. */
  function creditsRunOut(reason: string) {
    if (stopping) return;
    if (outOfCredits) {
      logger.debug(`${agent.name}: still out of credits`, { reason });
      return;
    }
    outOfCredits = true;
    logger.warn(
      `${agent.name}: out of credits (CREDITS_EXHAUSTED): taking no new work until credits are back — ${reason}`,
    );
    watchBalance();
  }

  function watchBalance() {
    clearTimeout(creditsTimer);
    if (!outOfCredits || stopping) return;
    creditsTimer = setTimeout(() => {
      void api.creditBalance().then(
        (balance) => {
          if (balance.available >= Math.max(balance.prices.reply, balance.prices.write))
            creditsBack(`credits are back (${balance.available} available)`);
          else watchBalance();
        },
        (error: unknown) => {
          logger.debug(`${agent.name}: could not read the credit balance`, { error: String(error) });
          watchBalance();
        },
      );
    }, creditsPollMs);
    creditsTimer.unref?.();
  }

  /** Credits are back: take work again, what waited first, then look for unfinished work as on start. */
  function creditsBack(why: string) {
    if (!outOfCredits || stopping) return;
    outOfCredits = false;
    clearTimeout(creditsTimer);
    log(`${why}: taking work again`);
    const waiting = [...deferred.values()];
    deferred.clear();
    for (const job of waiting) schedule(job, 'resumed');
    if (options.catchUp !== false) void catchUp();
  }

  /**
   * Work left unfinished while the runner was away: sessions still `working`, schedule runs still
   * `delivered`, webhook deliveries not reported.
   */
  async function catchUp() {
    try {
      const current = await api.currentAgent();
      setStatus(current.status);
      const sessions = await api.listSessions(agentId, 100);
      const waiting = sessions.filter((session) => session.status === 'working');
      if (waiting.length) log(`catching up on ${waiting.length} unfinished session(s)`);
      for (const session of waiting) schedule(sessionJob(session.id), 'catch-up');
    } catch (error) {
      logger.warn(`${agent.name}: could not look for unfinished work`, { error: String(error) });
    }
    const { runs, deliveries } = await unfinishedTasks(api, agentId, (message, error) =>
      logger.warn(`${agent.name}: ${message}`, { error: String(error) }),
    );
    if (runs.length + deliveries.length)
      log(
        `catching up on ${runs.length} schedule run(s) and ${deliveries.length} webhook delivery(ies) not reported yet`,
      );
    for (const fired of runs) schedule(cronRunJob(fired), 'catch-up');
    for (const received of deliveries) schedule(deliveryJob(received), 'catch-up');
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
    clearTimeout(creditsTimer);
    for (const work of running.values()) work.abort(new Error('runner stopping'));
    await stream.close();
    await idle();
    await api.close();
    log('runner stopped');
    resolveStopped();
  }

  return { agentId, agent, stop, stopped, stream, idle, ready };
}
