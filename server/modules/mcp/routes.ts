import { z } from '@hono/zod-openapi';
import { ErrorEnvelope } from '../../http/errors.ts';
import { protectedRoute } from '../../http/route.ts';
import { ALL_TOOLSETS, DEFAULT_TOOLSETS, parseToolsets, TOOLSET_NAMES, TOOLSETS } from './tools.ts';

const errorContent = { 'application/json': { schema: ErrorEnvelope } };

const validToolsets = `${TOOLSET_NAMES.join(', ')}, or ${ALL_TOOLSETS}`;

const Toolsets = z
  .string()
  .max(500)
  .optional()
  .superRefine((value, ctx) => {
    const parsed = parseToolsets(value);
    if ('unknown' in parsed) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown toolset${parsed.unknown.length > 1 ? 's' : ''} ${parsed.unknown.map((name) => `"${name}"`).join(', ')}; valid toolsets: ${validToolsets}`,
      });
    }
  })
  .openapi({
    param: { name: 'toolsets', in: 'query' },
    description: `Comma-separated toolsets whose tools are listed and callable: ${validToolsets}. Absent or empty: ${DEFAULT_TOOLSETS.join(',')}.`,
    example: 'boards,wiki',
  });

const JsonRpcMessage = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int()]).optional(),
    method: z.string().max(200).optional(),
    params: z.unknown().optional(),
  })
  .openapi('McpMessage', {
    description:
      'A JSON-RPC 2.0 message of the Model Context Protocol (Streamable HTTP transport): a request (`initialize`, `tools/list`, `tools/call`, `ping`), a notification, or a response.',
    example: { jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} },
  });

/** A JSON-RPC message the endpoint answers: like a request's, but an error about an unreadable request carries `id: null`. */
const JsonRpcReply = z
  .looseObject({
    jsonrpc: z.literal('2.0'),
    id: z.union([z.string(), z.number().int(), z.null()]).optional(),
    result: z.unknown().optional(),
    error: z.looseObject({ code: z.number().int(), message: z.string() }).optional(),
  })
  .openapi('McpReply', {
    description: 'A JSON-RPC 2.0 response: `result` or `error` (`id` is null when the request could not be read).',
    example: { jsonrpc: '2.0', id: 1, result: { tools: [] } },
  });

const toolsetTable = [
  '| toolset | tags |',
  '|---|---|',
  ...TOOLSET_NAMES.map(
    (name) => `| \`${name}\`${DEFAULT_TOOLSETS.includes(name) ? ' (default)' : ''} | ${TOOLSETS[name].join(', ')} |`,
  ),
].join('\n');

export const mcpRoute = protectedRoute(
  'read',
  {
    method: 'post',
    path: '/mcp',
    operationId: 'callMcp',
    tags: ['MCP'],
    summary: 'The MCP endpoint (tools for MCP clients)',
    description: [
      'The Model Context Protocol over Streamable HTTP, stateless (no `Mcp-Session-Id`; `GET` and `DELETE` answer 405 `METHOD_NOT_ALLOWED`), answering JSON (`Accept` must name both `application/json` and `text/event-stream`, as MCP clients send). Authenticated with the same Bearer header as every operation: a session token, an API key of either scope, or an agent token. This request counts once against the caller’s rate limit, whatever the tools it calls do.',
      'The tools are this API’s operations: a tool’s name is the operation’s `operationId`, its input the operation’s path and query parameters at the top level and its JSON body under `body`, checked by the same schemas (invalid arguments: JSON-RPC error -32602 naming the fields). A call runs the operation as the caller — the same key scope, agent scope, validation, events and credit charges as the REST call — and returns its JSON as `structuredContent` (an array as `{items}`) with the JSON as text, `{}` and "Done." for 204, text for CSV; an error answer is a tool error (`isError`) with `{status, error, code}`. `readOnlyHint` is true exactly for GETs.',
      `Toolsets, by the operations’ tags (\`?toolsets=all\` selects every one; an unknown name answers 400 \`VALIDATION_ERROR\` listing the valid ones):\n\n${toolsetTable}`,
      'Who sees which tools: a read key only the GET tools (a write tool is neither listed nor callable); a write key or a session every tool of the selected toolsets; an agent token only the operations open to agents (`x-service-agent-token`). Never tools: public operations, event streams (Server-Sent Events), operations forbidden to keys (`x-service-api-key: forbidden`: credentials, plans, account deletion), the content API (`/content/*`, content keys only) and this endpoint.',
      'DNS-rebinding protection: the `Host` header (and `Origin`, when sent) must name localhost, 127.0.0.1, [::1], the host of `PUBLIC_URL` or one of `ALLOWED_HOSTS` (any port), else 403 `FORBIDDEN`.',
    ].join('\n\n'),
    request: {
      query: z.object({ toolsets: Toolsets }),
      body: {
        required: true,
        content: {
          'application/json': {
            schema: z.union([JsonRpcMessage, z.array(JsonRpcMessage).min(1).max(100)]),
          },
        },
      },
    },
    responses: {
      200: {
        description: 'The JSON-RPC response (an array of them for a batch)',
        content: { 'application/json': { schema: z.union([JsonRpcReply, z.array(JsonRpcReply)]) } },
      },
      202: { description: 'Only notifications or responses were sent: accepted, no body' },
      403: {
        description:
          'A `Host` or `Origin` header naming a host the endpoint does not answer to (`FORBIDDEN`, DNS-rebinding protection)',
        content: errorContent,
      },
      406: {
        description: '`Accept` does not name both `application/json` and `text/event-stream` (a JSON-RPC error)',
        content: { 'application/json': { schema: JsonRpcReply } },
      },
    },
  },
  { agents: true, readKeysMayPost: true },
);
