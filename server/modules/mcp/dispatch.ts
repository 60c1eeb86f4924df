import type { OpenAPIHono } from '@hono/zod-openapi';
import { Hono } from 'hono';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { AppContext, AppEnv } from '../../types.ts';
import { handleError, handleNotFound } from '../../http/error-handler.ts';
import { markInnerRequest } from '../../http/inner-requests.ts';
import type { Tool } from './tools.ts';

/** Who made the `POST /mcp` a tool call comes from, which the operation sees as its caller too. */
export type Caller = {
  ctx: AppContext;
  requestId: string;
  /** The `POST /mcp`'s own URL: the operation's request goes to the same origin. */
  url: string;
  /** Headers passed on as they came: `Authorization`, and `X-Forwarded-For` (the client address behind a proxy). */
  authorization: string | undefined;
  forwardedFor: string | undefined;
  /** The Node request (`c.env`): the client address comes from its socket. */
  env: AppEnv['Bindings'] | undefined;
};

/** The context of each in-flight operation request, set by the dispatcher's first middleware. */
const callers = new WeakMap<Request, Caller>();

/**
 * The API as the server's own root app mounts it (`/api`), with the context and request id
 * `createApp` would set: the same routes, middleware (authentication, key and agent scope, body
 * limits, validation) and error handling, so a tool call is exactly the REST call.
 */
function createDispatcher(api: OpenAPIHono<AppEnv>): Hono<AppEnv> {
  const root = new Hono<AppEnv>();
  root.use('*', async (c, next) => {
    const caller = callers.get(c.req.raw);
    if (!caller) throw new Error('MCP dispatcher: a request that is not a tool call');
    c.set('ctx', caller.ctx);
    c.set('requestId', caller.requestId);
    await next();
  });
  root.route('/api', api);
  root.onError(handleError);
  root.notFound(handleNotFound);
  return root;
}

const dispatchers = new WeakMap<OpenAPIHono<AppEnv>, Hono<AppEnv>>();
function dispatcherOf(api: OpenAPIHono<AppEnv>) {
  let dispatcher = dispatchers.get(api);
  if (!dispatcher) {
    dispatcher = createDispatcher(api);
    dispatchers.set(api, dispatcher);
  }
  return dispatcher;
}

/** The operation's URL: path parameters filled in, query parameters appended (arrays repeated). */
function operationUrl(tool: Tool, args: Record<string, unknown>, origin: string): URL {
  const path = tool.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeURIComponent(String(args[name])));
  const url = new URL(`/api${path}`, origin);
  for (const key of tool.queryKeys) {
    const value = args[key];
    if (value === undefined || value === null) continue;
    for (const item of Array.isArray(value) ? value : [value]) {
      url.searchParams.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  return url;
}

/** A tool's result from the operation's answer: its JSON, or its text, or its error envelope. */
async function toolResult(response: Response): Promise<CallToolResult> {
  const type = response.headers.get('content-type') ?? '';
  const text = await response.text();
  const json = type.includes('application/json') && text ? (JSON.parse(text) as unknown) : undefined;
  if (response.status >= 400) {
    const envelope =
      json && typeof json === 'object' && !Array.isArray(json)
        ? (json as { error?: string; code?: string } & Record<string, unknown>)
        : { error: text || response.statusText };
    const error = envelope.error ?? response.statusText;
    return {
      isError: true,
      structuredContent: { status: response.status, ...envelope, error },
      content: [{ type: 'text', text: `${response.status}${envelope.code ? ` ${envelope.code}` : ''}: ${error}` }],
    };
  }
  if (response.status === 204 || !text) return { structuredContent: {}, content: [{ type: 'text', text: 'Done.' }] };
  if (json === undefined) return { content: [{ type: 'text', text }] };
  const structured =
    json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : { items: json };
  return { structuredContent: structured, content: [{ type: 'text', text }] };
}

/**
 * Calls `tool`'s operation in process as `caller`, with `args` already checked against its
 * schemas: the same credential, client address and request id.
 */
export async function dispatch(
  api: OpenAPIHono<AppEnv>,
  caller: Caller,
  tool: Tool,
  args: Record<string, unknown>,
): Promise<CallToolResult> {
  const headers = new Headers({ accept: 'application/json', 'x-request-id': caller.requestId });
  if (caller.authorization) headers.set('authorization', caller.authorization);
  if (caller.forwardedFor) headers.set('x-forwarded-for', caller.forwardedFor);
  let body: string | undefined;
  if (tool.body && args.body !== undefined) {
    body = JSON.stringify(args.body);
    headers.set('content-type', 'application/json');
    // A declared length: the body limit then leaves the request object as it is (the inner mark is on it).
    headers.set('content-length', String(Buffer.byteLength(body)));
  }
  const request = markInnerRequest(
    new Request(operationUrl(tool, args, new URL(caller.url).origin), { method: tool.method, headers, body }),
  );
  callers.set(request, caller);
  const response = await dispatcherOf(api).fetch(request, { incoming: caller.env?.incoming });
  return toolResult(response);
}
