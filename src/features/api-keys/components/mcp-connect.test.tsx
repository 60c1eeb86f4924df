import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { McpConnect } from './mcp-connect';

const ORIGIN = 'https://work.example.com';
const DEFAULTS = ['boards', 'wiki', 'files', 'organization', 'search', 'account'];
const OTHERS = ['agents', 'integrations', 'automation', 'credits', 'notifications', 'content'];

function renderBox(props: { apiUrl?: string } = { apiUrl: `${ORIGIN}/api` }) {
  const user = userEvent.setup();
  render(<McpConnect {...props} />);
  const box = screen.getByRole('region', { name: 'Connect an MCP client' });
  const endpoint = () => within(box).getByRole<HTMLInputElement>('textbox', { name: 'Endpoint URL' }).value;
  const config = () =>
    JSON.parse(within(box).getByRole('region', { name: 'Client configuration (JSON)' }).textContent ?? '') as {
      mcpServers: { workspace: { url: string; headers: Record<string, string> } };
    };
  const toolset = (name: string) =>
    within(box).getByRole<HTMLInputElement>('checkbox', { name: new RegExp(`^${name}`) });
  return { user, box, endpoint, config, toolset };
}

describe('Connect an MCP client', () => {
  it('gives this server’s endpoint, the default toolsets ticked and marked, and a config with the Bearer header', () => {
    const { box, endpoint, config, toolset } = renderBox();
    expect(endpoint()).toBe(`${ORIGIN}/api/mcp`);
    for (const name of DEFAULTS) {
      expect(toolset(name).checked).toBe(true);
      expect(toolset(name).closest('label')!.textContent).toContain('default');
    }
    for (const name of OTHERS) {
      expect(toolset(name).checked).toBe(false);
      expect(toolset(name).closest('label')!.textContent).not.toContain('default');
    }
    // Each toolset says in a line what it holds.
    expect(toolset('boards').closest('label')!.textContent).toContain('cards');
    expect(config()).toEqual({
      mcpServers: { workspace: { url: `${ORIGIN}/api/mcp`, headers: { Authorization: 'Bearer <your API key>' } } },
    });
    expect(box.textContent).toContain('A read key gets only the read-only tools');
    expect(within(box).getByRole('region', { name: 'Try it with the MCP Inspector' }).textContent).toBe(
      `npx @modelcontextprotocol/inspector --cli "${ORIGIN}/api/mcp" --transport http --header "Authorization: Bearer <your API key>" --method tools/list`,
    );
  });

  it('puts the chosen toolsets in the URL and the snippets; all of them is `all`, the defaults none', async () => {
    const { user, box, endpoint, config, toolset } = renderBox();
    await user.click(toolset('wiki'));
    await user.click(toolset('agents'));
    const chosen = `${ORIGIN}/api/mcp?toolsets=boards,files,organization,agents,search,account`;
    expect(endpoint()).toBe(chosen);
    expect(config().mcpServers.workspace.url).toBe(chosen);
    expect(within(box).getByRole('region', { name: 'Try it with the MCP Inspector' }).textContent).toContain(
      `"${chosen}"`,
    );

    await user.click(within(box).getByRole('button', { name: 'All toolsets' }));
    expect(endpoint()).toBe(`${ORIGIN}/api/mcp?toolsets=all`);
    await user.click(within(box).getByRole('button', { name: 'Default toolsets' }));
    expect(endpoint()).toBe(`${ORIGIN}/api/mcp`);
    // None ticked: the endpoint serves the default set, and the box says so.
    for (const name of DEFAULTS) await user.click(toolset(name));
    expect(endpoint()).toBe(`${ORIGIN}/api/mcp`);
    expect(box.textContent).toContain('No toolset ticked: the URL gets the default ones.');
    await user.click(within(box).getByRole('button', { name: 'Default toolsets' }));
    // The keyboard ticks a toolset too.
    toolset('credits').focus();
    await user.keyboard(' ');
    expect(endpoint()).toBe(`${ORIGIN}/api/mcp?toolsets=boards,wiki,files,organization,credits,search,account`);
  });

  it('copies the configuration and says so politely', async () => {
    const { user, box, config } = renderBox();
    await user.click(within(box).getByRole('button', { name: 'Copy configuration' }));
    // user-event stands in for the clipboard.
    expect(JSON.parse(await navigator.clipboard.readText())).toEqual(config());
    expect(within(box).getByRole('button', { name: 'Copied' })).toBeTruthy();
    const announcements = within(box)
      .getAllByRole('status')
      .map((status) => status.textContent);
    expect(announcements).toContain('Copied to the clipboard');
  });

  it('is on the API the app talks to: `/api` on this origin by default, or another server', () => {
    const { endpoint } = renderBox({});
    expect(endpoint()).toBe(`${window.location.origin}/api/mcp`);
    cleanup();
    expect(renderBox({ apiUrl: 'https://api.example.org/v1' }).endpoint()).toBe('https://api.example.org/v1/mcp');
  });
});
