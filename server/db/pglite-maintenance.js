// @ts-check
/**
 * The embedded database's own vacuuming, run on its thread by ./pglite-worker.js (which does the
 * messaging: this file knows nothing of the other side). Plain JavaScript, like the worker, because
 * a worker is started by Node itself, without the TypeScript loader.
 *
 * Postgres's autovacuum is a background process; PGlite has none, so nothing removes the row
 * versions that updates and deletes leave behind, or refreshes the planner's statistics. A card
 * moved a few thousand times leaves that many dead entries in the indexes that search walks, and
 * search slows down by half. This does autovacuum's job on the same counters (pg_stat_user_tables),
 * at the moments a single-threaded database can afford it: when no statement has arrived for
 * `idleMs`, the tables past the thresholds below are vacuumed (and analysed), one at a time; a
 * request that arrives waits for the table in hand, not the rest. A vacuum holds the thread:
 * about 0.2 s for the 50,000-card table, longer the first time (it sets the visibility map on
 * every page). So under load that never pauses for `idleMs`, a pass runs only every `forceMs`
 * (10 minutes), at autovacuum's own threshold, vacuuming one table without analysing it, so that
 * dead rows stay bounded.
 */

/** @typedef {{ checkMs: number, idleMs: number, forceMs: number }} MaintenanceOptions */

/**
 * What the worker tells maintenance, and asks of it.
 * @typedef {object} Maintenance
 * @property {() => void} requested A message arrived: the database is busy again.
 * @property {() => void} started A statement started.
 * @property {() => void} finished A statement finished (answered or failed).
 * @property {() => Promise<void>} stop No pass starts any more; resolves once the one running ends.
 */

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

/**
 * Starts considering a pass every `checkMs` (none at all when `options` is `false`).
 * @param {import('@electric-sql/pglite').PGlite} pg
 * @param {Partial<MaintenanceOptions> | false | undefined} options
 * @param {{ openTransactions: () => number, onFailure: (error: unknown) => void }} hooks
 *   `openTransactions`: how many transactions the worker holds open (none may be, for a pass to
 *   count as idle); `onFailure`: a pass failed (it is not retried before `forceMs`).
 * @returns {Maintenance}
 */
export function startMaintenance(pg, options, hooks) {
  const maintenance = options === false ? undefined : { checkMs: 1000, idleMs: 500, forceMs: 600_000, ...options };
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

  async function maintain() {
    const now = performance.now();
    const idle = inFlight === 0 && hooks.openTransactions() === 0 && now - lastBusy >= (maintenance?.idleMs ?? 0);
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
        hooks.onFailure(error);
      })
      .finally(() => {
        maintaining = undefined;
      });
  }
  const timer = maintenance ? setInterval(() => void maintain(), maintenance.checkMs) : undefined;
  timer?.unref();

  return {
    requested() {
      lastBusy = performance.now();
      passesLeft = 3;
    },
    started() {
      inFlight++;
    },
    finished() {
      inFlight--;
      lastBusy = performance.now();
    },
    async stop() {
      closed = true;
      clearInterval(timer);
      await maintaining;
    },
  };
}
