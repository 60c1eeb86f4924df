import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { errorMessage, type Agent, type IntegrationGrantWithConnection } from '@/api';
import { useMe } from '@/features/auth';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, ExpiryDate, QueryNotice, useNow } from '@/ui';
import { canManageGrant, canRevokeGrant } from '../access';
import { useAgentGrantsLive } from '../live';
import { useRevokeGrant } from '../mutations';
import { integrationQueries } from '../queries';
import { ConstraintsDialog } from './constraints-dialog';
import { ConstraintsView } from './constraints-view';
import { GrantDialog } from './grant-dialog';
import { ConnectionStatusBadge, GrantStatusBadge, providerName, scopeLabels } from './integration-bits';
import './integrations.css';

/**
 * The agent page's Integrations section: the connections granted to the agent, with their scope,
 * tools, constraints, expiry and status. Admins and the agent's responsible person grant, edit
 * constraints and revoke.
 */
export function AgentIntegrations({ agent }: { agent: Agent }) {
  useAgentGrantsLive(agent.id);
  const me = useMe();
  const grants = useQuery(integrationQueries.grants(agent.id));
  const providers = useQuery(integrationQueries.providers());
  // Who may change a grant depends on whose its connection is (and the grant dialog lists them).
  const connections = useQuery({ ...integrationQueries.connections(), enabled: agent.canManage });
  const revoke = useRevokeGrant(agent.id);
  const now = useNow();
  const [granting, setGranting] = useState(false);
  const [editing, setEditing] = useState<IntegrationGrantWithConnection | null>(null);
  const [pending, setPending] = useState<IntegrationGrantWithConnection | null>(null);
  // Where focus goes after a revoke: the grant's buttons are about to disappear.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section id="integrations" className="card stack" aria-labelledby="agent-integrations-heading">
      <div className="integration-section-header">
        <h2 id="agent-integrations-heading" ref={heading} tabIndex={-1}>
          Integrations
        </h2>
        {agent.canManage && grants.isSuccess && (
          <Button size="small" onClick={() => setGranting(true)}>
            Grant a connection…
          </Button>
        )}
      </div>
      <p className="muted">
        The tools {agent.name} may use, with the credentials of a connection from Settings → Integrations.
      </p>
      {grants.isPending ? (
        <QueryNotice status="loading" label="Loading integrations…" />
      ) : grants.isError ? (
        <QueryNotice status="error" message={errorMessage(grants.error)} onRetry={() => void grants.refetch()} />
      ) : grants.data.length === 0 ? (
        <p className="muted">{agent.name} has no connections granted.</p>
      ) : (
        <ul className="grant-list" aria-labelledby="agent-integrations-heading">
          {grants.data.map((grant) => {
            const titleId = `grant-${grant.id}-title`;
            const manageable = canManageGrant(me, agent, grant, connections.data);
            const revocable = canRevokeGrant(me, agent, grant, connections.data);
            return (
              <li key={grant.id} className="grant" aria-labelledby={titleId}>
                <div className="grant-header">
                  <div>
                    <h3 id={titleId} className="grant-title">
                      {grant.connection.displayName}
                    </h3>
                    <div className="muted">
                      {providerName(providers.data, grant.connection.providerKey)}
                      {grant.connection.status !== 'active' && (
                        <>
                          {' · connection '}
                          <ConnectionStatusBadge status={grant.connection.status} />
                        </>
                      )}
                    </div>
                  </div>
                  <GrantStatusBadge status={grant.status} />
                  {revocable && (
                    <span className="integration-actions">
                      {manageable && (
                        <Button
                          size="small"
                          variant="ghost"
                          onClick={() => setEditing(grant)}
                          aria-label={`Edit constraints of ${grant.connection.displayName}`}
                        >
                          Edit constraints
                        </Button>
                      )}
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => setPending(grant)}
                        aria-label={`Revoke ${grant.connection.displayName}`}
                      >
                        Revoke
                      </Button>
                    </span>
                  )}
                </div>
                <dl className="grant-facts">
                  <dt>Scope</dt>
                  <dd>{scopeLabels[grant.scope]}</dd>
                  <dt>Allowed tools</dt>
                  <dd>
                    {grant.allowedTools.length === 0 ? (
                      <span className="muted">All tools</span>
                    ) : (
                      <ul className="tool-chips" aria-label="Allowed tools">
                        {grant.allowedTools.map((tool) => (
                          <li key={tool} className="tool-chip mono">
                            {tool}
                          </li>
                        ))}
                      </ul>
                    )}
                  </dd>
                  <dt>Constraints</dt>
                  <dd>
                    <ConstraintsView constraints={grant.constraints} />
                  </dd>
                  <dt>Expires</dt>
                  <dd>
                    <ExpiryDate expiresAt={grant.expiresAt} expired={grant.status === 'expired'} now={now} />
                  </dd>
                  <dt>Last used</dt>
                  <dd>
                    {grant.lastUsedAt ? (
                      <time dateTime={grant.lastUsedAt} title={formatDateTime(grant.lastUsedAt)}>
                        {formatRelative(grant.lastUsedAt, now)}
                      </time>
                    ) : (
                      <span className="muted">Never</span>
                    )}
                  </dd>
                </dl>
              </li>
            );
          })}
        </ul>
      )}
      {granting && grants.data && (
        <GrantDialog agent={agent} me={me} grants={grants.data} onClose={() => setGranting(false)} />
      )}
      {editing && <ConstraintsDialog agentId={agent.id} grant={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={`Revoke ${pending?.connection.displayName ?? ''}?`}
        description={`${agent.name} can no longer fetch its credentials. The connection itself stays.`}
        confirmLabel="Revoke access"
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
