// @ts-check
/**
 * The embedded database's own thread. PGlite is Postgres compiled to WebAssembly: every query
 * runs synchronously on the thread that owns it. Here that is this worker, so the HTTP thread
 * parses requests and writes responses while the database works, and the server uses both cores.
 *
 * This file is the messaging: the protocol (see ./pglite-thread.ts, the other side) is that each
 * request carries an `id` and gets one reply with the same `id`, `{ result }` or `{ error }`.
 * Queries name the transaction they belong to (`tx`); a query without one waits, as in PGlite
 * itself, until no transaction is open. The database's own upkeep (vacuuming, as it has no
 * autovacuum) is ./pglite-maintenance.js, which this starts and keeps informed.
 * Plain JavaScript because a worker is started by Node itself, without the TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { startMaintenance } from './pglite-maintenance.js';

if (!parentPort) throw new Error('pglite-worker must run as a worker thread');
const port = parentPort;

/**
 * @type {{ dataDir: string, maintenance?: Partial<import('./pglite-maintenance.js').MaintenanceOptions> | false }}
 */
const { dataDir, maintenance: maintenanceOptions } = workerData;
// pg_trgm indexes search (migration 0003); Postgres ships it in its contrib modules.
const extensions = { pg_trgm };
const pg = dataDir === 'memory://' ? new PGlite({ extensions }) : new PGlite(dataDir, { extensions });

// Dates and intervals stay the strings Postgres sends, as Drizzle's own PGlite driver asks.
const asText = (/** @type {string} */ value) => value;
const parsers = Object.fromEntries(
  [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [
    oid,
    asText,
  ]),
);

/**
 * Open transactions by id: the PGlite transaction handle, and how to end it.
 * @type {Map<number, { tx: import('@electric-sql/pglite').Transaction, end: (commit: boolean) => void }>}
 */
const transactions = new Map();

// Vacuuming when idle (./pglite-maintenance.js); told of every request and statement below.
const maintenance = startMaintenance(pg, maintenanceOptions, {
  openTransactions: () => transactions.size,
  onFailure: (error) => port.postMessage({ maintenanceFailed: serialize(error) }),
});

/** An error as plain data: its message and the Postgres fields (code, detail, constraint, …). */
function serialize(/** @type {unknown} */ error) {
  if (!(error instanceof Error)) return { message: String(error) };
  /** @type {Record<string, unknown>} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { ...fields, name: error.name, message: error.message };
}

/**
 * @param {number} id
 * @param {() => Promise<unknown>} work
 */
async function answer(id, work) {
  maintenance.started();
  try {
    port.postMessage({ id, result: await work() });
  } catch (error) {
    port.postMessage({ id, error: serialize(error) });
  } finally {
    maintenance.finished();
  }
}

/**
 * Opens a transaction and holds it until the other side ends it. Replies twice: `ready` once it
 * is open (queries may then name it), and the outcome once it has committed or rolled back.
 * @param {number} id
 */
function begin(id) {
  const outcome = pg.transaction(async (tx) => {
    /** @type {Promise<boolean>} */
    const ended = new Promise((resolve) => transactions.set(id, { tx, end: resolve }));
    port.postMessage({ id, ready: true });
    if (!(await ended)) throw new RollbackRequested();
  });
  outcome.then(
    () => port.postMessage({ id, result: null }),
    (error) => port.postMessage({ id, error: error instanceof RollbackRequested ? null : serialize(error) }),
  );
  outcome.finally(() => transactions.delete(id)).catch(() => {});
}

class RollbackRequested extends Error {}

/** How to stop forwarding each channel listened to (PGlite's own unsubscribe function). */
/** @type {Map<string, () => Promise<void>>} */
const unlisteners = new Map();

port.on('message', (/** @type {any} */ message) => {
  const { id, op } = message;
  maintenance.requested();
  switch (op) {
    case 'query': {
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) return port.postMessage({ id, error: { message: 'Transaction is closed' } });
      return void answer(id, () => target.query(message.sql, message.params, { rowMode: message.rowMode, parsers }));
    }
    case 'exec': {
      const target = message.tx === undefined ? pg : transactions.get(message.tx)?.tx;
      if (!target) return port.postMessage({ id, error: { message: 'Transaction is closed' } });
      return void answer(id, () => target.exec(message.sql));
    }
    case 'begin':
      return begin(id);
    case 'end': {
      // The outcome is answered by `begin`'s handler, under this same id.
      const open = transactions.get(message.tx);
      if (!open) return port.postMessage({ id, error: { message: 'Transaction is closed' } });
      return open.end(message.commit);
    }
    case 'listen':
      return void answer(id, async () => {
        if (!unlisteners.has(message.channel)) {
          const forward = (/** @type {string} */ payload) => port.postMessage({ channel: message.channel, payload });
          unlisteners.set(message.channel, await pg.listen(message.channel, forward));
        }
        return null;
      });
    case 'unlisten':
      return void answer(id, async () => {
        const unlisten = unlisteners.get(message.channel);
        unlisteners.delete(message.channel);
        await unlisten?.();
        return null;
      });
    case 'close':
      return void answer(id, async () => {
        await maintenance.stop();
        await pg.close();
        return null;
      });
    default:
      port.postMessage({ id, error: { message: `unknown operation ${op}` } });
  }
});

pg.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ failed: serialize(error) }),
);
