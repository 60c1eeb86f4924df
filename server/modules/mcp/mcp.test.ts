import { readFileSync } from 'node:fs';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema.ts';
import { useTestApp } from '../../test/harness.ts';
import { DEFAULT_TOOLSETS, TOOLSET_NAMES, TOOLSETS, type ToolsetName } from './tools.ts';

const t = useTestApp({
  config: { publicUrl: 'https://workspace.example.com', allowedHosts: ['mcp.example.com'] },
});

type Operation = { method: string; path: string; operationId: string; tags: string[] };
const contract = JSON.parse(readFileSync(new URL('../../../contract/openapi.json', import.meta.url), 'utf8'));
const operations: Operation[] = Object.entries(
  contract.paths as Record<string, Record<string, { operationId: string; tags: string[] }>>,
).flatMap(([path, item]) =>
  Object.entries(item).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    operationId: operation.operationId,
    tags: operation.tags,
  })),
);
const operation = (id: string) => operations.find((candidate) => candidate.operationId === id)!;
const toolsetOf = (op: Operation) =>
  TOOLSET_NAMES.find((name) => op.tags.some((tag) => (TOOLSETS[name] as readonly string[]).includes(tag)));

/**
 * Every operation of the contract that is not a tool, by reason. Adding an operation to the API
 * makes the coverage test below fail until it is a tool of some toolset or listed here.
 */
const EXCLUDED: Record<string, string[]> = {
  // No token: nothing of the caller's to act on (sign-up, public pages, webhooks from outside, …).
  public: [
    'putStoredFile',
    'getStoredFile',
    'headStoredFile',
    'signIn',
    'receiveWebhook',
    'stripeWebhook',
    'previewInvitation',
    'emailExists',
    'signUp',
    'getOpenApiDocument',
    'getHealth',
    'getNewsletter',
    'subscribeNewsletter',
    'confirmNewsletter',
    'unsubscribeNewsletter',
    'unsubscribeNewsletterOneClick',
  ],
  // Forbidden to keys: credentials, plans, the account itself — a person at the keyboard.
  forbiddenToKeys: [
    'signOut',
    'deleteMe',
    'listApiKeys',
    'createApiKey',
    'revokeApiKey',
    'listAgentTokens',
    'createAgentToken',
    'revokeAgentToken',
    'createCreditAdjustment',
    'changePlan',
    'cancelSubscription',
    'resumeSubscription',
    'createCreditCheckout',
    'acceptInvitation',
    'createCompany',
    'listContentKeys',
    'createContentKey',
    'revokeContentKey',
  ],
  // Server-Sent Events: a tool call answers once.
  eventStreams: ['streamAgentEvents', 'streamNotifications'],
  // The content API opens to content keys (cak_…) only.
  contentKeys: ['listPublishedContent', 'getPublishedContent'],
  // The endpoint itself.
  mcp: ['callMcp'],
};
const excludedIds = new Set(Object.values(EXCLUDED).flat());

const clients: Client[] = [];
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

/** The app in process as a client's fetch, from one client address. */
const appFetch = async (input: string | URL, init?: RequestInit) =>
  t.app.request(String(input), init, { incoming: { socket: { remoteAddress: '203.0.113.40' } } } as never);

/** An MCP client (the SDK's own) connected to `POST /api/mcp` with `token`. */
async function connect(token: string, toolsets?: string): Promise<Client> {
  const url = new URL('http://localhost/api/mcp');
  if (toolsets !== undefined) url.searchParams.set('toolsets', toolsets);
  const transport = new StreamableHTTPClientTransport(url, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    fetch: appFetch,
  });
  const client = new Client({ name: 'workspace-mcp-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const names = (tools: Tool[]) => tools.map((tool) => tool.name).sort();
/** The operations a session (or write key) gets as tools among `toolsets`. */
const expectedTools = (toolsets: readonly ToolsetName[], filter: (op: Operation) => boolean = () => true) =>
  operations
    .filter((op) => !excludedIds.has(op.operationId) && toolsets.includes(toolsetOf(op)!) && filter(op))
    .map((op) => op.operationId)
    .sort();

/** A JSON-RPC POST to the endpoint without a client, to see the HTTP answer itself. */
function rawPost(token: string | undefined, message: unknown, headers: Record<string, string> = {}, query = '') {
  return t.call('POST', `/mcp${query}`, {
    token,
    body: message,
    headers: { accept: 'application/json, text/event-stream', ...headers },
  });
}

let org: Awaited<ReturnType<typeof t.createOrg>>;
let readKey: string;
let writeKey: string;
let agentToken: string;
let agentId: string;
beforeAll(async () => {
  org = await t.createOrg();
  readKey = (await t.createKey(org.adminToken, 'read')).secret;
  writeKey = (await t.createKey(org.adminToken, 'write')).secret;
  const [bot] = await t.ctx.db.insert(agents).values({ companyId: org.company.id, name: 'MCP bot' }).returning();
  agentId = bot!.id;
  const minted = await t.call('POST', `/agents/${agentId}/tokens`, { token: org.adminToken, body: { name: 'mcp' } });
  agentToken = minted.body.secret;
});

describe('the tools', () => {
  it('of the default toolsets when ?toolsets= is absent: boards, wiki, files, organization, search, account', async () => {
    expect(DEFAULT_TOOLSETS).toEqual(['boards', 'wiki', 'files', 'organization', 'search', 'account']);
    const { tools } = await (await connect(org.adminToken)).listTools();
    expect(names(tools)).toEqual(expectedTools(DEFAULT_TOOLSETS));
    expect(names(tools)).toContain('moveCard');
    expect(names(tools)).not.toContain('listAgents');
  });

  it.each(TOOLSET_NAMES.map((name) => [name]))('of the %s toolset: its tags’ operations', async (toolset) => {
    const { tools } = await (await connect(org.adminToken, toolset)).listTools();
    expect(tools.length).toBeGreaterThan(0);
    expect(names(tools)).toEqual(expectedTools([toolset]));
  });

  it('of every toolset with all (and of several, comma-separated, spaces and case aside)', async () => {
    const all = await (await connect(org.adminToken, 'all')).listTools();
    expect(names(all.tools)).toEqual(expectedTools(TOOLSET_NAMES));
    const two = await (await connect(org.adminToken, 'wiki, Search')).listTools();
    expect(names(two.tools)).toEqual(expectedTools(['wiki', 'search']));
  });

  it('describe each operation: its summary as title, path and query parameters on top, the JSON body under body', async () => {
    const { tools } = await (await connect(org.adminToken, 'boards,search')).listTools();
    const move = tools.find((tool) => tool.name === 'moveCard')!;
    expect(move.title).toBeTruthy();
    expect(move.description).toContain('PATCH /api/projects/{projectId}/cards/{cardId}/move');
    expect(move.inputSchema.required).toEqual(['projectId', 'cardId', 'body']);
    expect(Object.keys(move.inputSchema.properties!)).toEqual(['projectId', 'cardId', 'body']);
    const body = move.inputSchema.properties!.body as { required: string[]; properties: Record<string, unknown> };
    expect(body.required).toEqual(['columnId', 'position']);
    expect(move.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    const search = tools.find((tool) => tool.name === 'searchWorkspace')!;
    expect(search.inputSchema.required).toEqual(['q']);
    expect(search.annotations).toMatchObject({ readOnlyHint: true, idempotentHint: true, openWorldHint: false });
    const deleteColumn = tools.find((tool) => tool.name === 'deleteColumn')!;
    expect(deleteColumn.annotations).toMatchObject({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
  });

  it('an unknown toolset is 400 VALIDATION_ERROR on toolsets, listing the valid ones', async () => {
    const response = await rawPost(
      org.adminToken,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {},
      '?toolsets=boards,kanban',
    );
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_ERROR');
    expect(response.body.issues).toEqual([
      { location: 'query', path: 'toolsets', message: expect.stringContaining('"kanban"') },
    ]);
    for (const name of [...TOOLSET_NAMES, 'all']) expect(response.body.error).toContain(name);
    await expect(connect(org.adminToken, 'nope')).rejects.toThrow(/400|kanban|nope/);
    // Names an object has by inheritance are no toolsets either.
    for (const name of ['constructor', '__proto__', 'toString']) {
      const inherited = await rawPost(
        org.adminToken,
        { jsonrpc: '2.0', id: 1, method: 'tools/list' },
        {},
        `?toolsets=${name}`,
      );
      expect(inherited.status, name).toBe(400);
    }
  });
});

describe('a read key', () => {
  it('lists only the read-only tools (the GETs)', async () => {
    const { tools } = await (await connect(readKey, 'all')).listTools();
    expect(names(tools)).toEqual(expectedTools(TOOLSET_NAMES, (op) => op.method === 'GET'));
    for (const tool of tools) expect(tool.annotations?.readOnlyHint, tool.name).toBe(true);
  });

  it('cannot call a write tool: unknown to it, invalid params; the card stays', async () => {
    const board = await t.createBoard(org.adminToken, ['To do', 'Done']);
    const created = await t.call('POST', `/projects/${board.id}/cards`, {
      token: org.adminToken,
      body: { columnId: board.columns[0]!.id, title: 'Stays' },
    });
    const card = created.body.card as { id: string };
    const client = await connect(readKey);
    const error = await client
      .callTool({
        name: 'moveCard',
        arguments: { projectId: board.id, cardId: card.id, body: { columnId: board.columns[1]!.id, position: 0 } },
      })
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(McpError);
    expect((error as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((error as McpError).message).toContain('Unknown tool: moveCard');
    expect(await t.boardOrder(org.adminToken, board.id)).toEqual({
      [board.columns[0]!.id]: [card.id],
      [board.columns[1]!.id]: [],
    });
    // Reading works.
    const read = await client.callTool({ name: 'getProject', arguments: { projectId: board.id } });
    expect(read.isError).toBeFalsy();
    expect((read.structuredContent as { id: string }).id).toBe(board.id);
  });
});

describe('a tool call', () => {
  it('runs the operation: a write key moves a card, and the board shows it (as a tool and over REST)', async () => {
    const board = await t.createBoard(org.adminToken, ['To do', 'Doing'], 1);
    const [first] = board.columns[0]!.cards;
    const doing = board.columns[1]!;
    const alreadyDoing = doing.cards.map((card) => card.id);
    const client = await connect(writeKey);
    const moved = await client.callTool({
      name: 'moveCard',
      arguments: { projectId: board.id, cardId: first!.id, body: { columnId: doing.id, position: 0 } },
    });
    expect(moved.isError).toBeFalsy();
    expect(moved.structuredContent).toBeTypeOf('object');
    const text = (moved.content as { type: string; text: string }[])[0]!;
    expect(text.type).toBe('text');
    expect(JSON.parse(text.text)).toEqual(moved.structuredContent);

    const read = await client.callTool({ name: 'getProject', arguments: { projectId: board.id } });
    const shown = read.structuredContent as { columns: { id: string; cards: { id: string }[] }[] };
    expect(shown.columns.find((column) => column.id === doing.id)!.cards.map((card) => card.id)).toEqual([
      first!.id,
      ...alreadyDoing,
    ]);
    expect(await t.boardOrder(org.adminToken, board.id)).toEqual({
      [board.columns[0]!.id]: [],
      [doing.id]: [first!.id, ...alreadyDoing],
    });
  });

  it('wraps an array answer as {items}, passes query arguments, and answers 204 with {} and "Done."', async () => {
    const client = await connect(org.adminToken, 'boards,notifications');
    const board = await t.createBoard(org.adminToken, ['To do'], 1);
    const card = board.columns[0]!.cards[0]!;
    const inbox = await client.callTool({ name: 'listNotifications', arguments: { limit: 5, filter: 'unread' } });
    expect(inbox.structuredContent).toEqual({ items: [] });
    const badQuery = (await client
      .callTool({ name: 'listNotifications', arguments: { limit: 500 } })
      .catch((caught: unknown) => caught)) as McpError;
    expect(badQuery.code).toBe(ErrorCode.InvalidParams);
    expect(badQuery.message).toContain('limit');
    const muted = await client.callTool({
      name: 'muteNotifications',
      arguments: { thingKind: 'card', thingId: card.id },
    });
    expect(muted.isError, JSON.stringify(muted)).toBeFalsy();
    const mutes = await client.callTool({ name: 'listNotificationMutes', arguments: {} });
    expect(mutes.structuredContent).toEqual({ items: [expect.objectContaining({ thingId: card.id })] });
    const unmuted = await client.callTool({
      name: 'unmuteNotifications',
      arguments: { thingKind: 'card', thingId: card.id },
    });
    expect(unmuted).toMatchObject({ structuredContent: {}, content: [{ type: 'text', text: 'Done.' }] });
  });

  it('returns a CSV answer as text', async () => {
    const client = await connect(org.adminToken, 'credits');
    const exported = await client.callTool({ name: 'exportCreditTransactions', arguments: {} });
    expect(exported.isError).toBeFalsy();
    expect(exported.structuredContent).toBeUndefined();
    const text = (exported.content as { text: string }[])[0]!.text;
    expect(text.split('\n')[0]).toMatch(/,/);
  });

  it('with invalid arguments is the protocol’s invalid-params error naming the fields', async () => {
    const client = await connect(writeKey);
    const error = (await client
      .callTool({ name: 'moveCard', arguments: { projectId: 'nope', body: { columnId: crypto.randomUUID() }, x: 1 } })
      .catch((caught: unknown) => caught)) as McpError;
    expect(error).toBeInstanceOf(McpError);
    expect(error.code).toBe(ErrorCode.InvalidParams);
    for (const field of ['projectId', 'cardId', 'body.position', 'x']) expect(error.message).toContain(field);
    expect((error.data as { issues: { path: string }[] }).issues.map((issue) => issue.path).sort()).toEqual([
      'body.position',
      'cardId',
      'projectId',
      'x',
    ]);
    const missingBody = (await client
      .callTool({ name: 'moveCard', arguments: { projectId: crypto.randomUUID(), cardId: crypto.randomUUID() } })
      .catch((caught: unknown) => caught)) as McpError;
    expect(missingBody.code).toBe(ErrorCode.InvalidParams);
    expect(missingBody.message).toContain('body: is required');
  });

  it('of an unknown tool is invalid params', async () => {
    const client = await connect(org.adminToken, 'all');
    for (const name of ['noSuchTool', 'createApiKey', 'streamNotifications', 'signIn', 'callMcp']) {
      const error = (await client.callTool({ name, arguments: {} }).catch((caught: unknown) => caught)) as McpError;
      expect(error, name).toBeInstanceOf(McpError);
      expect(error.code, name).toBe(ErrorCode.InvalidParams);
    }
  });

  it('surfaces the API’s 404 and 403 as tool errors carrying the status and envelope', async () => {
    const member = await connect(org.memberToken);
    const missing = await member.callTool({ name: 'getProject', arguments: { projectId: crypto.randomUUID() } });
    expect(missing.isError).toBe(true);
    expect(missing.structuredContent).toMatchObject({ status: 404, code: 'NOT_FOUND', error: expect.any(String) });
    expect((missing.content as { text: string }[])[0]!.text).toMatch(/^404 NOT_FOUND: /);
    // Teams are written by admins only.
    const refused = await member.callTool({ name: 'createTeam', arguments: { body: { name: 'Skunkworks' } } });
    expect(refused.isError).toBe(true);
    expect(refused.structuredContent).toMatchObject({ status: 403, code: 'FORBIDDEN' });
    expect((refused.content as { text: string }[])[0]!.text).toMatch(/^403 FORBIDDEN: /);
    // A 400 of the operation's own rules (after the schema) is a tool error too, with its issues.
    const stranger = await t.createOrg();
    const board = await t.createBoard(org.adminToken, ['To do'], 1);
    const admin = await connect(org.adminToken);
    const invalid = await admin.callTool({
      name: 'updateCard',
      arguments: { projectId: board.id, cardId: board.columns[0]!.cards[0]!.id, body: { assignee: stranger.admin.id } },
    });
    expect(invalid.structuredContent).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      issues: [expect.objectContaining({ path: 'assignee' })],
    });
  });
});

describe('an agent token', () => {
  it('lists only the operations open to agents, and acts as the agent', async () => {
    const client = await connect(agentToken, 'all');
    const { tools } = await client.listTools();
    const open = new Set(
      Object.values(contract.paths as Record<string, Record<string, Record<string, unknown>>>)
        .flatMap((item) => Object.values(item))
        .filter((op) => op['x-service-agent-token'] === true)
        .map((op) => op.operationId as string),
    );
    expect(names(tools)).toEqual(expectedTools(TOOLSET_NAMES, (op) => open.has(op.operationId)));
    expect(names(tools)).not.toContain('createProject');

    const me = await client.callTool({ name: 'getCurrentAgent', arguments: {} });
    expect(me.structuredContent).toMatchObject({ id: agentId });
    const board = await t.createBoard(org.adminToken, ['To do'], 1);
    const card = board.columns[0]!.cards[0]!;
    const commented = await client.callTool({
      name: 'createCardComment',
      arguments: { projectId: board.id, cardId: card.id, body: { text: 'Picked this up.' } },
    });
    expect(commented.isError, JSON.stringify(commented.structuredContent)).toBeFalsy();
    const thread = await t.call('GET', `/projects/${board.id}/cards/${card.id}/comments`, { token: org.adminToken });
    expect(JSON.stringify(thread.body)).toContain(agentId);

    // A write is the REST write: its event names the agent as actor, and it costs the write price.
    const balance = async () =>
      (await client.callTool({ name: 'getCreditBalance', arguments: {} })).structuredContent as {
        available: number;
        prices: { write: number };
      };
    const before = await balance();
    const stream = await t.openStream(org.adminToken);
    try {
      const moved = await client.callTool({
        name: 'moveCard',
        arguments: { projectId: board.id, cardId: card.id, body: { columnId: board.columns[0]!.id, position: 0 } },
      });
      expect(moved.isError, JSON.stringify(moved.structuredContent)).toBeFalsy();
      expect((await stream.next('card.moved')).data).toMatchObject({ projectId: board.id, actorAgentId: agentId });
    } finally {
      await stream.close();
    }
    expect(before.prices.write).toBeGreaterThan(0);
    expect((await balance()).available).toBe(before.available - before.prices.write);

    const refused = await client
      .callTool({ name: 'createProject', arguments: { body: { name: 'x' } } })
      .catch((caught: unknown) => caught);
    expect((refused as McpError).code).toBe(ErrorCode.InvalidParams);
  });
});

describe('the endpoint', () => {
  it('takes a body as large as the wiki’s writes (3 MiB): a tool call saves a 1.5 MB page', async () => {
    const board = await t.createBoard(org.adminToken, ['To do'], 0);
    const markdown = `# Big\n\n${'A line of the handbook that goes on for a while.\n\n'.repeat(30_000)}`;
    expect(markdown.length).toBeGreaterThan(1.4 * 1024 * 1024);
    const response = await t.call('POST', '/mcp?toolsets=wiki', {
      token: org.adminToken,
      body: {
        jsonrpc: '2.0',
        id: 1,
        method: 'tools/call',
        params: { name: 'createWikiPage', arguments: { projectId: board.id, body: { title: 'Big', markdown } } },
      },
      headers: { accept: 'application/json, text/event-stream' },
    });
    expect(response.status).toBe(200);
    expect(
      response.body.result.isError,
      JSON.stringify(response.body.result.structuredContent).slice(0, 300),
    ).toBeFalsy();
    expect(response.body.result.structuredContent.title).toBe('Big');
  });

  it('answers 401 with WWW-Authenticate to a bad token or none', async () => {
    const bad = await rawPost('aik_not-a-real-key', { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(bad.status).toBe(401);
    expect(bad.body.code).toBe('UNAUTHORIZED');
    expect(bad.headers.get('www-authenticate')).toBe('Bearer realm="workspace", error="invalid_token"');
    const none = await rawPost(undefined, { jsonrpc: '2.0', id: 1, method: 'tools/list' });
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="workspace"');
    await expect(connect('aik_not-a-real-key')).rejects.toMatchObject({ code: 401 });
  });

  it('answers GET and DELETE with 405 in the envelope (stateless: no stream, no session)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await t.call(method, '/mcp', { token: org.adminToken });
      expect(response.status, method).toBe(405);
      expect(response.body.code).toBe('METHOD_NOT_ALLOWED');
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  it('refuses a Host or Origin it does not answer to (DNS rebinding), any port of an allowed one', async () => {
    const list = { jsonrpc: '2.0', id: 1, method: 'tools/list' };
    for (const host of ['evil.example', 'evil.example:8080', 'localhost.evil.example']) {
      const response = await rawPost(org.adminToken, list, { host });
      expect(response.status, host).toBe(403);
      expect(response.body.code).toBe('FORBIDDEN');
    }
    const origin = await rawPost(org.adminToken, list, { origin: 'http://evil.example' });
    expect(origin.status).toBe(403);
    for (const host of [
      'localhost:5173',
      '127.0.0.1:8080',
      '[::1]:3000',
      'workspace.example.com',
      'mcp.example.com:443',
    ]) {
      const response = await rawPost(org.adminToken, list, { host, origin: `http://${host}` });
      expect(response.status, host).toBe(200);
      expect(response.body.result.tools.length).toBeGreaterThan(0);
    }
  });

  it('works without initialize (stateless) and rejects a client that accepts no JSON', async () => {
    const response = await rawPost(org.adminToken, { jsonrpc: '2.0', id: 7, method: 'tools/list' });
    expect(response.status).toBe(200);
    expect(response.headers.get('mcp-session-id')).toBeNull();
    expect(response.body.id).toBe(7);
    const notAcceptable = await rawPost(
      org.adminToken,
      { jsonrpc: '2.0', id: 1, method: 'tools/list' },
      {
        accept: 'text/html',
      },
    );
    expect(notAcceptable.status).toBe(406);
  });
});

describe('contract coverage', () => {
  it('every operation is a tool of some toolset or excluded for a stated reason; every read-only tool is a GET', async () => {
    const { tools } = await (await connect(org.adminToken, 'all')).listTools();
    const toolNames = new Set(tools.map((tool) => tool.name));
    for (const op of operations) {
      const isTool = toolNames.has(op.operationId);
      expect(isTool !== excludedIds.has(op.operationId), `${op.operationId}: a tool, or in EXCLUDED (not both)`).toBe(
        true,
      );
    }
    // The exclusion list names only operations of the contract.
    const known = new Set(operations.map((op) => op.operationId));
    expect([...excludedIds].filter((id) => !known.has(id))).toEqual([]);
    for (const tool of tools) {
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(operation(tool.name).method === 'GET');
    }
  });
});
