/**
 * The board's two hottest writes, in process (`app.request`, an in-memory database, rate limits out
 * of the way), on a 3-column board of 600 cards (200 a column, the large seed's column size):
 *
 *  - `PATCH …/cards/{id}/move`, one card to the top of the other column and back, by a person and
 *    by an agent (an agent's move is charged in the move's transaction);
 *  - `PATCH …/cards/{id}` (updateCard): a title edit by a person, an assignee change between two
 *    people (it notifies the new assignee in the card's transaction), and a title edit by an agent
 *    (charged).
 *
 * 300 of each after 30 warm-up, in alternating blocks of 20 so that drift on a shared machine
 * spreads over every case. Written to compare the write paths before and after a refactor.
 *
 *   boardBench()             bench/run.ts wires it in (`npm run bench -- board`)
 *   npx tsx bench/board.ts   the same, standalone
 */
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/app.ts';
import { users } from '../server/db/schema.ts';
import { inProcessContext, inProcessRequester, latencyRow } from './in-process.ts';

const COUNT = 300;
const WARMUP = 30;
const BLOCK = 20;

export async function boardWritesBench() {
  const { ctx, close } = await inProcessContext('board');
  try {
    const request = inProcessRequester(createApp(ctx));
    const { token } = await request<{ token: string }>('POST', '/auth/signup', null, {
      name: 'Bench Admin',
      email: 'board-admin@example.com',
      password: 'bench-password-1',
      companyName: 'Board bench',
    });
    const { user: me, company } = await request<{ user: { id: string }; company: { id: string } }>(
      'GET',
      '/users/me',
      token,
    );
    // A colleague to hand a card to, written straight into the company (no invitation round trip).
    const [colleague] = await ctx.db
      .insert(users)
      .values({
        email: 'board-colleague@example.com',
        name: 'Bench Colleague',
        passwordHash: 'unused',
        companyId: company.id,
        role: 'member',
        joinedCompanyAt: new Date(),
      })
      .returning({ id: users.id });
    const project = await request<{ id: string }>('POST', '/projects', token, {
      name: 'Board bench',
      columns: ['To do', 'Doing', 'Done'],
    });
    type Board = { columns: { id: string; cards: { id: string }[] }[] };
    let board = await request<Board>('GET', `/projects/${project.id}`, token);
    for (const column of board.columns) {
      for (let n = 1; n <= 200; n++) {
        await request('POST', `/projects/${project.id}/cards`, token, { columnId: column.id, title: `Card ${n}` });
      }
    }
    board = await request<Board>('GET', `/projects/${project.id}`, token);
    const [todo, doing] = [board.columns[0]!.id, board.columns[1]!.id];
    const [humanCard, agentCard, assignCard] = board.columns[0]!.cards.map((card) => card.id);

    const agent = await request<{ id: string }>('POST', '/agents', token, { name: 'Bench agent' });
    const { secret: agentToken } = await request<{ secret: string }>('POST', `/agents/${agent.id}/tokens`, token, {
      name: 'bench',
    });
    await request('PATCH', `/projects/${project.id}/cards/${agentCard}`, token, { assignee: agent.id });
    // Handed back and forth: each change to the colleague notifies them (the admin is the actor).
    const people = [me.id, colleague!.id];

    const cardPath = (card: string) => `/projects/${project.id}/cards/${card}`;
    let flip = 0;
    const cases = {
      'PATCH …/move (person)': () =>
        request('PATCH', `${cardPath(humanCard!)}/move`, token, { columnId: flip % 2 ? doing : todo, position: 0 }),
      'PATCH …/move (agent, charged)': () =>
        request('PATCH', `${cardPath(agentCard!)}/move`, agentToken, {
          columnId: flip % 2 ? doing : todo,
          position: 0,
        }),
      'PATCH card title (person)': () => request('PATCH', cardPath(humanCard!), token, { title: `Edit ${flip}` }),
      'PATCH card assignee (person, notifies)': () =>
        request('PATCH', cardPath(assignCard!), token, { assignee: people[flip % 2] }),
      'PATCH card title (agent, charged)': () =>
        request('PATCH', cardPath(agentCard!), agentToken, { title: `Agent edit ${flip}` }),
    };
    const kinds = Object.keys(cases) as (keyof typeof cases)[];
    const times = Object.fromEntries(kinds.map((kind) => [kind, [] as number[]])) as Record<
      keyof typeof cases,
      number[]
    >;
    for (const kind of kinds) {
      for (let i = 0; i < WARMUP; i++) {
        flip++;
        await cases[kind]();
      }
    }
    for (let block = 0; block < (COUNT / BLOCK) * kinds.length; block++) {
      const kind = kinds[block % kinds.length]!;
      for (let i = 0; i < BLOCK; i++) {
        flip++;
        const started = performance.now();
        await cases[kind]();
        times[kind].push(performance.now() - started);
      }
    }
    const rows = kinds.map((kind) => latencyRow(kind, times[kind]));
    console.log(`\nThe board's writes in process, 600 cards, ${COUNT} each in alternating blocks of ${BLOCK}`);
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await boardWritesBench();
}
