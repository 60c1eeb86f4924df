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
 * that Drizzle's driver, its migrator and the event bus use. Same semantics as PGlite in process:
 * one statement at a time, and a statement outside a transaction waits until none is open.
 */
export interface PgliteThread extends ThreadTransaction {
  transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

type Reply = { id: number; result?: unknown; error?: Record<string, unknown> | null; ready?: true };
type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/** An error from the worker, rebuilt with the fields Postgres gave it (code, detail, …). */
function rebuild(data: Record<string, unknown>): Error {
  const error = new Error(String(data.message ?? 'database error'));
  Object.assign(error, data);
  return error;
}

export async function startPgliteThread(dataDir: string): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: { dataDir } });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let failure: Error | undefined;

  const started = new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', function onStart(message: { ready?: true; failed?: Record<string, unknown> }) {
      if (message.ready) resolve();
      else if (message.failed) reject(rebuild(message.failed));
      else return;
      worker.off('message', onStart);
    });
  });

  worker.on('message', (message: Reply | { channel: string; payload: string }) => {
    if ('channel' in message) {
      for (const listener of listeners.get(message.channel) ?? []) listener(message.payload);
      return;
    }
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

  await started;
  return {
    ...surface(),
    async transaction(work) {
      const id = nextId++;
      await call({ op: 'begin' }, id);
      // The worker answers `id` again once the transaction has ended.
      const end = async (commit: boolean) => {
        const outcome = new Promise((resolve, reject) => pending.set(id, { resolve, reject }));
        worker.postMessage({ op: 'end', tx: id, commit });
        await outcome;
      };
      let result: Awaited<ReturnType<typeof work>>;
      try {
        result = await work(surface(id));
      } catch (error) {
        await end(false);
        throw error;
      }
      await end(true);
      return result;
    },
    async listen(channel, onMessage) {
      let set = listeners.get(channel);
      if (!set) {
        listeners.set(channel, (set = new Set()));
        await call({ op: 'listen', channel });
      }
      set.add(onMessage);
      return async () => {
        set.delete(onMessage);
        if (set.size > 0 || listeners.get(channel) !== set) return;
        listeners.delete(channel);
        await call({ op: 'unlisten', channel }).catch(() => {});
      };
    },
    async close() {
      if (!failure) await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
