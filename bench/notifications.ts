/**
 * Notifications (issue 19 names no figures; the ones this bench reports against are the team's own:
 * a mention adds ≤ 3 ms p50 to a comment write, the inbox's first page and the unread count answer
 * in ≤ 20 ms p95 for a person with 10,000 notifications).
 *
 * In process (`app.request`, an in-memory database, rate limits out of the way), one company of 32
 * people:
 *
 *  1. a card comment's write: without a mention, mentioning 1 person and 5 people (each mention a
 *     notification and a `notification.created` event in the comment's transaction), in
 *     alternating blocks of 40, 400 each after 60 warm-up; the differences of the p50s;
 *  2. a reply in a thread 20 people wrote in (20 `reply` notifications, one per person);
 *  3. a person with 10,000 notifications (a third unread, inserted in one statement): the inbox's
 *     first page (`limit` 50), a page at `offset` 5,000, unread first, the unread count, 200
 *     requests each after 20 warm-up; then marking 50 read by id and "mark all read" once.
 *
 *   notificationsBench()            bench/run.ts wires it in (`npm run bench -- notifications`)
 *   npx tsx bench/notifications.ts  the same, standalone
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { createApp } from '../server/app.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/password.ts';
import { inProcessContext, inProcessRequester, latencyRow, timedRuns } from './in-process.ts';
import { percentile, round } from './shared.ts';

const summary = latencyRow;

export async function notificationsBench() {
  const { handle, ctx, close } = await inProcessContext('notifications');
  try {
    const app = createApp(ctx);
    const request = inProcessRequester(app);
    const timed = (work: () => Promise<unknown>, count = 200, warmup = 20) => timedRuns(work, count, warmup);

    const password = 'bench-password-1';
    const { token: adminToken } = await request<{ token: string }>('POST', '/auth/signup', null, {
      name: 'Bench Admin',
      email: 'notif-admin@example.com',
      password,
      companyName: 'Notifications bench',
    });
    const me = await request<{ user: { id: string }; company: { id: string } }>('GET', '/users/me', adminToken);
    const companyId = me.company.id;
    const passwordHash = await hashPassword(password);
    const people = await handle.db
      .insert(users)
      .values(
        Array.from({ length: 31 }, (_, n) => ({
          email: `notif-person-${n}@example.com`,
          name: `Person ${n}`,
          passwordHash,
          companyId,
          role: 'member' as const,
          joinedCompanyAt: new Date(),
        })),
      )
      .returning({ id: users.id, name: users.name, email: users.email });
    const signIn = async (email: string) =>
      (await request<{ token: string }>('POST', '/auth/login', null, { email, password })).token;
    const tokens = await Promise.all(people.slice(0, 21).map((person) => signIn(person.email)));

    const project = await request<{ id: string }>('POST', '/projects', adminToken, {
      name: 'Bench',
      columns: ['To do'],
    });
    const board = await request<{ columns: { id: string }[] }>('GET', `/projects/${project.id}`, adminToken);
    const { card } = await request<{ card: { id: string } }>('POST', `/projects/${project.id}/cards`, adminToken, {
      columnId: board.columns[0]!.id,
      title: 'Bench card',
    });
    const commentsPath = `/projects/${project.id}/cards/${card.id}/comments`;
    const mention = (n: number) => `@[${people[n]!.name}](person:${people[n]!.id})`;

    // 1. A comment's write, with 0, 1 and 5 mentions.
    const kinds = {
      none: () => 'Checked the delivery date with the supplier.',
      one: () => `Checked the delivery date, ${mention(0)}.`,
      five: () => `Checked the delivery date: ${[0, 1, 2, 3, 4].map(mention).join(', ')}.`,
    } as const;
    const writes: Record<keyof typeof kinds, number[]> = { none: [], one: [], five: [] };
    for (let i = 0; i < 60; i++) await request('POST', commentsPath, adminToken, { text: kinds.one() });
    for (let block = 0; block < 30; block++) {
      const kind = (['none', 'one', 'five'] as const)[block % 3]!;
      for (let i = 0; i < 40; i++) {
        const started = performance.now();
        await request('POST', commentsPath, adminToken, { text: kinds[kind]() });
        writes[kind].push(performance.now() - started);
      }
    }
    const none = percentile(writes.none, 50);
    console.log('\nA card comment, in process: 400 of each in alternating blocks of 40');
    console.table([
      summary('no mention', writes.none),
      summary('mentions 1 person', writes.one),
      summary('mentions 5 people', writes.five),
    ]);
    const oneAdds = round(percentile(writes.one, 50) - none);
    const fiveAdds = round(percentile(writes.five, 50) - none);
    console.log(`  a mention adds ${oneAdds} ms at p50, five add ${fiveAdds} ms (target ≤ 3 ms for one)`);

    // 2. A reply in a thread twenty people wrote in.
    const root = await request<{ id: string }>('POST', commentsPath, tokens[0]!, { text: 'Who has the numbers?' });
    for (const token of tokens.slice(1, 20)) {
      await request('POST', commentsPath, token, { text: 'Not me.', parentId: root.id });
    }
    const replyTimes = await timed(
      () => request('POST', commentsPath, adminToken, { text: 'Found them.', parentId: root.id }),
      100,
      10,
    );
    const reply = summary('reply in a thread of 20 people (20 notifications)', replyTimes);

    // 3. An inbox of 10,000.
    const reader = people[30]!;
    const readerToken = await signIn(reader.email);
    await handle.db.execute(sql`
      insert into notifications (company_id, user_id, type, actor_user_id, actor_name, thing_kind, thing_id, title,
        snippet, project_id, card_id, created_at, read_at)
      select ${companyId}, ${reader.id}, 'mention', ${me.user.id}, 'Bench Admin', 'card', ${card.id}, 'Bench card',
        'Checked the delivery date with the supplier, number ' || n, ${project.id}, ${card.id},
        now() - make_interval(mins => n), case when n % 3 = 0 then null else now() end
      from generate_series(1, 10000) as n`);
    await handle.db.execute(sql`analyze notifications`);
    const inbox = [
      summary('GET /notifications?limit=50', await timed(() => request('GET', '/notifications?limit=50', readerToken))),
      summary(
        'GET /notifications?limit=50&offset=5000',
        await timed(() => request('GET', '/notifications?limit=50&offset=5000', readerToken)),
      ),
      summary(
        'GET /notifications?order=unread_first',
        await timed(() => request('GET', '/notifications?limit=50&order=unread_first', readerToken)),
      ),
      summary(
        'GET /notifications?filter=unread',
        await timed(() => request('GET', '/notifications?limit=50&filter=unread', readerToken)),
      ),
      summary(
        'GET /notifications/unread-count',
        await timed(() => request('GET', '/notifications/unread-count', readerToken)),
      ),
    ];
    const firstUnread = await request<{ id: string }[]>('GET', '/notifications?limit=50&filter=unread', readerToken);
    let started = performance.now();
    await request('POST', '/notifications/read', readerToken, { ids: firstUnread.map((row) => row.id) });
    const markFifty = round(performance.now() - started);
    started = performance.now();
    const all = await request<{ updated: number }>('POST', '/notifications/read', readerToken, {
      before: new Date().toISOString(),
    });
    const markAll = round(performance.now() - started);
    console.log('\nReplies and the inbox (10,000 notifications, a third unread), in process');
    console.table([reply, ...inbox]);
    console.log(`  mark 50 read by id: ${markFifty} ms; mark all read (${all.updated} rows): ${markAll} ms`);
    return {
      writes: {
        none: summary('none', writes.none),
        one: summary('one', writes.one),
        five: summary('five', writes.five),
      },
      mentionAddsP50Ms: oneAdds,
      fiveMentionsAddP50Ms: fiveAdds,
      reply,
      inbox,
      markFiftyMs: markFifty,
      markAllMs: markAll,
    };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await notificationsBench();
}
