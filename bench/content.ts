/**
 * The content API (issue 18 names no figures; the team's own target: a page of 20 and one item by
 * slug answer in ≤ 10 ms p95 in process with 1,000 published items).
 *
 * In process (`app.request`, an in-memory database, rate limits out of the way), one company with
 * 1,000 published items (about 3 KB of Markdown each, three kinds, two tags each) and 200 drafts,
 * read with a content key (`cak_…`, looked up in the database on every request):
 *
 *  1. `GET /content/items` (first page of 20), a page at `offset` 500, `?kind=help&tag=…`;
 *  2. `GET /content/items/{slug}` (one item with its body);
 *  3. the same list with a matching `If-None-Match` (304);
 *
 * 500 requests each after 50 warm-up.
 *
 *   contentBench()            bench/run.ts may wire it in
 *   npx tsx bench/content.ts  standalone
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { inProcessContext, latencyRow, timedRuns } from './in-process.ts';
import { UNLIMITED_RATE_LIMITS } from './shared.ts';

const summary = latencyRow;

const PARAGRAPH =
  'The fleet software compares each canary robot with its neighbours for a day before the rest of the site updates. ';

export async function contentBench() {
  const { handle, ctx, close } = await inProcessContext('content', {
    rateLimits: { ...UNLIMITED_RATE_LIMITS, contentKeyPerMinute: 1_000_000_000 },
  });
  try {
    const app = createApp(ctx);
    const request = async (path: string, token: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await app.request(`/api${path}`, {
        method: init.method ?? 'GET',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
      });
      const text = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`);
      return { json: text ? (JSON.parse(text) as unknown) : undefined, etag: response.headers.get('etag') };
    };
    const timed = (work: () => Promise<unknown>, count = 500, warmup = 50) => timedRuns(work, count, warmup);

    const signup = await app.request('/api/auth/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'Bench Admin',
        email: 'content-admin@example.com',
        password: 'bench-password-1',
        companyName: 'Content bench',
      }),
    });
    const { token: adminToken } = (await signup.json()) as { token: string };
    const me = (await request('/users/me', adminToken)).json as { user: { id: string }; company: { id: string } };
    const body = PARAGRAPH.repeat(26);
    await handle.db.execute(sql`
      insert into content_items (company_id, kind, title, slug, body, excerpt, tags, status, published_at, author_id)
      select ${me.company.id}, (array['article', 'changelog', 'help'])[1 + n % 3]::content_kind,
        'Bench item number ' || n, 'bench-item-' || n, ${body}, 'A short summary of item ' || n,
        array['tag-' || (n % 10), 'topic-' || (n % 7)],
        case when n <= 1000 then 'published' else 'draft' end::content_status,
        case when n <= 1000 then now() - make_interval(mins => n) end, ${me.user.id}
      from generate_series(1, 1200) as n`);
    await handle.db.execute(sql`analyze content_items`);
    const { secret } = (await request('/content-keys', adminToken, { method: 'POST', body: { name: 'Bench site' } }))
      .json as { secret: string };

    const first = await request('/content/items', secret);
    const etag = first.etag!;
    const cached = async () => {
      const response = await app.request('/api/content/items', {
        headers: { authorization: `Bearer ${secret}`, 'if-none-match': etag },
      });
      if (response.status !== 304) throw new Error(`expected 304, got ${response.status}`);
    };
    const rows = [
      summary('GET /content/items (page of 20)', await timed(() => request('/content/items', secret))),
      summary(
        'GET /content/items?limit=20&offset=500',
        await timed(() => request('/content/items?limit=20&offset=500', secret)),
      ),
      summary(
        'GET /content/items?kind=help&tag=tag-3',
        await timed(() => request('/content/items?kind=help&tag=tag-3', secret)),
      ),
      summary(
        'GET /content/items/{slug} (with body)',
        await timed(() => request('/content/items/bench-item-500', secret)),
      ),
      summary('GET /content/items, If-None-Match → 304', await timed(cached)),
    ];
    console.log('\nThe content API, in process: 1,000 published items (~3 KB each), a content key');
    console.table(rows);
    return { rows };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await contentBench();
}
