/**
 * The MCP endpoint (issue 18 names no figures; the team's own target: a tool call adds ≤ 2 ms p50 to
 * the REST call it makes, `tools/list` answers in ≤ 10 ms p95).
 *
 * In process (`app.request`, an in-memory database, rate limits out of the way), one company with
 * a 3-column board of 30 cards:
 *
 *  1. the first `tools/list` after start (it builds the tools from the contract's registry), then
 *     `tools/list` of the default toolsets and of `all`, 300 each after 30 warm-up (raw JSON-RPC
 *     POSTs, no `initialize`: the endpoint is stateless);
 *  2. `tools/call getProject` beside `GET /projects/{id}` (the REST call it dispatches), and
 *     `tools/call moveCard` beside `PATCH …/move`, in alternating blocks of 20, 300 each;
 *  3. the same `tools/call getProject` through the SDK's own `Client` (its transport's `fetch`
 *     pointed at the app), as an MCP client sees it.
 *
 *   mcpBench()             bench/run.ts wires it in (`npm run bench -- mcp`)
 *   npx tsx bench/mcp.ts   the same, standalone
 */
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { createApp } from '../server/app.ts';
import { inProcessContext, inProcessRequester, latencyRow, timedRuns } from './in-process.ts';
import { percentile, round } from './shared.ts';

const summary = latencyRow;

export async function mcpBench() {
  const { ctx, close } = await inProcessContext('mcp');
  try {
    const app = createApp(ctx);
    const request = inProcessRequester(app);
    let id = 0;
    /** One JSON-RPC request to the endpoint; throws on a JSON-RPC or tool error. */
    const rpc = async (token: string, method: string, params: unknown, toolsets?: string) => {
      const response = await app.request(`/api/mcp${toolsets ? `?toolsets=${toolsets}` : ''}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          authorization: `Bearer ${token}`,
        },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }),
      });
      const answer = (await response.json()) as { result?: { isError?: boolean; tools?: unknown[] }; error?: unknown };
      if (!response.ok || answer.error || answer.result?.isError) {
        throw new Error(`${method}: ${response.status} ${JSON.stringify(answer).slice(0, 300)}`);
      }
      return answer.result!;
    };
    const timed = (work: () => Promise<unknown>, count = 300, warmup = 30) => timedRuns(work, count, warmup);

    const { token } = await request<{ token: string }>('POST', '/auth/signup', null, {
      name: 'Bench Admin',
      email: 'mcp-admin@example.com',
      password: 'bench-password-1',
      companyName: 'MCP bench',
    });
    const project = await request<{ id: string }>('POST', '/projects', token, {
      name: 'Bench',
      columns: ['To do', 'Doing', 'Done'],
    });
    let board = await request<{ columns: { id: string }[] }>('GET', `/projects/${project.id}`, token);
    for (const column of board.columns) {
      for (let n = 1; n <= 10; n++) {
        await request('POST', `/projects/${project.id}/cards`, token, { columnId: column.id, title: `Card ${n}` });
      }
    }
    board = await request('GET', `/projects/${project.id}`, token);
    const full = board as { columns: { id: string; cards: { id: string }[] }[] };
    const card = full.columns[0]!.cards[0]!.id;
    const [todo, doing] = [full.columns[0]!.id, full.columns[1]!.id];

    // 1. tools/list.
    let started = performance.now();
    const first = await rpc(token, 'tools/list', {});
    const coldListMs = round(performance.now() - started);
    const all = await rpc(token, 'tools/list', {}, 'all');
    const lists = [
      summary(
        `tools/list, default toolsets (${first.tools!.length} tools)`,
        await timed(() => rpc(token, 'tools/list', {})),
      ),
      summary(`tools/list, all (${all.tools!.length} tools)`, await timed(() => rpc(token, 'tools/list', {}, 'all'))),
    ];
    console.log(`\nThe MCP endpoint, in process: the first tools/list (builds the tools) ${coldListMs} ms`);
    console.table(lists);

    // 2. A tool call beside the REST call it makes, in alternating blocks.
    const cases = {
      restGet: () => request('GET', `/projects/${project.id}`, token),
      toolGet: () => rpc(token, 'tools/call', { name: 'getProject', arguments: { projectId: project.id } }),
      restMove: (to: string) =>
        request('PATCH', `/projects/${project.id}/cards/${card}/move`, token, { columnId: to, position: 0 }),
      toolMove: (to: string) =>
        rpc(token, 'tools/call', {
          name: 'moveCard',
          arguments: { projectId: project.id, cardId: card, body: { columnId: to, position: 0 } },
        }),
    };
    const times: Record<keyof typeof cases, number[]> = { restGet: [], toolGet: [], restMove: [], toolMove: [] };
    let flip = false;
    const run = async (kind: keyof typeof cases) => {
      flip = !flip;
      await cases[kind](flip ? doing : todo);
    };
    for (const kind of Object.keys(cases) as (keyof typeof cases)[]) for (let i = 0; i < 30; i++) await run(kind);
    for (let block = 0; block < 60; block++) {
      const kind = (['restGet', 'toolGet', 'restMove', 'toolMove'] as const)[block % 4]!;
      for (let i = 0; i < 20; i++) {
        started = performance.now();
        await run(kind);
        times[kind].push(performance.now() - started);
      }
    }
    const calls = [
      summary('GET /projects/{id} (REST, 30 cards)', times.restGet),
      summary('tools/call getProject', times.toolGet),
      summary('PATCH …/cards/{id}/move (REST)', times.restMove),
      summary('tools/call moveCard', times.toolMove),
    ];
    const getAdds = round(percentile(times.toolGet, 50) - percentile(times.restGet, 50));
    const moveAdds = round(percentile(times.toolMove, 50) - percentile(times.restMove, 50));
    console.log('\nA tool call beside its REST call: 300 of each in alternating blocks of 20');
    console.table(calls);
    console.log(`  MCP adds ${getAdds} ms at p50 to getProject, ${moveAdds} ms to moveCard`);

    // 3. Through the SDK's client.
    const transport = new StreamableHTTPClientTransport(new URL('http://localhost/api/mcp'), {
      requestInit: { headers: { authorization: `Bearer ${token}` } },
      fetch: async (input, init) => app.request(String(input), init),
    });
    const client = new Client({ name: 'bench', version: '1.0.0' });
    started = performance.now();
    await client.connect(transport);
    const connectMs = round(performance.now() - started);
    const sdk = [
      summary('Client.listTools (default toolsets)', await timed(() => client.listTools(), 100, 10)),
      summary(
        'Client.callTool getProject',
        await timed(() => client.callTool({ name: 'getProject', arguments: { projectId: project.id } }), 300, 30),
      ),
    ];
    await client.close();
    console.log(`\nThrough the SDK's Client (connect: ${connectMs} ms)`);
    console.table(sdk);
    return { coldListMs, lists, calls, getAddsP50Ms: getAdds, moveAddsP50Ms: moveAdds, connectMs, sdk };
  } finally {
    await close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await mcpBench();
}
