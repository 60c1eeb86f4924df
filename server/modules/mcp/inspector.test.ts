/**
 * An outside MCP client against the real server: the MCP Inspector's CLI
 * (`@modelcontextprotocol/inspector-cli`) over Streamable HTTP with an API key in the Bearer
 * header, its JSON output read as a user would.
 *
 * The CLI's bin (`mcp-inspector-cli --cli …`) only starts `build/index.js` with the same arguments
 * in a second process, so the test runs that entry itself: one process per call. It runs from the
 * entry's own folder because the CLI finds its package.json relative to the working directory
 * (from elsewhere it stops with "Cannot find module …/package.json"). It prints a deprecation
 * notice on stderr, which is ignored; stdout is the JSON.
 */
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

/** The CLI mode's entry (`build/index.js`) and its folder. */
const entry = createRequire(import.meta.url).resolve('@modelcontextprotocol/inspector-cli/build/index.js');

let server: ReturnType<typeof serve>;
let url = '';

beforeAll(async () => {
  server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
  if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  (server as unknown as { closeAllConnections(): void }).closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

type Tool = { name: string; inputSchema: { required?: string[] }; annotations?: { readOnlyHint?: boolean } };
type CallResult = { isError?: boolean; structuredContent?: Record<string, unknown>; content: { text?: string }[] };

/** Runs the Inspector's CLI against `/api/mcp?<query>` with `key` and answers its JSON output. */
function inspect(key: string, query: string, args: string[]): Promise<unknown> {
  const target = `${url}/api/mcp${query ? `?${query}` : ''}`;
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [entry, target, '--transport', 'http', '--header', `Authorization: Bearer ${key}`, ...args],
      { cwd: dirname(entry), timeout: 60_000, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`inspector-cli failed: ${error.message}\n${stderr}`));
        else resolve(JSON.parse(stdout));
      },
    );
  });
}

describe('the MCP Inspector’s CLI', () => {
  it('lists the tools a read key may use: GET operations, marked read-only, with their parameters', async () => {
    const org = await t.createOrg();
    const { secret } = await t.createKey(org.adminToken, 'read');
    const { tools } = (await inspect(secret, 'toolsets=boards', ['--method', 'tools/list'])) as { tools: Tool[] };
    const byName = new Map(tools.map((tool) => [tool.name, tool]));
    expect(byName.get('listProjects')?.annotations?.readOnlyHint).toBe(true);
    expect(byName.get('getProject')?.inputSchema.required).toEqual(['projectId']);
    // A read key is offered no write tool.
    expect(byName.has('moveCard')).toBe(false);
    expect(tools.every((tool) => tool.annotations?.readOnlyHint === true)).toBe(true);
    // Only the toolset asked for.
    expect(byName.has('getWikiPage')).toBe(false);
  });

  it('calls tools, with arguments, as the key: the company’s projects, one board', async () => {
    const org = await t.createOrg();
    const first = await t.createBoard(org.adminToken);
    const second = await t.createBoard(org.adminToken, ['Backlog', 'Done']);
    const { secret } = await t.createKey(org.adminToken, 'write');

    const listed = (await inspect(secret, '', ['--method', 'tools/call', '--tool-name', 'listProjects'])) as CallResult;
    expect(listed.isError).toBeFalsy();
    const projects = (listed.structuredContent as { projects: { id: string }[] }).projects;
    expect(projects.map((project) => project.id).sort()).toEqual([first.id, second.id].sort());
    expect(JSON.parse(listed.content[0]!.text!)).toEqual(listed.structuredContent);

    const board = (await inspect(secret, 'toolsets=boards', [
      '--method',
      'tools/call',
      '--tool-name',
      'getProject',
      '--tool-arg',
      `projectId=${second.id}`,
    ])) as CallResult;
    expect(board.isError).toBeFalsy();
    expect(board.structuredContent).toMatchObject({
      id: second.id,
      columns: [{ name: 'Backlog' }, { name: 'Done' }],
    });
  });
});
