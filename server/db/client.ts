import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/node-postgres';
import { migrate as migratePostgres } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startPgliteThread } from './pglite-thread.ts';
import * as schema from './schema.ts';

/** The Drizzle database, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction handle: the same query surface as `Database`. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Either the database or a transaction in progress. */
export type Executor = Database | Transaction;

export type Notification = { channel: string; payload: string };

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Applies the committed migrations (under the setup lock). */
  migrate(): Promise<void>;
  /**
   * Runs `work` while holding a database-wide setup lock (a Postgres advisory lock on its own
   * connection), so instances starting together migrate and seed once.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to NOTIFY on a channel (on Postgres through a dedicated connection), so messages
   * published by any server instance on this database reach this one. Returns an unsubscribe
   * function.
   */
  listen(channel: string, onMessage: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
/** Arbitrary constant naming the advisory lock that serialises migrations and seeding. */
export const SETUP_LOCK_ID = 7_300_411;

export type DatabaseOptions = { databaseUrl?: string; dataDir?: string; poolSize?: number };

/** Opens PGlite (in `dataDir`, or in memory when it is `memory://`) or Postgres at `databaseUrl`. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.poolSize ?? 10);
  return openPglite(options.dataDir ?? './data');
}

async function openPglite(dataDir: string): Promise<DatabaseHandle> {
  if (dataDir !== 'memory://') mkdirSync(dataDir, { recursive: true });
  // The database runs on its own thread, so HTTP work and queries use both cores.
  const client = await startPgliteThread(dataDir);
  // Everything is in memory: random reads cost what sequential ones do, so index scans should
  // win more often than Postgres's disk-oriented default assumes.
  await client.exec('SET random_page_cost = 1.1');
  // Drizzle's PGlite driver uses only `query` and `transaction`, which the thread provides.
  const db = drizzlePglite({ client: client as unknown as PGlite, schema, casing: 'snake_case' });
  return {
    db: db as unknown as Database,
    kind: 'pglite',
    // One process owns an embedded database, so there is nobody to exclude.
    exclusive: (work) => work(),
    migrate: () => migratePglite(db, { migrationsFolder }),
    listen: (channel, onMessage) => client.listen(channel, onMessage),
    close: () => client.close(),
  };
}

async function openPostgres(url: string, poolSize: number): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', (error) => console.error('postgres pool error:', error.message));
  const db = drizzlePostgres({ client: pool, schema, casing: 'snake_case' });
  const listeners = new Set<pg.Client>();
  async function exclusive<T>(work: () => Promise<T>): Promise<T> {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [SETUP_LOCK_ID]);
      return await work();
    } finally {
      await client.query('select pg_advisory_unlock($1)', [SETUP_LOCK_ID]).catch(() => {});
      client.release();
    }
  }
  return {
    db: db as unknown as Database,
    kind: 'postgres',
    exclusive,
    migrate: () => exclusive(() => migratePostgres(db, { migrationsFolder })),
    async listen(channel, onMessage, onReconnect) {
      let client: pg.Client | undefined;
      let stopped = false;
      let retry: ReturnType<typeof setTimeout> | undefined;
      // A dropped listener would silently miss messages: reconnect with backoff, and tell the
      // subscriber so it can drop what it may have missed.
      const connect = async (attempt: number): Promise<void> => {
        const next = new pg.Client({ connectionString: url });
        const reconnect = () => {
          if (stopped || client !== next) return;
          listeners.delete(next);
          client = undefined;
          retry = setTimeout(() => void connect(attempt + 1), Math.min(30_000, 250 * 2 ** attempt));
        };
        next.on('error', (error) => {
          console.error('postgres listener error:', error.message);
          reconnect();
        });
        next.on('end', reconnect);
        next.on('notification', (message) => {
          if (message.channel === channel) onMessage(message.payload ?? '');
        });
        client = next;
        try {
          await next.connect();
          await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
          listeners.add(next);
          if (attempt > 0) onReconnect?.();
        } catch (error) {
          if (attempt === 0) throw error;
          reconnect();
        }
      };
      await connect(0);
      return async () => {
        stopped = true;
        clearTimeout(retry);
        if (client) {
          listeners.delete(client);
          await client.end().catch(() => {});
        }
      };
    },
    async close() {
      await Promise.all([...listeners].map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}
