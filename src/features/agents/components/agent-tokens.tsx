import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, type Agent, type CreatedAgentToken } from '@/api';
import { CredentialTable } from '@/features/credentials';
import { Button, QueryNotice, SecretDialog } from '@/ui';
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

  return (
    <section className="card stack" aria-labelledby="agent-tokens-heading">
      <div className="agent-section-header">
        <h2 id="agent-tokens-heading" tabIndex={-1}>
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
      ) : (
        <CredentialTable
          credentials={tokens.data}
          labelledBy="agent-tokens-heading"
          empty={<p className="muted">{agent.name} has no tokens yet.</p>}
          createdBy={(token) => token.createdBy?.name}
          showExpiry
          showStatus
          confirmLabel="Revoke token"
          consequence={`A runner using this token can no longer act as ${agent.name}.`}
          onRevoke={(token) => revoke.mutate(token)}
        />
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
    </section>
  );
}
