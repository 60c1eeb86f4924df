/**
 * The runner's calls through the server's MCP endpoint (`--mcp`): each call is the tool named by its
 * operation (`operationId`), with the path and query parameters at the top level of the arguments
 * and the JSON body under `body`, sent with the SDK's `Client` over Streamable HTTP to
 * `…/api/mcp?toolsets=all` with the agent token as Bearer. What comes back is made to look like
 * REST: a tool's structured content is the operation's JSON (an array comes wrapped as `{items}`),
 * and a tool error (`isError`, structured content `{status, error, code}`) becomes the same
 * `ApiError` the REST door throws, so the runner behaves the same either way (402 out of credits,
 * 404 gone, 409 already reported, …).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { type ApiCall, ApiError, type ApiTransport, callPath } from './api.ts';

/** Every toolset: the runner needs agents, boards, wiki, search, credits and automation tools. */
export const RUNNER_TOOLSETS = 'all';

/** The MCP endpoint of an API base (`http://host/api` → `http://host/api/mcp?toolsets=all`). */
export function mcpEndpoint(base: string, toolsets = RUNNER_TOOLSETS): URL {
  const url = new URL(`${base}/mcp`);
  url.searchParams.set('toolsets', toolsets);
  return url;
}

/** What a tool error carries: the API's status and envelope. */
type ToolErrorContent = { status?: number; error?: string; code?: string };

type ToolResult = {
  isError?: boolean;
  structuredContent?: Record<string, unknown>;
  content?: { type: string; text?: string }[];
};

const textOf = (result: ToolResult) =>
  (result.content ?? [])
    .filter((block) => block.type === 'text' && block.text)
    .map((block) => block.text)
    .join('\n');

/** The operation's JSON from a successful tool result. */
function answerOf(result: ToolResult): unknown {
  const content = result.structuredContent;
  if (content === undefined) {
    // Not JSON (a CSV export, a 204 "Done."): the text, if any.
    const text = textOf(result);
    return text || undefined;
  }
  const keys = Object.keys(content);
  // An array answer comes wrapped as `{items}` (structured content must be an object).
  if (keys.length === 1 && keys[0] === 'items' && Array.isArray(content.items)) return content.items;
  // A 204 answers `{}`: REST gives no body.
  if (keys.length === 0) return undefined;
  return content;
}

/** The API's envelope in a failed HTTP answer of the MCP endpoint (401 revoked token, 429, 400 toolsets). */
async function envelopeOf(response: Response): Promise<{ error?: string; code?: string }> {
  try {
    return (await response.clone().json()) as { error?: string; code?: string };
  } catch {
    return {};
  }
}

/**
 * Connects to the MCP endpoint (the protocol's `initialize`) and answers a transport for
 * `createApi`. Throws an `ApiError` when the endpoint refuses (a bad token: 401).
 */
export async function connectMcpTransport({
  base,
  token,
  toolsets = RUNNER_TOOLSETS,
}: {
  base: string;
  token: string;
  toolsets?: string;
}): Promise<ApiTransport> {
  const endpoint = mcpEndpoint(base, toolsets);
  const transport = new StreamableHTTPClientTransport(endpoint, {
    requestInit: { headers: { authorization: `Bearer ${token}` } },
    // The endpoint's own refusals (before any tool runs) carry the API's envelope: keep its status and code.
    fetch: async (url, init) => {
      const response = await fetch(url, init);
      if (!response.ok && init?.method === 'POST') {
        const envelope = await envelopeOf(response);
        throw new ApiError(
          response.status,
          envelope.code,
          `POST ${endpoint.pathname}: ${response.status} ${envelope.code ?? ''} ${envelope.error ?? response.statusText}`.trim(),
        );
      }
      return response;
    },
  });
  const client = new Client({ name: 'workspace-agent-runner', version: '1.0.0' });
  await client.connect(transport);

  return {
    kind: 'mcp',
    async call<T>(call: ApiCall): Promise<T> {
      const { operationId, params, query, body, signal } = call;
      const args: Record<string, unknown> = { ...params };
      for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) args[name] = value;
      if (body !== undefined) args.body = body;
      const label = `${operationId} (${call.method} ${callPath(call)})`;
      let result: ToolResult;
      try {
        result = (await client.callTool({ name: operationId, arguments: args }, undefined, { signal })) as ToolResult;
      } catch (error) {
        // The tool was not called: arguments the endpoint refused (-32602, as REST's 400), or another
        // protocol failure.
        if (error instanceof McpError)
          throw new ApiError(
            error.code === ErrorCode.InvalidParams ? 400 : 502,
            error.code === ErrorCode.InvalidParams ? 'VALIDATION_ERROR' : `MCP_ERROR_${error.code}`,
            `MCP ${label}: ${error.message}`,
          );
        throw error;
      }
      if (result.isError) {
        const envelope = (result.structuredContent ?? {}) as ToolErrorContent;
        const status = typeof envelope.status === 'number' ? envelope.status : 500;
        throw new ApiError(
          status,
          envelope.code,
          `MCP ${label}: ${status} ${envelope.code ?? ''} ${envelope.error ?? textOf(result).slice(0, 200)}`.trim(),
        );
      }
      return answerOf(result) as T;
    },
    close: () => client.close(),
  };
}
