import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorMessage, type Agent, type CreatedWebhookEndpoint, type WebhookEndpoint } from '@/api';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, CopyButton, QueryNotice, SecretDialog, useNow } from '@/ui';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { useWebhooksLive } from '../live';
import { useRevokeWebhook, useRotateWebhook } from '../mutations';
import { automationQueries } from '../queries';
import { EndpointStatusBadge } from './automation-bits';
import { NewWebhookDialog } from './new-webhook-dialog';
import { SigningHelp } from './signing-help';
import { WebhookDeliveries } from './webhook-deliveries';
import './automation.css';

/**
 * The agent's webhook endpoints (every member reads them): name, URL, secret prefix, status and
 * last delivery. Admins and the responsible person (`agent.canManage`) create one (its secret
 * shown once, with how to sign), rotate its secret, revoke it, and read its deliveries, which
 * arrive live.
 */
export function AgentWebhooks({ agent }: { agent: Agent }) {
  const endpoints = useQuery(automationQueries.webhooks(agent.id));
  useWebhooksLive(agent.id);
  useScrollToHash('webhooks', !endpoints.isPending);
  const rotate = useRotateWebhook(agent.id);
  const revoke = useRevokeWebhook(agent.id);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ endpoint: CreatedWebhookEndpoint; rotated: boolean } | null>(null);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);
  const [revoking, setRevoking] = useState<WebhookEndpoint | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section id="webhooks" className="card stack" aria-labelledby="agent-webhooks-heading">
      <div className="automation-section-header">
        <h2 id="agent-webhooks-heading" ref={heading} tabIndex={-1}>
          Webhooks
        </h2>
        {agent.canManage && (
          <Button size="small" onClick={() => setCreating(true)}>
            New webhook…
          </Button>
        )}
      </div>
      <p className="muted">
        Outside systems (CI, monitoring, forms) POST signed JSON to a webhook’s URL, and {agent.name} gets each
        delivery.
      </p>
      {agent.canManage && (
        <details className="automation-help">
          <summary>How to sign a delivery</summary>
          <SigningHelp
            url={endpoints.data?.find((endpoint) => endpoint.status === 'active')?.url ?? 'https://…/api/hooks/<id>'}
          />
        </details>
      )}
      {endpoints.isPending ? (
        <QueryNotice status="loading" label="Loading webhooks…" />
      ) : endpoints.isError ? (
        <QueryNotice status="error" message={errorMessage(endpoints.error)} onRetry={() => void endpoints.refetch()} />
      ) : endpoints.data.length === 0 ? (
        <p className="muted">{agent.name} has no webhooks yet.</p>
      ) : (
        <ul className="automation-list" aria-labelledby="agent-webhooks-heading">
          {endpoints.data.map((endpoint) => (
            <EndpointItem
              key={endpoint.id}
              agent={agent}
              endpoint={endpoint}
              onRotate={() => setRotating(endpoint)}
              onRevoke={() => setRevoking(endpoint)}
            />
          ))}
        </ul>
      )}
      {creating && (
        <NewWebhookDialog
          agent={agent}
          onClose={() => setCreating(false)}
          onCreated={(created) => {
            setCreating(false);
            setSecret({ endpoint: created, rotated: false });
          }}
        />
      )}
      <SecretDialog
        secret={secret?.endpoint.secret ?? null}
        title={
          secret
            ? secret.rotated
              ? `Copy the new secret of “${secret.endpoint.name}”`
              : `Copy the secret of “${secret.endpoint.name}”`
            : ''
        }
        label={secret ? `Signing secret for ${secret.endpoint.name}` : ''}
        onClose={() => setSecret(null)}
      >
        {secret && (
          <>
            {secret.rotated && <p className="muted">The old secret no longer works: update the sender.</p>}
            <p className="muted">
              Deliveries go to <code className="automation-url">{secret.endpoint.url}</code>
            </p>
            <SigningHelp url={secret.endpoint.url} />
          </>
        )}
      </SecretDialog>
      <ConfirmDialog
        open={rotating !== null}
        tone="primary"
        title={`Rotate the secret of “${rotating?.name ?? ''}”?`}
        description="The current secret stops working at once: deliveries signed with it are refused until the sender uses the new one."
        confirmLabel="Rotate secret"
        onCancel={() => setRotating(null)}
        onConfirm={() => {
          if (rotating)
            rotate.mutate(rotating, { onSuccess: (rotated) => setSecret({ endpoint: rotated, rotated: true }) });
          setRotating(null);
        }}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke “${revoking?.name ?? ''}”?`}
        description={`Deliveries to its URL are refused from now on, and ${agent.name} gets nothing more from it. This cannot be undone.`}
        confirmLabel="Revoke webhook"
        onCancel={() => setRevoking(null)}
        onConfirm={() => {
          if (revoking) revoke.mutate(revoking);
          setRevoking(null);
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </section>
  );
}

function EndpointItem({
  agent,
  endpoint,
  onRotate,
  onRevoke,
}: {
  agent: Agent;
  endpoint: WebhookEndpoint;
  onRotate: () => void;
  onRevoke: () => void;
}) {
  const [open, setOpen] = useState(false);
  const now = useNow();
  const id = useId();
  const nameId = `${id}-name`;
  const deliveriesId = `${id}-deliveries`;
  const active = endpoint.status === 'active';

  return (
    <li className="automation-item" aria-labelledby={nameId} data-disabled={active ? undefined : 'true'}>
      <div className="automation-item-header">
        <h3 id={nameId} className="automation-item-name">
          {endpoint.name}
        </h3>
        <EndpointStatusBadge status={endpoint.status} />
      </div>
      <div className="row automation-url-row">
        <code className="automation-url">{endpoint.url}</code>
        {active && (
          <CopyButton
            size="small"
            value={endpoint.url}
            label="Copy URL"
            aria-label={`Copy the URL of ${endpoint.name}`}
          />
        )}
      </div>
      <dl className="automation-facts">
        <dt>Secret</dt>
        <dd className="mono">{endpoint.secretPrefix}…</dd>
        <dt>Last delivery</dt>
        <dd>
          {endpoint.lastDeliveryAt ? (
            <time dateTime={endpoint.lastDeliveryAt} title={formatDateTime(endpoint.lastDeliveryAt)}>
              {formatRelative(endpoint.lastDeliveryAt, now)}
            </time>
          ) : (
            <span className="muted">None yet</span>
          )}
        </dd>
        <dt>{endpoint.revokedAt ? 'Revoked' : endpoint.rotatedAt ? 'Secret rotated' : 'Created'}</dt>
        <dd>
          {(() => {
            const at = endpoint.revokedAt ?? endpoint.rotatedAt ?? endpoint.createdAt;
            return (
              <time dateTime={at} title={formatDateTime(at)}>
                {formatDate(at)}
              </time>
            );
          })()}
        </dd>
      </dl>
      {agent.canManage && (
        <div className="row automation-actions">
          <Button
            size="small"
            variant="ghost"
            aria-expanded={open}
            aria-controls={open ? deliveriesId : undefined}
            aria-label={`Deliveries to ${endpoint.name}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide deliveries' : 'Deliveries'}
          </Button>
          {active && (
            <>
              <Button size="small" aria-label={`Rotate the secret of ${endpoint.name}`} onClick={onRotate}>
                Rotate secret…
              </Button>
              <Button size="small" variant="ghost" aria-label={`Revoke ${endpoint.name}`} onClick={onRevoke}>
                Revoke…
              </Button>
            </>
          )}
        </div>
      )}
      {agent.canManage && open && <WebhookDeliveries endpoint={endpoint} id={deliveriesId} />}
    </li>
  );
}
