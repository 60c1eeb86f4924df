/**
 * What the app says about the MCP endpoint (`POST /api/mcp`): its toolsets — the API's operations
 * grouped by their tags, as the contract's `mcp` operation documents them — and the snippets a
 * person copies into an MCP client. e2e/api-keys.spec.ts checks the names, their order and the
 * default set against the running server.
 */

export type McpToolset = { name: string; description: string; byDefault: boolean };

/** The toolsets, in the endpoint's order; `byDefault`: selected when the URL names none. */
export const MCP_TOOLSETS: readonly McpToolset[] = [
  { name: 'boards', description: 'Projects, their columns and cards, card comments; move cards.', byDefault: true },
  { name: 'wiki', description: 'Wiki pages, their revisions and comments.', byDefault: true },
  { name: 'files', description: 'The company drive: folders, files, downloads, sharing with agents.', byDefault: true },
  { name: 'organization', description: 'Members, teams, the org chart and invitations.', byDefault: true },
  { name: 'agents', description: 'AI agents, their sessions and messages.', byDefault: false },
  {
    name: 'integrations',
    description: 'Connections to outside services and their grants to agents.',
    byDefault: false,
  },
  { name: 'automation', description: 'Agent schedules and webhooks, their runs and deliveries.', byDefault: false },
  { name: 'credits', description: 'The credit balance, usage and transactions; the subscription.', byDefault: false },
  { name: 'notifications', description: 'The inbox, mutes and notification settings.', byDefault: false },
  { name: 'search', description: 'Search across boards, cards, wiki pages and files.', byDefault: true },
  { name: 'account', description: 'Your profile, your cards and your recent activity.', byDefault: true },
  {
    name: 'content',
    description: 'Articles, changelog and help pages for the public site; newsletter subscribers.',
    byDefault: false,
  },
];

export const DEFAULT_MCP_TOOLSETS = MCP_TOOLSETS.filter((toolset) => toolset.byDefault).map((toolset) => toolset.name);

/**
 * The endpoint's URL for `selected` toolsets: no query for the default set (or for none: the
 * endpoint then serves the default set), `?toolsets=all` for every toolset, else the names in the
 * endpoint's order.
 */
export function mcpUrl(endpoint: string, selected: ReadonlySet<string>): string {
  const names = MCP_TOOLSETS.map((toolset) => toolset.name).filter((name) => selected.has(name));
  const isDefault =
    names.length === DEFAULT_MCP_TOOLSETS.length && DEFAULT_MCP_TOOLSETS.every((name) => selected.has(name));
  if (names.length === 0 || isDefault) return endpoint;
  if (names.length === MCP_TOOLSETS.length) return `${endpoint}?toolsets=all`;
  return `${endpoint}?toolsets=${names.join(',')}`;
}

/** What stands in for the key in the snippets. */
export const KEY_PLACEHOLDER = '<your API key>';

/** An `mcpServers` entry with a URL and a header, the shape clients such as Cursor read. */
export function mcpClientConfig(url: string): string {
  return JSON.stringify(
    { mcpServers: { workspace: { url, headers: { Authorization: `Bearer ${KEY_PLACEHOLDER}` } } } },
    null,
    2,
  );
}

/** The MCP Inspector's CLI listing the tools: a quick check that the URL and key work. */
export function inspectorCommand(url: string): string {
  return `npx @modelcontextprotocol/inspector --cli "${url}" --transport http --header "Authorization: Bearer ${KEY_PLACEHOLDER}" --method tools/list`;
}
