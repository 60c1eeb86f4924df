/**
 * The agent's connection to `GET /agents/{agentId}/events`: fetch with the Bearer token, `ready`
 * first, then events with ids; reconnects with backoff and `Last-Event-ID`, and treats a silent
 * connection (no heartbeat) as a dead one.
 */
import { ApiError, type WorkspaceApi } from './api.ts';
import { readSse } from './sse.ts';
import type { RunnerLogger } from './types.ts';

export type StreamEventMessage = { id?: string; type: string; data: unknown };

export type EventStreamOptions = {
  api: WorkspaceApi;
  agentId: string;
  logger: RunnerLogger;
  /** Called for each event, in order; a replayed event comes again with its original id. */
  onEvent(event: StreamEventMessage): void;
  /** `ready` of each connection: `resumed` is false when missed events could not be replayed. */
  onReady(ready: { resumed: boolean; reconnect: boolean }): void;
  /** The stream cannot go on (token revoked or expired, agent gone): the runner stops. */
  onFatal(error: ApiError): void;
  /** Resume after this event id (from an earlier run). */
  lastEventId?: string;
  /** First and longest wait between reconnections. */
  backoff?: { initialMs: number; maxMs: number };
  /** A connection silent this long is dropped and reopened (the server sends a heartbeat every ≤ 15 s). */
  idleTimeoutMs?: number;
};

export type EventStream = {
  /** Ends the connection for good. */
  close(): Promise<void>;
  /** Drops the current connection as a network failure would; the stream reconnects (tests, diagnostics). */
  dropConnection(): void;
  readonly lastEventId: string | undefined;
  /** Connections opened so far. */
  readonly connections: number;
};

/** Statuses after which retrying cannot help. */
const FATAL_STATUSES = new Set([401, 403, 404]);

export function openEventStream(options: EventStreamOptions): EventStream {
  const { api, agentId, logger } = options;
  const backoff = options.backoff ?? { initialMs: 500, maxMs: 15_000 };
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000;
  let lastEventId = options.lastEventId;
  let closed = false;
  let connections = 0;
  let current: AbortController | undefined;
  const closing = new AbortController();

  async function connectOnce(): Promise<'ready' | 'failed'> {
    const controller = new AbortController();
    current = controller;
    let idle: ReturnType<typeof setTimeout> | undefined;
    const kick = () => {
      clearTimeout(idle);
      idle = setTimeout(() => controller.abort(new Error('no heartbeat')), idleTimeoutMs);
    };
    let gotReady = false;
    try {
      connections++;
      const response = await fetch(`${api.base}/agents/${agentId}/events`, {
        headers: {
          authorization: `Bearer ${api.token}`,
          accept: 'text/event-stream',
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
        signal: controller.signal,
      });
      if (!response.ok || !response.body) {
        const envelope = (await response.json().catch(() => ({}))) as { error?: string; code?: string };
        throw new ApiError(
          response.status,
          envelope.code,
          `event stream: ${response.status} ${envelope.code ?? ''} ${envelope.error ?? ''}`.trim(),
        );
      }
      kick();
      for await (const message of readSse(response.body, { onComment: kick })) {
        kick();
        if (message.event === 'ready') {
          gotReady = true;
          const resumed = (JSON.parse(message.data) as { resumed?: boolean }).resumed !== false;
          logger.info(connections > 1 ? 'event stream reconnected' : 'event stream connected', {
            agentId,
            resumed,
            ...(lastEventId ? { lastEventId } : {}),
          });
          options.onReady({ resumed, reconnect: connections > 1 });
          continue;
        }
        let data: unknown;
        try {
          data = JSON.parse(message.data);
        } catch {
          logger.warn('event stream: an event without JSON data was skipped', { type: message.event });
          continue;
        }
        options.onEvent({ id: message.id, type: message.event, data });
        if (message.id) lastEventId = message.id;
      }
      if (!closed) logger.warn('event stream ended; reconnecting', { agentId });
    } catch (error) {
      if (closed) return 'failed';
      if (error instanceof ApiError && FATAL_STATUSES.has(error.status)) throw error;
      const reason = controller.signal.aborted
        ? String(controller.signal.reason ?? 'dropped')
        : (error as Error).message;
      logger.warn('event stream lost; reconnecting', { agentId, reason });
    } finally {
      clearTimeout(idle);
      controller.abort();
    }
    return gotReady ? 'ready' : 'failed';
  }

  const loop = (async () => {
    let failures = 0;
    while (!closed) {
      try {
        const outcome = await connectOnce();
        failures = outcome === 'ready' ? 0 : failures + 1;
      } catch (error) {
        logger.error('event stream refused; the runner stops', { agentId, error: (error as Error).message });
        closed = true;
        options.onFatal(error as ApiError);
        break;
      }
      if (closed) break;
      // The first retry after a working connection is quick; then it backs off, with jitter.
      const wait = Math.min(backoff.maxMs, backoff.initialMs * 2 ** Math.max(0, failures - 1));
      await sleep(failures === 0 ? Math.min(wait, 100) : wait * (0.75 + Math.random() * 0.5), closing.signal);
    }
  })();

  return {
    async close() {
      closed = true;
      closing.abort();
      current?.abort(new Error('closed'));
      await loop;
    },
    dropConnection() {
      current?.abort(new Error('connection dropped'));
    },
    get lastEventId() {
      return lastEventId;
    },
    get connections() {
      return connections;
    },
  };
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const timer = setTimeout(done, ms);
    signal.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
  });
}
