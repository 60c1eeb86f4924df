import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { errorMessage, type IntegrationConnection, type Me } from '@/api';
import { formatDate, formatDateTime } from '@/lib/format';
import { Button, ConfirmDialog, DataTable, ExpiryDate, QueryNotice, useNow } from '@/ui';
import { canManageConnection } from '../access';
import { useConnectionsLive } from '../live';
import { useDisconnect } from '../mutations';
import { integrationQueries } from '../queries';
import { ConnectDialog } from './connect-dialog';
import { EditConnectionDialog } from './edit-connection-dialog';
import { ConnectionStatusBadge, providerName } from './integration-bits';
import './integrations.css';

/**
 * Settings → Integrations: the company's connections and the caller's personal ones. Admins
 * connect, edit and disconnect company connections; everyone connects and manages their own
 * personal ones. `highlight` (a connection id, from the palette) is scrolled to and marked.
 */
export function ConnectionsPanel({ me, highlight }: { me: Me; highlight?: string }) {
  useConnectionsLive();
  const connections = useQuery(integrationQueries.connections());
  const providers = useQuery(integrationQueries.providers());
  const disconnect = useDisconnect();
  const now = useNow();
  const [connecting, setConnecting] = useState(false);
  const [editing, setEditing] = useState<IntegrationConnection | null>(null);
  const [pending, setPending] = useState<IntegrationConnection | null>(null);
  // Where focus goes after a disconnect: the row's buttons are about to disappear.
  const heading = useRef<HTMLHeadingElement>(null);
  const highlighted = useRef<HTMLTableRowElement>(null);
  const loaded = connections.isSuccess;

  useEffect(() => {
    if (!loaded || !highlight) return;
    const row = highlighted.current;
    row?.scrollIntoView({ block: 'center' });
    row?.focus({ preventScroll: true });
  }, [loaded, highlight]);

  return (
    <div className="stack" style={{ gap: 24 }}>
      <p className="muted">
        A connection holds the credentials of a tool your company uses (GitHub, Slack, …). Agents use a connection only
        when it is granted to them, on the agent’s page, within the scope and constraints of that grant.
      </p>
      <section className="card stack" aria-labelledby="connections-heading">
        <div className="integration-section-header">
          <h2 id="connections-heading" ref={heading} tabIndex={-1}>
            Connections
          </h2>
          {me.company && <Button onClick={() => setConnecting(true)}>Connect…</Button>}
        </div>
        <p className="muted">
          {me.permissions.manageIntegrations
            ? 'Company connections are managed by admins and seen by every member. A personal connection is yours alone.'
            : 'Company connections are managed by admins: you see them here. You may connect your own personal ones, which only you see.'}
        </p>
        {connections.isPending ? (
          <QueryNotice status="loading" label="Loading connections…" />
        ) : connections.isError ? (
          <QueryNotice
            status="error"
            message={errorMessage(connections.error)}
            onRetry={() => void connections.refetch()}
          />
        ) : connections.data.length === 0 ? (
          <p className="muted">No connections yet.</p>
        ) : (
          <DataTable aria-labelledby="connections-heading" className="connections-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Provider</th>
                <th scope="col">Status</th>
                <th scope="col">Ownership</th>
                <th scope="col">Created</th>
                <th scope="col">Expires</th>
                <th scope="col">Agents</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {connections.data.map((connection) => {
                const isHighlighted = connection.id === highlight;
                const manageable = canManageConnection(me, connection);
                return (
                  <tr
                    key={connection.id}
                    ref={isHighlighted ? highlighted : undefined}
                    tabIndex={isHighlighted ? -1 : undefined}
                    aria-current={isHighlighted ? 'true' : undefined}
                    data-highlighted={isHighlighted || undefined}
                    data-revoked={connection.status === 'revoked' || undefined}
                  >
                    <td>
                      <strong>{connection.displayName}</strong>
                    </td>
                    <td data-label="Provider">{providerName(providers.data, connection.providerKey)}</td>
                    <td data-label="Status">
                      <ConnectionStatusBadge status={connection.status} message={connection.statusMessage} />
                    </td>
                    <td data-label="Ownership">{connection.ownership === 'company' ? 'Company' : 'Personal'}</td>
                    <td data-label="Created">
                      <time dateTime={connection.createdAt} title={formatDateTime(connection.createdAt)}>
                        {formatDate(connection.createdAt)}
                      </time>
                      {connection.createdByName && <div className="muted">by {connection.createdByName}</div>}
                    </td>
                    <td data-label="Expires">
                      <ExpiryDate expiresAt={connection.expiresAt} now={now} />
                    </td>
                    <td data-label="Agents">{connection.grantCount}</td>
                    <td className="data-table-actions">
                      {manageable ? (
                        <span className="integration-actions">
                          <Button
                            size="small"
                            variant="ghost"
                            onClick={() => setEditing(connection)}
                            aria-label={`Edit ${connection.displayName}`}
                          >
                            Edit…
                          </Button>
                          <Button
                            size="small"
                            variant="ghost"
                            onClick={() => setPending(connection)}
                            aria-label={`Disconnect ${connection.displayName}`}
                          >
                            Disconnect
                          </Button>
                        </span>
                      ) : connection.status !== 'revoked' && connection.ownership === 'company' ? (
                        <span className="muted">Managed by admins</span>
                      ) : null}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </section>
      {connecting && <ConnectDialog me={me} onClose={() => setConnecting(false)} />}
      {editing && <EditConnectionDialog connection={editing} onClose={() => setEditing(null)} />}
      <ConfirmDialog
        open={pending !== null}
        title={`Disconnect “${pending?.displayName ?? ''}”?`}
        description={
          pending && pending.grantCount > 0
            ? `Its credentials are erased, and the ${pending.grantCount === 1 ? 'agent' : `${pending.grantCount} agents`} granted it can no longer use it. This cannot be undone.`
            : 'Its credentials are erased. This cannot be undone.'
        }
        confirmLabel="Disconnect"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) disconnect.mutate(pending);
          setPending(null);
          // After the dialog has closed and handed focus back.
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </div>
  );
}
