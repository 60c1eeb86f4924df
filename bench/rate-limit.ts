/**
 * The cost of counting one request: the in-process limiter (the embedded database's) against the
 * shared one on Postgres (one INSERT … ON CONFLICT DO UPDATE per request). Prints figures, never
 * passes or fails on them.
 *
 *   DATABASE_URL=$(scripts/start-postgres.sh) npx tsx bench/rate-limit.ts [hits]
 *
 * Without DATABASE_URL only the in-process limiter is measured. On Postgres the bench works in a
 * scratch database of its own (created, migrated, dropped). Sequential hits give the latency a
 * request pays; 16 in flight over a pool of 10 (the server's) give the throughput of one instance,
 * over 1,000 keys (users) and over a single hot key.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../server/db/client.ts';
import type { Limiter } from '../server/http/rate-decision.ts';
import { RateLimiter } from '../server/http/rate-limit-memory.ts';
import { PostgresRateLimiter } from '../server/http/rate-limit-postgres.ts';

const hits = Number(process.argv[2] ?? 20_000);
const keys = Array.from({ length: 1000 }, (_, i) => `user-${i}`);

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** `count` hits with `inFlight` at a time; latency of each in µs, and hits per second overall. */
async function measure(limiter: Limiter, count: number, inFlight: number, key: (i: number) => string) {
  const times: number[] = [];
  let next = 0;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < count) {
        const i = next++;
        const t0 = process.hrtime.bigint();
        await limiter.hit(key(i));
        times.push(Number(process.hrtime.bigint() - t0) / 1000);
      }
    }),
  );
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), perSecond: count / seconds };
}

function report(label: string, result: Awaited<ReturnType<typeof measure>>) {
  const us = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(0)).padStart(7);
  console.log(
    `${label.padEnd(52)} p50 ${us(result.p50)} µs   p99 ${us(result.p99)} µs   ${Math.round(result.perSecond).toLocaleString('en').padStart(9)} hits/s`,
  );
}

const big = 1_000_000_000;
console.log(`${hits.toLocaleString('en')} hits each (limits never reached)\n`);

// Warm up the JIT, then measure.
await measure(new RateLimiter('warm', big, 60_000), hits, 1, (i) => keys[i % keys.length]!);
report(
  'in process, 1,000 keys',
  await measure(new RateLimiter('user', big, 60_000), hits * 5, 1, (i) => keys[i % keys.length]!),
);
report('in process, one key', await measure(new RateLimiter('user', big, 60_000), hits * 5, 1, () => 'hot'));

const url = process.env.DATABASE_URL;
if (!url) {
  console.log('\nDATABASE_URL is not set: Postgres not measured.');
} else {
  const name = 'workspace_bench_rate_limit';
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
  const scratch = new URL(url);
  scratch.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: scratch.toString(), poolSize: 10 });
  try {
    await handle.migrate();
    // The floor: one round trip on the same pool.
    const roundTrip = { hit: () => handle.db.execute(sql`select 1`) } as unknown as Limiter;
    await measure(roundTrip, 1000, 1, () => '');
    report('Postgres, sequential, select 1 (a round trip)', await measure(roundTrip, hits, 1, () => ''));
    const shared = (limiterName: string) => new PostgresRateLimiter(limiterName, big, 60_000, handle.db);
    await measure(shared('warm'), Math.min(hits, 2000), 4, (i) => keys[i % keys.length]!);
    report('Postgres, sequential, 1,000 keys', await measure(shared('user'), hits, 1, (i) => keys[i % keys.length]!));
    report('Postgres, sequential, one key', await measure(shared('user-hot'), hits, 1, () => 'hot'));
    report(
      'Postgres, 16 in flight (pool of 10), 1,000 keys',
      await measure(shared('user-16'), hits, 16, (i) => keys[i % keys.length]!),
    );
    report('Postgres, 16 in flight (pool of 10), one key', await measure(shared('user-16-hot'), hits, 16, () => 'hot'));
    const { rows } = await admin.query('select version()');
    console.log(`\n${(rows[0] as { version: string }).version.split(' on ')[0]} at ${scratch.host}`);
  } finally {
    await handle.close();
  }
  // The pool's connections may take a moment to leave.
  for (let attempt = 0; ; attempt++) {
    const dropped = await admin.query(`DROP DATABASE IF EXISTS ${name}`).then(
      () => true,
      (error: unknown) => (attempt === 20 ? Promise.reject(error) : false),
    );
    if (dropped) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await admin.end();
}
