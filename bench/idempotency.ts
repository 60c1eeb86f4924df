/**
 * What an `Idempotency-Key` costs a create (server/http/idempotency.ts), in process on the
 * embedded database: `POST /projects/{id}/cards` without a key, with a new key each time (what the
 * web app sends), and a retry that is answered from the kept answer. Alternating blocks, so drift
 * in the machine falls on all three alike.
 */
import { pathToFileURL } from 'node:url';
import { createApp } from '../server/app.ts';
import { inProcessContext, inProcessRequester, latencyRow } from './in-process.ts';

const COUNT = 300;
const BLOCK = 20;

export async function idempotencyBench() {
  const { ctx, close } = await inProcessContext('idempotency');
  try {
    const app = createApp(ctx);
    const request = inProcessRequester(app);
    const { token } = await request<{ token: string }>('POST', '/auth/signup', null, {
      name: 'Bench Admin',
      email: 'idempotency-admin@example.com',
      password: 'bench-password-1',
      companyName: 'Idempotency bench',
    });
    const project = await request<{ id: string }>('POST', '/projects', token, { name: 'Keys' });
    const board = await request<{ columns: { id: string }[] }>('GET', `/projects/${project.id}`, token);
    const columnId = board.columns[0]!.id;
    let n = 0;
    const post = async (key?: string, title = `Card ${n++}`) => {
      const response = await app.request(`/api/projects/${project.id}/cards`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(key ? { 'idempotency-key': key } : {}),
        },
        body: JSON.stringify({ columnId, title }),
      });
      await response.text();
      if (response.status !== 201) throw new Error(`create: ${response.status}`);
    };
    // One kept answer for the retries.
    await post('retried', 'Retried card');
    const cases = {
      'no key': () => post(),
      'a new key': () => post(`key-${n}`),
      'a retry (replayed)': () => post('retried', 'Retried card'),
    };
    type Kind = keyof typeof cases;
    const kinds = Object.keys(cases) as Kind[];
    const times = Object.fromEntries(kinds.map((kind) => [kind, [] as number[]])) as Record<Kind, number[]>;
    for (const kind of kinds) for (let i = 0; i < BLOCK; i++) await cases[kind]();
    for (let block = 0; block < (COUNT / BLOCK) * kinds.length; block++) {
      const kind = kinds[block % kinds.length]!;
      for (let i = 0; i < BLOCK; i++) {
        const started = performance.now();
        await cases[kind]();
        times[kind].push(performance.now() - started);
      }
    }
    const rows = kinds.map((kind) => latencyRow(kind, times[kind]));
    console.log(`\nCreating a card in process, ${COUNT} each in alternating blocks of ${BLOCK}`);
    console.table(rows);
    return rows;
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await idempotencyBench();
}
