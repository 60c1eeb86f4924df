import { useId, useState } from 'react';
import { absoluteApiUrl } from '@/api';
import { Button, CopyButton } from '@/ui';
import { DEFAULT_MCP_TOOLSETS, KEY_PLACEHOLDER, MCP_TOOLSETS, inspectorCommand, mcpClientConfig, mcpUrl } from '../mcp';
import './mcp-connect.css';

/** A block of text to copy (a config file, a command), focusable so it scrolls with the keyboard. */
function CopyBlock({ label, text, copyLabel }: { label: string; text: string; copyLabel: string }) {
  const id = useId();
  return (
    <div className="stack" style={{ gap: 8 }}>
      <span id={id} className="field-label">
        {label}
      </span>
      <pre className="mcp-code" role="region" tabIndex={0} aria-labelledby={id}>
        <code>{text}</code>
      </pre>
      <div>
        <CopyButton value={text} label={copyLabel} />
      </div>
    </div>
  );
}

/**
 * Settings → API keys: how to connect an MCP client — this server's endpoint, the toolsets to pick
 * (the URL and snippets follow the choice), a client configuration and an Inspector command to copy.
 * `apiUrl` is the API's absolute address: `/api` on this origin, or where /config.js points the app.
 */
export function McpConnect({ apiUrl = absoluteApiUrl() }: { apiUrl?: string }) {
  const urlId = useId();
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set(DEFAULT_MCP_TOOLSETS));
  const url = mcpUrl(`${apiUrl}/mcp`, selected);

  function toggle(name: string, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(name);
      else next.delete(name);
      return next;
    });
  }

  return (
    <section className="card stack" aria-labelledby="mcp-connect-heading">
      <div className="stack" style={{ gap: 8 }}>
        <h2 id="mcp-connect-heading">Connect an MCP client</h2>
        <p className="muted">
          MCP clients (Cursor, Claude, the MCP Inspector, agent runners) can use this workspace through its API: each
          operation is a tool. They send an API key in the same header as scripts,{' '}
          <code>Authorization: Bearer aik_…</code>.
        </p>
      </div>
      <div className="field">
        <label className="field-label" htmlFor={urlId}>
          Endpoint URL
        </label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <input
            id={urlId}
            className="input mono"
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={url} label="Copy URL" />
        </div>
      </div>
      <fieldset className="choice-group">
        <legend className="field-label">Toolsets</legend>
        <p className="field-description">
          What the client may use; the URL and the snippets below follow your choice. A URL without{' '}
          <code>?toolsets=</code> gets the default ones: {DEFAULT_MCP_TOOLSETS.join(', ')}.
        </p>
        <div className="mcp-toolsets">
          {MCP_TOOLSETS.map((toolset) => (
            <label key={toolset.name} className="mcp-toolset">
              <input
                type="checkbox"
                checked={selected.has(toolset.name)}
                onChange={(event) => toggle(toolset.name, event.target.checked)}
              />
              <span>
                <span className="choice-title mono">{toolset.name}</span>
                {toolset.byDefault && (
                  <>
                    {' '}
                    <span className="badge">default</span>
                  </>
                )}
                <span className="field-description"> — {toolset.description}</span>
              </span>
            </label>
          ))}
        </div>
        {selected.size === 0 && <p className="field-description">No toolset ticked: the URL gets the default ones.</p>}
        <div className="row">
          <Button size="small" onClick={() => setSelected(new Set(DEFAULT_MCP_TOOLSETS))}>
            Default toolsets
          </Button>
          <Button size="small" onClick={() => setSelected(new Set(MCP_TOOLSETS.map((toolset) => toolset.name)))}>
            All toolsets
          </Button>
        </div>
      </fieldset>
      <CopyBlock label="Client configuration (JSON)" text={mcpClientConfig(url)} copyLabel="Copy configuration" />
      <ul className="mcp-notes muted">
        <li>
          Replace <code>{KEY_PLACEHOLDER}</code> with a key made here. A <strong>read</strong> key gets only the
          read-only tools (the API’s GET operations); a write key gets every tool of the chosen toolsets.
        </li>
        <li>
          An agent token (<code>agt_…</code>) gets the operations open to its agent. Creating keys, changing the plan
          and deleting an account are never tools: they need a person.
        </li>
        <li>
          Some clients want <code>"type": "http"</code> in the entry too; the MCP Inspector’s config file calls it{' '}
          <code>"streamable-http"</code>.
        </li>
      </ul>
      <CopyBlock label="Try it with the MCP Inspector" text={inspectorCommand(url)} copyLabel="Copy command" />
    </section>
  );
}
