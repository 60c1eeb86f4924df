import { z } from '@hono/zod-openapi';
import { describe, expect, it } from 'vitest';
import { buildCatalog, parseToolsets, TOOLSET_NAMES, toolsFor } from './tools.ts';

/** A registry entry as `app.openapi()` leaves it, for an operation added tomorrow. */
const route = (config: Record<string, unknown>) => ({
  type: 'route',
  route: {
    method: 'get',
    path: '/things',
    tags: ['Cards'],
    summary: 'Things',
    responses: { 200: { content: { 'application/json': {} } } },
    'x-service-api-key': 'read',
    'x-service-agent-token': false,
    ...config,
  },
});
const json = (schema: z.ZodType, required = true) => ({ required, content: { 'application/json': { schema } } });

describe('the tool catalog', () => {
  it('classifies new operations by their fields, not by name', () => {
    const catalog = buildCatalog({
      definitions: [
        route({ operationId: 'listThings' }),
        route({ operationId: 'publicThing', 'x-public': true }),
        route({ operationId: 'siteThing', 'x-content-key': true }),
        route({ operationId: 'mintThing', method: 'post', 'x-service-api-key': 'forbidden' }),
        route({
          operationId: 'streamThings',
          responses: { 200: { content: { 'text/event-stream': {} } } },
        }),
        route({ operationId: 'uploadThing', method: 'put', request: { body: { content: { '*/*': {} } } } }),
        route({ operationId: 'taglessThing', tags: ['Somewhere new'] }),
        route({ operationId: 'callMcp', method: 'post', tags: ['MCP'] }),
        { type: 'schema', schema: z.string() },
      ],
    });
    expect([...catalog.tools.keys()]).toEqual(['listThings']);
    expect(catalog.excluded).toEqual([
      { operationId: 'publicThing', reason: 'public' },
      { operationId: 'siteThing', reason: 'content-key' },
      { operationId: 'mintThing', reason: 'forbidden-to-keys' },
      { operationId: 'streamThings', reason: 'event-stream' },
      { operationId: 'uploadThing', reason: 'non-json-body' },
      { operationId: 'callMcp', reason: 'mcp' },
    ]);
    expect(catalog.unplaced).toEqual(['taglessThing']);
  });

  it('refuses an operation whose parameters would collide as arguments', () => {
    const params = z.object({ thingId: z.uuid() });
    expect(() =>
      buildCatalog({
        definitions: [
          route({
            operationId: 'clash',
            path: '/things/{thingId}',
            request: { params, query: z.object({ thingId: z.string() }) },
          }),
        ],
      }),
    ).toThrow(/clash.*thingId/);
    expect(() =>
      buildCatalog({
        definitions: [
          route({
            operationId: 'bodyClash',
            method: 'post',
            'x-service-api-key': 'write',
            request: { query: z.object({ body: z.string() }), body: json(z.object({ name: z.string() })) },
          }),
        ],
      }),
    ).toThrow(/bodyClash.*body/);
  });

  it('gives read keys the GETs, agent tokens the agent-open operations, others everything selected', () => {
    const catalog = buildCatalog({
      definitions: [
        route({ operationId: 'listThings', 'x-service-agent-token': true }),
        route({ operationId: 'getThing', tags: ['Wiki'] }),
        route({
          operationId: 'makeThing',
          method: 'post',
          'x-service-api-key': 'write',
          request: { body: json(z.object({ name: z.string() })) },
        }),
      ],
    });
    const expiresAt = null;
    const names = (credential: Parameters<typeof toolsFor>[2], toolsets = ['boards', 'wiki'] as const) => [
      ...toolsFor(catalog, toolsets, credential).keys(),
    ];
    expect(names({ kind: 'api_key', keyId: 'k', name: 'k', scope: 'read', expiresAt })).toEqual([
      'listThings',
      'getThing',
    ]);
    expect(names({ kind: 'api_key', keyId: 'k', name: 'k', scope: 'write', expiresAt })).toEqual([
      'listThings',
      'makeThing',
      'getThing',
    ]);
    expect(names({ kind: 'agent_token', tokenId: 't', agentId: 'a', expiresAt })).toEqual(['listThings']);
    expect(names({ kind: 'session', sessionId: 's', expiresAt: new Date() }, ['wiki'] as never)).toEqual(['getThing']);
  });

  it('parses ?toolsets=: default when absent or empty, all, names trimmed and lowercased, unknown ones named', () => {
    expect(parseToolsets(undefined)).toEqual({
      toolsets: ['boards', 'wiki', 'files', 'organization', 'search', 'account'],
    });
    expect(parseToolsets(' , ')).toEqual(parseToolsets(undefined));
    expect(parseToolsets('Wiki, boards')).toEqual({ toolsets: ['boards', 'wiki'] });
    expect(parseToolsets('all')).toEqual({ toolsets: TOOLSET_NAMES });
    expect(TOOLSET_NAMES).toHaveLength(12);
    expect(parseToolsets('boards,kanban,all,x')).toEqual({ unknown: ['kanban', 'x'] });
  });
});
