import { Worker } from 'node:worker_threads';

/** What a query answers: the shape of PGlite's `Results`, as Drizzle's PGlite driver reads it. */
export type QueryResult = { rows: unknown[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number };
type RowMode = 'array' | 'object';

/** The query surface of a PGlite transaction that Drizzle's driver uses. */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], options?: { rowMode?: RowMode }): Promise<QueryResult>;
  exec(sql: string): Promise<QueryResult[]>;
}

/**
 * PGlite in a worker thread (./pglite-worker.js), behind the part of PGlite's client interface
 * that Drizzle's driver, its migrator and the event bus use. Ordering as PGlite in process: one
 * statement at a time, and a statement outside a transaction waits until none is open. Narrower:
 * queries leave dates and intervals as Postgres text (the parsers Drizzle asks for; other query
 * options are not carried), parameters cross by structured clone (plain values, Dates, bytes),
 * and errors come back as plain Errors with the Postgres fields (`code`, `detail`, …) copied.
 */
export interface PgliteThread extends ThreadTransaction {
  transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Reply = {
  id: number;
  result?: unknown;
  error?: Record<string, unknown> | null;
  ready?: true;
  maintenanceFailed?: Record<string, unknown>;
};
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** An error from the worker, rebuilt with the fields Postgres gave it (code, detail, …). */
function rebuild(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message ?? 'database error'));
  Object.assign(error, data);
  return error;
}

/**
 * The embedded database's own vacuuming (./pglite-maintenance.js): a pass is considered every
 * `checkMs`, runs once no statement has arrived for `idleMs`, or anyway `forceMs` after the last
 * one. `false` turns it off.
 */
export type MaintenanceOptions = { checkMs?: number; idleMs?: number; forceMs?: number } | false;

export async function startPgliteThread(
  dataDir: string,
  options: { maintenance?: MaintenanceOptions } = {},
): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), {
    workerData: { dataDir, maintenance: options.maintenance },
  });
  const pending = new Map<number, Pending>();
  /** Channels listened to: their listeners, and the LISTEN every later subscriber waits for. */
  const channels = new Map<string, { listeners: Set<(payload: string) => void>; ready: Promise<unknown> }>();
  let nextId = 1;
  let failure: Error | undefined;

  const started = new Promise<void>((resolve, reject) => {
    const onStart = (message: { ready?: true; failed?: Record<string, unknown> }) => {
      if (message.ready) settle();
      else if (message.failed) settle(rebuild(message.failed));
    };
    const onError = (error: Error) => settle(error);
    const onExit = (code: number) => settle(new Error(`the database thread exited (code ${code}) while starting`));
    const settle = (error?: Error) => {
      worker.off('message', onStart).off('error', onError).off('exit', onExit);
      if (error) reject(error);
      else resolve();
    };
    worker.on('message', onStart).on('error', onError).on('exit', onExit);
  });

  worker.on('message', (message: Reply | { channel: string; payload: string }) => {
    if ('channel' in message) {
      for (const listener of channels.get(message.channel)?.listeners ?? []) listener(message.payload);
      return;
    }
    // Vacuuming is the database's own business; a failure is reported, and retried after `forceMs`.
    if (message.maintenanceFailed) console.error('database maintenance failed:', message.maintenanceFailed.message);
    if (message.id === undefined) return;
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (message.error) waiting.reject(rebuild(message.error));
    else waiting.resolve(message.ready ? 'ready' : message.result);
  });
  // A dead database thread fails everything in flight and everything after.
  const fail = (error: Error) => {
    failure ??= error;
    for (const waiting of pending.values()) waiting.reject(failure);
    pending.clear();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the database thread exited (code ${code})`)));

  const call = (message: Record<string, unknown>, id = nextId++): Promise<unknown> => {
    if (failure) return Promise.reject(failure);
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ ...message, id });
    });
  };

  const surface = (tx?: number): ThreadTransaction => ({
    query: (sql, params = [], options = {}) =>
      call({ op: 'query', tx, sql, params, rowMode: options.rowMode ?? 'object' }) as Promise<QueryResult>,
    exec: (sql) => call({ op: 'exec', tx, sql }) as Promise<QueryResult[]>,
  });

  try {
    await started;
  } catch (error) {
    // The thread would otherwise keep the process alive.
    await worker.terminate();
    throw error;
  }
  return {
    ...surface(),
    async transaction(work) {
      const id = nextId++;
      await call({ op: 'begin' }, id);
      // The worker answers `id` again once the transaction has committed or rolled back.
      const end = (commit: boolean) => call({ op: 'end', tx: id, commit }, id);
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(surface(id));
      } catch (error) {
        // The work's own error is the one to report, even if the rollback fails too.
        await end(false).catch(() => undefined);
        throw error;
      }
      await end(true);
      return result;
    },
    async listen(channel, onMessage) {
      let entry = channels.get(channel);
      if (!entry) {
        const created = { listeners: new Set<(payload: string) => void>(), ready: call({ op: 'listen', channel }) };
        channels.set(channel, created);
        // A failed LISTEN must not leave a channel that later subscribers think is listened to.
        created.ready.catch(() => channels.get(channel) === created && channels.delete(channel));
        entry = created;
      }
      await entry.ready;
      const listening = entry;
      listening.listeners.add(onMessage);
      return async () => {
        listening.listeners.delete(onMessage);
        if (listening.listeners.size > 0 || channels.get(channel) !== listening) return;
        channels.delete(channel);
        await call({ op: 'unlisten', channel }).catch(() => {});
      };
    },
    async close() {
      try {
        if (!failure) await call({ op: 'close' });
      } finally {
        await worker.terminate();
      }
    },
  };
}
