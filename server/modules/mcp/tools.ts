/**
 * The MCP endpoint's tools: the operations of the API's contract, read from its OpenAPI registry
 * (the same route definitions and zod schemas that validate the REST requests), built once.
 *
 * Which operations become tools is decided by their fields, never by a list of names, so an
 * operation added later is classified the moment it is registered:
 * - never a tool: public operations (`x-public`: no token, nothing of the caller's to act on),
 *   operations of the content API (`x-content-key`: content keys only), operations forbidden to
 *   keys (`x-service-api-key: forbidden`: credential minting, plans, account deletion — they need a
 *   person at the keyboard), event streams (a `text/event-stream` answer, which a tool call cannot
 *   return), operations whose body is not JSON, and the MCP endpoint itself;
 * - every other operation is a tool of the toolset its tag belongs to (`TOOLSETS`); an operation
 *   whose tag is in no toolset is in none (the contract-coverage test fails until it is placed).
 */
import { zodToOpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from '@hono/zod-openapi';
import type { Tool as ToolDefinition } from '@modelcontextprotocol/sdk/types.js';
import type { Principal } from '../../types.ts';

/** Toolsets and the contract tags whose operations they hold, in the order tools are listed. */
export const TOOLSETS = {
  boards: ['Projects', 'Cards', 'Card comments'],
  wiki: ['Wiki'],
  files: ['Files'],
  organization: ['Company', 'Organization'],
  agents: ['Agents'],
  integrations: ['Integrations'],
  automation: ['Automation'],
  credits: ['Credits', 'Subscriptions'],
  notifications: ['Notifications'],
  search: ['Search'],
  account: ['Users', 'Home'],
  content: ['Content', 'Newsletter'],
} as const satisfies Record<string, readonly string[]>;

export type ToolsetName = keyof typeof TOOLSETS;
export const TOOLSET_NAMES = Object.keys(TOOLSETS) as ToolsetName[];
/** What `?toolsets=` absent selects. */
export const DEFAULT_TOOLSETS: readonly ToolsetName[] = [
  'boards',
  'wiki',
  'files',
  'organization',
  'search',
  'account',
];
/** `?toolsets=all` selects every toolset. */
export const ALL_TOOLSETS = 'all';

/** Why an operation of the contract is not a tool. */
export type Exclusion = 'mcp' | 'public' | 'content-key' | 'forbidden-to-keys' | 'event-stream' | 'non-json-body';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A tool: the operation it calls and how its arguments map onto the request. */
export type Tool = {
  name: string;
  toolset: ToolsetName;
  method: Method;
  /** The operation's path, relative to `/api`, with `{param}` placeholders. */
  path: string;
  /** GET: listed to read keys. */
  readOnly: boolean;
  /** `x-service-agent-token`: listed to agent tokens. */
  agents: boolean;
  params?: z.ZodType;
  query?: z.ZodType;
  paramKeys: string[];
  queryKeys: string[];
  body?: z.ZodType;
  bodyRequired: boolean;
  /** What `tools/list` shows. */
  definition: ToolDefinition;
};

export type Catalog = {
  /** Every tool by name. */
  tools: Map<string, Tool>;
  /** Operations that are not tools, and why. */
  excluded: { operationId: string; reason: Exclusion }[];
  /** Operations that could be tools but whose tags are in no toolset. */
  unplaced: string[];
};

type RouteDefinition = {
  method: string;
  path: string;
  operationId: string;
  tags?: string[];
  summary?: string;
  description?: string;
  request?: {
    params?: z.ZodType;
    query?: z.ZodType;
    body?: { required?: boolean; content: Record<string, { schema: unknown }> };
  };
  responses: Record<string, { content?: Record<string, unknown> }>;
  'x-service-api-key'?: string;
  'x-service-agent-token'?: boolean;
  'x-public'?: boolean;
  'x-content-key'?: boolean;
};

type Registry = { definitions: readonly unknown[] };

/** Why `route` is not a tool, if it is not. */
function exclusionOf(route: RouteDefinition): Exclusion | undefined {
  if (route.operationId === 'callMcp') return 'mcp';
  if (route['x-public']) return 'public';
  if (route['x-content-key']) return 'content-key';
  if (route['x-service-api-key'] === 'forbidden') return 'forbidden-to-keys';
  const answers = Object.values(route.responses).flatMap((response) => Object.keys(response.content ?? {}));
  if (answers.includes('text/event-stream')) return 'event-stream';
  const body = route.request?.body;
  if (body && !body.content['application/json']) return 'non-json-body';
  return undefined;
}

const toolsetOfTag = new Map<string, ToolsetName>(
  TOOLSET_NAMES.flatMap((toolset) => TOOLSETS[toolset].map((tag) => [tag, toolset] as const)),
);

/**
 * The documentation the contract attaches to a schema (`.openapi({ description, example })`),
 * for `z.toJSONSchema`: descriptions only, so no schema is pulled out into `$defs` by its name.
 */
const documentation = {
  get(schema: z.ZodType) {
    const meta = (zodToOpenAPIRegistry.get(schema) ?? schema.meta()) as
      { description?: string; example?: unknown; examples?: unknown[]; deprecated?: boolean } | undefined;
    if (!meta) return undefined;
    const examples = meta.examples ?? (meta.example === undefined ? undefined : [meta.example]);
    return {
      ...(meta.description ? { description: meta.description } : {}),
      ...(examples ? { examples } : {}),
      ...(meta.deprecated ? { deprecated: true } : {}),
    };
  },
  has: (schema: z.ZodType) => documentation.get(schema) !== undefined,
  _idmap: new Map(),
  _map: new WeakMap(),
};

type JsonObjectSchema = { type?: string; properties?: Record<string, unknown>; required?: string[] };

/**
 * Drops the `pattern` zod writes beside a `format` (`uuid`, `date-time`, `email`): the same
 * constraint spelled as a long regular expression, a fifth of the whole tool list otherwise.
 */
function withoutFormatPatterns(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutFormatPatterns);
  if (!value || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>);
  const formatted = typeof (value as { format?: unknown }).format === 'string';
  return Object.fromEntries(
    entries
      .filter(([key, item]) => !(formatted && key === 'pattern' && typeof item === 'string'))
      .map(([key, item]) => [key, withoutFormatPatterns(item)]),
  );
}

/** The JSON Schema of what a client may send for `schema` (its input side: defaults optional). */
function inputJsonSchema(schema: z.ZodType): JsonObjectSchema & Record<string, unknown> {
  const json = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    metadata: documentation as never,
  }) as JsonObjectSchema & Record<string, unknown>;
  delete json.$schema;
  return withoutFormatPatterns(json) as JsonObjectSchema & Record<string, unknown>;
}

/** The keys of an object schema (path and query parameters). */
function keysOf(schema: z.ZodType | undefined): string[] {
  if (!schema) return [];
  const properties = inputJsonSchema(schema).properties;
  return properties ? Object.keys(properties) : [];
}

function buildTool(route: RouteDefinition, toolset: ToolsetName): Tool {
  const method = route.method.toUpperCase() as Method;
  const { params, query } = route.request ?? {};
  const bodySchema = route.request?.body?.content['application/json']?.schema as z.ZodType | undefined;
  const bodyRequired = Boolean(bodySchema && route.request?.body?.required);
  const properties: Record<string, object> = {};
  const required: string[] = [];
  const add = (part: z.ZodType | undefined) => {
    if (!part) return;
    const json = inputJsonSchema(part);
    for (const [key, value] of Object.entries(json.properties ?? {})) {
      if (key in properties || key === 'body') {
        throw new Error(`MCP tool ${route.operationId}: argument "${key}" is both a path or query parameter and more`);
      }
      properties[key] = value as object;
    }
    required.push(...(json.required ?? []));
  };
  add(params);
  add(query);
  if (bodySchema) {
    properties.body = { ...inputJsonSchema(bodySchema), description: 'The JSON request body.' };
    if (bodyRequired) required.push('body');
  }
  const summary = route.summary?.trim() ?? route.operationId;
  const description = [summary, route.description?.trim(), `(${method} /api${route.path})`]
    .filter(Boolean)
    .join('\n\n');
  const readOnly = method === 'GET';
  return {
    name: route.operationId,
    toolset,
    method,
    path: route.path,
    readOnly,
    agents: route['x-service-agent-token'] === true,
    params,
    query,
    paramKeys: keysOf(params),
    queryKeys: keysOf(query),
    body: bodySchema,
    bodyRequired,
    definition: {
      name: route.operationId,
      title: summary,
      description,
      inputSchema: { type: 'object', properties, ...(required.length > 0 ? { required } : {}) },
      annotations: {
        title: summary,
        readOnlyHint: readOnly,
        ...(readOnly ? {} : { destructiveHint: method === 'DELETE' }),
        idempotentHint: method === 'GET' || method === 'PUT' || method === 'DELETE',
        openWorldHint: false,
      },
    },
  };
}

/** Reads the registry's operations into tools. Call once the API is complete. */
export function buildCatalog(registry: Registry): Catalog {
  const catalog: Catalog = { tools: new Map(), excluded: [], unplaced: [] };
  const routes = registry.definitions
    .filter((definition): definition is { type: 'route'; route: RouteDefinition } => {
      return (definition as { type?: string }).type === 'route';
    })
    .map((definition) => definition.route);
  const placed: Tool[] = [];
  for (const route of routes) {
    const reason = exclusionOf(route);
    if (reason) {
      catalog.excluded.push({ operationId: route.operationId, reason });
      continue;
    }
    const toolset = (route.tags ?? []).map((tag) => toolsetOfTag.get(tag)).find(Boolean);
    if (!toolset) {
      catalog.unplaced.push(route.operationId);
      continue;
    }
    placed.push(buildTool(route, toolset));
  }
  // Listed by toolset (in `TOOLSETS` order), then in the contract's order.
  for (const toolset of TOOLSET_NAMES) {
    for (const tool of placed) if (tool.toolset === toolset) catalog.tools.set(tool.name, tool);
  }
  return catalog;
}

/**
 * Parses `?toolsets=`: comma-separated names, or `all`; absent or empty → the default set. Returns
 * the unknown names instead when there are any.
 */
export function parseToolsets(value: string | undefined): { toolsets: ToolsetName[] } | { unknown: string[] } {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (names.length === 0) return { toolsets: [...DEFAULT_TOOLSETS] };
  if (names.includes(ALL_TOOLSETS)) {
    const unknown = names.filter((name) => name !== ALL_TOOLSETS && !Object.hasOwn(TOOLSETS, name));
    return unknown.length > 0 ? { unknown } : { toolsets: [...TOOLSET_NAMES] };
  }
  const unknown = names.filter((name) => !Object.hasOwn(TOOLSETS, name));
  if (unknown.length > 0) return { unknown };
  return { toolsets: TOOLSET_NAMES.filter((name) => names.includes(name)) };
}

/**
 * The tools `credential` may list and call among `toolsets`: a read key the read-only ones (GETs),
 * an agent token the operations open to agents, a session or write key all of them.
 */
export function toolsFor(
  catalog: Catalog,
  toolsets: readonly ToolsetName[],
  credential: Principal['credential'],
): Map<string, Tool> {
  const selected = new Map<string, Tool>();
  for (const tool of catalog.tools.values()) {
    if (!toolsets.includes(tool.toolset)) continue;
    if (credential.kind === 'api_key' && credential.scope === 'read' && !tool.readOnly) continue;
    if (credential.kind === 'agent_token' && !tool.agents) continue;
    selected.set(tool.name, tool);
  }
  return selected;
}
