import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ContentfulStatusCode, StatusCode } from 'hono/utils/http-status';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { WebStandardStreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js';
import { CallToolRequestSchema, ErrorCode, ListToolsRequestSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import type { AppEnv } from '../../types.ts';
import { enforceRateLimit } from '../../http/rate-limit.ts';
import { checkArguments } from './arguments.ts';
import { type Caller, dispatch } from './dispatch.ts';
import { type Catalog, type ToolsetName, toolsFor } from './tools.ts';

const INSTRUCTIONS =
  'Tools of the Workspace API: each tool is one operation of the API (its operationId), run as the credential that connected. Path and query parameters are top-level arguments; a JSON request body goes under `body`. Results are the API’s JSON; errors carry its status and error code.';

/**
 * One JSON Schema validator for every request's server: each `Server` would otherwise build its own
 * (an Ajv instance: most of a `tools/call`'s own cost). It only serves elicitation, which this
 * server never asks for.
 */
let validator: AjvJsonSchemaValidator | undefined;

type McpRequest = {
  api: OpenAPIHono<AppEnv>;
  catalog: Catalog;
  toolsets: ToolsetName[];
  version: string;
  /** The JSON-RPC message(s), already parsed by the route. */
  body: unknown;
};

/**
 * Answers one `POST /mcp` with a fresh stateless MCP server and transport (JSON answers, no
 * session), listing and calling the tools the caller's credential may use among `toolsets`.
 */
export async function handleMcpRequest(c: Context<AppEnv>, { api, catalog, toolsets, version, body }: McpRequest) {
  const ctx = c.get('ctx');
  const principal = c.get('principal');
  const tools = toolsFor(catalog, toolsets, principal.credential);

  // The POST counted once against the caller's limit; in a batch, each further request counts too
  // (a batch of 100 tools/list is 100 lists' work).
  const messages = Array.isArray(body) ? body : [body];
  const requests = messages.filter((message) => typeof (message as { method?: unknown }).method === 'string').length;
  for (let extra = 1; extra < requests; extra++) await enforceRateLimit(c, ctx.limiters.user, principal.user.id);

  const caller: Caller = {
    ctx,
    requestId: c.get('requestId'),
    url: c.req.url,
    authorization: c.req.header('authorization'),
    forwardedFor: c.req.header('x-forwarded-for'),
    env: c.env,
  };
  const server = new Server(
    { name: 'workspace', title: 'Workspace', version },
    {
      capabilities: { tools: { listChanged: false } },
      instructions: INSTRUCTIONS,
      jsonSchemaValidator: (validator ??= new AjvJsonSchemaValidator()),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: [...tools.values()].map((tool) => tool.definition),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name } = request.params;
    const tool = tools.get(name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool: ${name} (not among the tools of the selected toolsets for this credential)`,
      );
    }
    const args = request.params.arguments ?? {};
    const issues = checkArguments(tool, args);
    if (issues.length > 0) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Invalid arguments for ${name}: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
        { issues },
      );
    }
    try {
      return await dispatch(api, caller, tool, args);
    } catch (error) {
      // The operation's own failures come back as tool errors; this is the dispatch itself failing.
      ctx.logger.error('MCP tool call failed', {
        requestId: caller.requestId,
        tool: name,
        error: error instanceof Error ? (error.stack ?? error.message) : String(error),
      });
      throw new McpError(ErrorCode.InternalError, `Internal error (request ${caller.requestId})`);
    }
  });

  const transport = new WebStandardStreamableHTTPServerTransport({
    sessionIdGenerator: undefined,
    enableJsonResponse: true,
  });
  await server.connect(transport);
  let response: Response;
  try {
    response = await transport.handleRequest(c.req.raw, { parsedBody: body });
  } finally {
    await server.close();
  }
  // Through the context, so the headers set on the way (RateLimit, X-Request-Id) are kept.
  response.headers.forEach((value, name) => c.header(name, value));
  return response.body
    ? c.body(response.body, response.status as ContentfulStatusCode)
    : c.body(null, response.status as StatusCode);
}
