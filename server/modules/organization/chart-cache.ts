/**
 * The computed chart, kept per company for the organization's version (`companies.org_version`,
 * bumped by triggers on every change to its people, agents and teams: migration 0014). A read
 * asks the database for the version (one indexed row) and, while it holds, answers the chart
 * serialized — and gzipped — once, instead of reading 5,000 rows and laying them out again.
 * Correct across instances: each keeps its own copy and checks the shared version on every read.
 *
 * Only `canEdit` differs between callers: the JSON of each variant is made on first use.
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies } from '../../db/schema.ts';
import type { ChartInput, OrgChart } from './chart.ts';

/** A chart and the raw choices it was built from (writes patch those instead of reading them all). */
export type ChartEntry = { companyId: string; version: number; input: ChartInput; chart: OrgChart };
type Body = { json: string; gzip?: Promise<Buffer> };
const gzipAsync = promisify(gzipCallback);
type Cached = ChartEntry & { bodies: Map<boolean, Body> };

/** Companies kept per database; the oldest entry goes when a new one would pass this. */
const MAX_COMPANIES = 64;
const caches = new WeakMap<object, Map<string, Cached>>();

function cacheOf(db: object) {
  let cache = caches.get(db);
  if (!cache) {
    cache = new Map();
    caches.set(db, cache);
  }
  return cache;
}

export async function orgVersion(db: Executor, companyId: string): Promise<number> {
  const [row] = await db.select({ version: companies.orgVersion }).from(companies).where(eq(companies.id, companyId));
  return row?.version ?? 0;
}

/** The chart cached for this version, if any. */
export function cachedChart(db: object, companyId: string, version: number): ChartEntry | undefined {
  const entry = cacheOf(db).get(companyId);
  return entry && entry.version === version ? entry : undefined;
}

/** Keeps a chart computed for `version` (a newer one already kept wins). */
export function rememberChart(db: object, entry: ChartEntry): void {
  const cache = cacheOf(db);
  const current = cache.get(entry.companyId);
  if (current && current.version > entry.version) return;
  cache.delete(entry.companyId);
  if (cache.size >= MAX_COMPANIES) cache.delete(cache.keys().next().value!);
  cache.set(entry.companyId, { ...entry, bodies: new Map() });
}

/**
 * The response body of a chart for a caller: JSON, or gzip when the client takes it (fast level:
 * the 2.3 MB chart of 5,000 members compresses to a quarter, once per version and caller kind).
 */
export async function chartBody(
  db: object,
  entry: ChartEntry,
  canEdit: boolean,
  gzip: boolean,
): Promise<{ body: string | Buffer; gzip: boolean }> {
  const cached = cacheOf(db).get(entry.companyId);
  const bodies = cached && cached.version === entry.version ? cached.bodies : new Map<boolean, Body>();
  let body = bodies.get(canEdit);
  if (!body) {
    body = { json: JSON.stringify({ ...entry.chart, canEdit }) };
    bodies.set(canEdit, body);
  }
  if (!gzip || body.json.length < 1024) return { body: body.json, gzip: false };
  // On the thread pool, not the event loop; callers at the same version share the one promise.
  body.gzip ??= gzipAsync(body.json, { level: 1 });
  return { body: await body.gzip, gzip: true };
}
