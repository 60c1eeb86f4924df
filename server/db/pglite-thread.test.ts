import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PgliteThread, startPgliteThread } from './pglite-thread.ts';

let db: PgliteThread;

beforeAll(async () => {
  db = await startPgliteThread('memory://');
  await db.exec('create table notes (id int primary key, body text not null, at timestamptz default now())');
});
afterAll(() => db.close());

describe('PGlite on its own thread', () => {
  it('answers queries in object or array rows, with timestamps left as Postgres text', async () => {
    await db.query('insert into notes (id, body) values ($1, $2)', [1, 'one']);
    const objects = await db.query('select id, body, at from notes where id = $1', [1]);
    expect(objects.rows).toEqual([{ id: 1, body: 'one', at: expect.any(String) }]);
    const arrays = await db.query('select id, body from notes where id = $1', [1], { rowMode: 'array' });
    expect(arrays.rows).toEqual([[1, 'one']]);
    expect(arrays.fields.map((field) => field.name)).toEqual(['id', 'body']);
  });

  it('rejects a failed statement with the Postgres message and code', async () => {
    const failure = await db.query('insert into notes (id, body) values (1, $1)', ['again']).catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect(failure.message).toContain('duplicate key');
    expect(failure.code).toBe('23505');
  });

  it('commits a transaction whose work succeeds and rolls back one whose work throws', async () => {
    const value = await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (2, $1)', ['kept']);
      return 'done';
    });
    expect(value).toBe('done');
    const thrown = await db
      .transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values (3, $1)', ['dropped']);
        throw new Error('changed my mind');
      })
      .catch((error) => error);
    expect(thrown.message).toBe('changed my mind');
    const rows = await db.query('select id from notes where id in (2, 3) order by id');
    expect(rows.rows).toEqual([{ id: 2 }]);
  });

  it('refuses to commit a transaction in which a statement failed, even if the work caught it', async () => {
    const failure = await db
      .transaction(async (tx) => {
        await tx.query('insert into notes (id, body) values (4, $1)', ['first']);
        await tx.query('insert into notes (id, body) values (1, $1)', ['clash']).catch(() => undefined);
      })
      .catch((error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((await db.query('select id from notes where id = 4')).rows).toEqual([]);
  });

  it('makes a statement outside a transaction wait until the open one ends', async () => {
    let outsideDone = false;
    let outside: Promise<unknown> | undefined;
    await db.transaction(async (tx) => {
      await tx.query('insert into notes (id, body) values (5, $1)', ['inside']);
      outside = db.query('select body from notes where id = 5').then((result) => {
        outsideDone = true;
        return result.rows;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(outsideDone).toBe(false);
      await tx.query('update notes set body = $1 where id = 5', ['committed']);
    });
    expect(await outside).toEqual([{ body: 'committed' }]);
  });

  it('delivers notifications to listeners once the transaction commits, and stops after unlisten', async () => {
    const received: string[] = [];
    const unlisten = await db.listen('news', (payload) => received.push(payload));
    await db.transaction(async (tx) => {
      await tx.query(`select pg_notify('news', 'from a transaction')`);
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(received).toEqual([]);
    });
    await db.query(`select pg_notify('news', 'direct')`);
    await expect.poll(() => received).toEqual(['from a transaction', 'direct']);
    await unlisten();
    await db.query(`select pg_notify('news', 'unheard')`);
    await db.query('select 1');
    expect(received).toEqual(['from a transaction', 'direct']);

    // Listening again after unlisten delivers each notification once, not once per past listen.
    const again: string[] = [];
    const stop = await db.listen('news', (payload) => again.push(payload));
    await db.query(`select pg_notify('news', 'once')`);
    await db.query('select 1');
    expect(again).toEqual(['once']);
    await stop();
  });
});

describe('maintenance of the embedded database (it has no autovacuum)', () => {
  /** Polls `check` every `everyMs` until it holds or `timeoutMs` passes; returns whether it held. */
  async function eventually(check: () => Promise<boolean>, everyMs: number, timeoutMs: number) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await check()) return true;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
    return false;
  }
  /** Makes a table with 2,000 rows and deletes half: dead rows past every threshold. */
  async function churn(thread: PgliteThread) {
    await thread.exec('create table churn (id int primary key, body text)');
    await thread.query("insert into churn select g, 'row ' || g from generate_series(1, 2000) g");
    await thread.query('delete from churn where id % 2 = 0');
  }
  const vacuumed = async (thread: PgliteThread) => {
    const { rows } = await thread.query("select last_vacuum from pg_stat_user_tables where relname = 'churn'");
    return (rows[0] as { last_vacuum: string | null } | undefined)?.last_vacuum != null;
  };

  it('vacuums and analyses a table with dead rows once the database is idle', async () => {
    const thread = await startPgliteThread('memory://', { maintenance: { checkMs: 50, idleMs: 100, forceMs: 60_000 } });
    try {
      await churn(thread);
      // Checked every 300 ms, so the database is idle (100 ms) in between.
      expect(await eventually(() => vacuumed(thread), 300, 10_000)).toBe(true);
      const { rows } = await thread.query(
        "select n_dead_tup, last_analyze from pg_stat_user_tables where relname = 'churn'",
      );
      expect(rows[0]).toEqual({ n_dead_tup: 0, last_analyze: expect.any(String) });
    } finally {
      await thread.close();
    }
  });

  it('under load that never pauses, still vacuums once the forced interval has passed', async () => {
    const thread = await startPgliteThread('memory://', {
      maintenance: { checkMs: 50, idleMs: 60_000, forceMs: 500 },
    });
    try {
      await churn(thread);
      // Statements back to back: never idle.
      const held = await eventually(() => vacuumed(thread), 0, 10_000);
      expect(held).toBe(true);
    } finally {
      await thread.close();
    }
  });

  it('does nothing when turned off', async () => {
    const thread = await startPgliteThread('memory://', { maintenance: false });
    try {
      await churn(thread);
      expect(await eventually(() => vacuumed(thread), 300, 1_500)).toBe(false);
    } finally {
      await thread.close();
    }
  });
});
