// @ts-check
/**
 * The embedded database's own thread. PGlite is Postgres compiled to WebAssembly: every query
 * runs synchronously on the thread that owns it. Here that is this worker, so the HTTP thread
 * parses requests and writes responses while the database works, and the server uses both cores.
 *
 * The protocol (see ./pglite-thread.ts, the other side): each request carries an `id` and gets one
 * reply with the same `id`, `{ result }` or `{ error }`. Queries name the transaction they belong
 * to (`tx`); a query without one waits, as in PGlite itself, until no transaction is open.
 * Plain JavaScript because a worker is started by Node itself, without the TypeScript loader.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-worker must run as a worker thread');
const port = parentPort;

/**
 * @typedef {{ checkMs: number, idleMs: number, forceMs: number }} MaintenanceOptions
 * @type {{ dataDir: string, maintenance?: Partial<MaintenanceOptions> | false }}
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
  inFlight++;
  try {
    port.postMessage({ id, result: await work() });
  } catch (error) {
    port.postMessage({ id, error: serialize(error) });
  } finally {
    inFlight--;
    lastBusy = performance.now();
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
  lastBusy = performance.now();
  passesLeft = 3;
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
        closed = true;
        clearInterval(maintenanceTimer);
        await maintaining;
        await pg.close();
        return null;
      });
    default:
      port.postMessage({ id, error: { message: `unknown operation ${op}` } });
  }
});

// ------------------------------------------------------------------------------- maintenance
// Postgres's autovacuum is a background process; PGlite has none, so nothing removes the row
// versions that updates and deletes leave behind, or refreshes the planner's statistics. A card
// moved a few thousand times leaves that many dead entries in the indexes that search walks, and
// search slows down by half. This does autovacuum's job on the same counters (pg_stat_user_tables),
// at the moments a single-threaded database can afford it: when no statement has arrived for
// `idleMs`, the tables past the thresholds below are vacuumed (and analysed), one at a time; a
// request that arrives waits for the table in hand, not the rest. A vacuum holds the thread:
// about 0.2 s for the 50,000-card table, longer the first time (it sets the visibility map on
// every page). So under load that never pauses for `idleMs`, a pass runs only every `forceMs`
// (10 minutes), at autovacuum's own threshold, vacuuming one table without analysing it, so that
// dead rows stay bounded.
const maintenance =
  maintenanceOptions === false ? undefined : { checkMs: 1000, idleMs: 500, forceMs: 600_000, ...maintenanceOptions };
let inFlight = 0;
let lastBusy = performance.now();
let lastPass = performance.now();
/** After a failed pass, none before this. */
let retryAt = 0;
/**
 * Passes left to run without new statements: an idle server stops checking after a few. (More
 * than one, because Postgres publishes a statement's counters up to a second after it ran.)
 */
let passesLeft = 0;
let closed = false;
/** @type {Promise<void> | undefined} */
let maintaining;

/**
 * Tables that need vacuuming or analysing: dead rows past 50 + `$1` of the table (autovacuum's
 * scale is 0.2; idle passes use less, since the work is free then), rows inserted since the last
 * vacuum past 1000 + 0.2 of the table (sets the visibility map, for index-only scans), rows
 * changed since the last analyse past 50 + 0.1 of it. Most dead rows first.
 */
const NEEDS = `
  SELECT name, to_vacuum, to_analyze FROM (
    SELECT format('%I.%I', s.schemaname, s.relname) AS name, s.n_dead_tup AS dead,
      s.n_dead_tup > 50 + $1 * greatest(c.reltuples, 0)
        OR s.n_ins_since_vacuum > 1000 + 0.2 * greatest(c.reltuples, 0) AS to_vacuum,
      s.n_mod_since_analyze > 50 + 0.1 * greatest(c.reltuples, 0) AS to_analyze
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid
  ) t WHERE to_vacuum OR to_analyze ORDER BY dead DESC`;

async function maintain() {
  const now = performance.now();
  const idle = inFlight === 0 && transactions.size === 0 && now - lastBusy >= (maintenance?.idleMs ?? 0);
  if (!maintenance || closed || maintaining || passesLeft === 0 || now < retryAt) return;
  if (!idle && now - lastPass < maintenance.forceMs) return;
  passesLeft--;
  lastPass = now;
  maintaining = (async () => {
    /** @type {{ rows: { name: string, to_vacuum: boolean, to_analyze: boolean }[] }} */
    const { rows } = await pg.query(NEEDS, [idle ? 0.05 : 0.2]);
    for (const table of rows) {
      // PGlite runs a statement synchronously and its promise settles without this thread
      // returning to its event loop: a request that arrived meanwhile is only seen after a yield.
      await new Promise((resolve) => setImmediate(resolve));
      // When idle, stop at the first request; under load, one table per pass. Either way the
      // counters are read again next time, so what was skipped is found again.
      if (closed || (idle && lastBusy > now)) break;
      if (!idle && !table.to_vacuum) continue;
      const command = table.to_vacuum ? `VACUUM ${idle && table.to_analyze ? '(ANALYZE) ' : ''}` : 'ANALYZE ';
      await pg.exec(command + table.name);
      passesLeft = Math.max(passesLeft, 1);
      if (!idle) break;
    }
  })()
    .catch((error) => {
      // Reported once, and not retried before `forceMs`: a failing pass must not repeat every second.
      retryAt = performance.now() + (maintenance?.forceMs ?? 0);
      port.postMessage({ maintenanceFailed: serialize(error) });
    })
    .finally(() => {
      maintaining = undefined;
    });
}
const maintenanceTimer = maintenance ? setInterval(() => void maintain(), maintenance.checkMs) : undefined;
maintenanceTimer?.unref();

pg.waitReady.then(
  () => port.postMessage({ ready: true }),
  (error) => port.postMessage({ failed: serialize(error) }),
);
