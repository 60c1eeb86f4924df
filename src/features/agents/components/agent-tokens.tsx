import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage, type Agent, type AgentToken, type CreatedAgentToken } from '@/api';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, DataTable, ExpiryDate, QueryNotice, SecretDialog, useNow } from '@/ui';
import { useRevokeAgentToken } from '../mutations';
import { agentQueries } from '../queries';
import { NewTokenDialog } from './new-token-dialog';

/**
 * The agent's tokens (admins and its responsible person): mint one (its secret shown once),
 * see where each is used, revoke after a confirmation.
 */
export function AgentTokens({ agent }: { agent: Agent }) {
  const tokens = useQuery(agentQueries.tokens(agent.id));
  const revoke = useRevokeAgentToken(agent.id);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedAgentToken | null>(null);
  const [pending, setPending] = useState<AgentToken | null>(null);
  const now = useNow();
  // Where focus goes after a revoke: the row's button is about to disappear.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section className="card stack" aria-labelledby="agent-tokens-heading">
      <div className="agent-section-header">
        <h2 id="agent-tokens-heading" ref={heading} tabIndex={-1}>
          Tokens
        </h2>
        <Button size="small" onClick={() => setCreating(true)}>
          New token…
        </Button>
      </div>
      <p className="muted">
        A runner sends a token as <code>Authorization: Bearer agt_…</code> and acts as {agent.name}.
      </p>
      {tokens.isPending ? (
        <QueryNotice status="loading" label="Loading tokens…" />
      ) : tokens.isError ? (
        <QueryNotice status="error" message={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />
      ) : tokens.data.length === 0 ? (
        <p className="muted">{agent.name} has no tokens yet.</p>
      ) : (
        <DataTable aria-labelledby="agent-tokens-heading">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Expires</th>
              <th scope="col">
                <span className="visually-hidden">Status and actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {tokens.data.map((token) => (
              <tr key={token.id} data-revoked={token.revokedAt ? 'true' : undefined}>
                <td>
                  <strong>{token.name}</strong>
                  <div className="muted mono">{token.prefix}…</div>
                </td>
                <td data-label="Created">
                  <time dateTime={token.createdAt} title={formatDateTime(token.createdAt)}>
                    {formatDate(token.createdAt)}
                  </time>
                  {token.createdBy && <div className="muted">by {token.createdBy.name}</div>}
                </td>
                <td data-label="Last used">
                  {token.lastUsedAt ? (
                    <time dateTime={token.lastUsedAt} title={formatDateTime(token.lastUsedAt)}>
                      {formatRelative(token.lastUsedAt, now)}
                    </time>
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
                <td data-label="Expires">
                  <ExpiryDate expiresAt={token.expiresAt} now={now} />
                </td>
                <td className="data-table-actions">
                  {token.revokedAt ? (
                    <span className="badge" title={formatDateTime(token.revokedAt)}>
                      Revoked {formatDate(token.revokedAt)}
                    </span>
                  ) : (
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => setPending(token)}
                      aria-label={`Revoke ${token.name}`}
                    >
                      Revoke
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {creating && (
        <NewTokenDialog
          agent={agent}
          onClose={() => setCreating(false)}
          onCreated={(result) => {
            setCreating(false);
            setCreated(result);
          }}
        />
      )}
      <SecretDialog
        secret={created?.secret ?? null}
        title={created ? `Copy the token “${created.name}”` : ''}
        label={`Token for ${agent.name}`}
        onClose={() => setCreated(null)}
      >
        <p className="muted">
          Run the reference runner with it: <code>npm run agent -- --token {created?.prefix}…</code>. Revoke it here at
          any time.
        </p>
      </SecretDialog>
      <ConfirmDialog
        open={pending !== null}
        title={`Revoke “${pending?.name ?? ''}”?`}
        description={`A runner using this token can no longer act as ${agent.name}. This cannot be undone.`}
        confirmLabel="Revoke token"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) revoke.mutate(pending);
          setPending(null);
          // After the dialog has closed and handed focus back.
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </section>
  );
}
