import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, type WebhookDelivery, type WebhookEndpoint } from '@/api';
import { formatDateTime } from '@/lib/format';
import { Button, CopyButton, DataTable, Dialog, PagedList } from '@/ui';
import { formatBytes, prettyPayload } from '../format';
import { useRedeliver } from '../mutations';
import { automationQueries, uniqueById } from '../queries';
import { DeliveryStatusBadge, RunStatusBadge } from './automation-bits';

/**
 * An endpoint's deliveries, newest first, 20 at a time (admins and the responsible person: the
 * payloads may be sensitive): when, status, size, attempts, what the agent reported of it; the
 * payload on demand, and Redeliver.
 */
export function WebhookDeliveries({ endpoint, id }: { endpoint: WebhookEndpoint; id: string }) {
  const query = useInfiniteQuery(automationQueries.deliveries(endpoint.agentId, endpoint.id));
  const redeliver = useRedeliver(endpoint.agentId, endpoint.id);
  const [viewing, setViewing] = useState<WebhookDelivery | null>(null);
  const deliveries = uniqueById<WebhookDelivery>(query.data?.pages);
  const headingId = `${id}-heading`;

  return (
    <div id={id} className="automation-history stack">
      <h4 id={headingId} className="visually-hidden">
        Deliveries to {endpoint.name}
      </h4>
      <PagedList
        query={query}
        items={deliveries}
        errorMessage={errorMessage}
        loadingLabel="Loading deliveries…"
        empty={<p className="muted">No deliveries yet. They show here as they come in.</p>}
      >
        {(deliveries) => (
          <DataTable aria-labelledby={headingId} className="automation-table">
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Status</th>
                <th scope="col">Size</th>
                <th scope="col">Attempts</th>
                <th scope="col">Outcome</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.map((delivery) => {
                const received = formatDateTime(delivery.receivedAt);
                return (
                  <tr key={delivery.id}>
                    <td data-label="Received">
                      <time dateTime={delivery.receivedAt}>{received}</time>
                    </td>
                    <td data-label="Status">
                      <DeliveryStatusBadge status={delivery.status} />
                    </td>
                    <td data-label="Size">{formatBytes(delivery.sizeBytes)}</td>
                    <td data-label="Attempts">{delivery.attempts}</td>
                    <td data-label="Outcome" className="automation-outcome">
                      {delivery.outcomeStatus ? (
                        <>
                          <RunStatusBadge status={delivery.outcomeStatus} /> {delivery.outcome}
                        </>
                      ) : (
                        <span className="muted">Not reported</span>
                      )}
                    </td>
                    <td className="data-table-actions">
                      <div className="row">
                        <Button
                          size="small"
                          variant="ghost"
                          aria-label={`Payload received ${received}`}
                          onClick={() => setViewing(delivery)}
                        >
                          Payload
                        </Button>
                        {endpoint.status === 'active' && (
                          <Button
                            size="small"
                            aria-label={`Redeliver the delivery received ${received}`}
                            busy={redeliver.isPending && redeliver.variables.id === delivery.id}
                            onClick={() => redeliver.mutate(delivery)}
                          >
                            Redeliver
                          </Button>
                        )}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        )}
      </PagedList>
      <PayloadDialog delivery={viewing} onClose={() => setViewing(null)} />
    </div>
  );
}

/** A delivery's JSON body, indented, as text (never rendered as HTML). */
function PayloadDialog({ delivery, onClose }: { delivery: WebhookDelivery | null; onClose: () => void }) {
  const text = delivery ? prettyPayload(delivery.payload) : '';
  return (
    <Dialog
      open={delivery !== null}
      onClose={onClose}
      size="wide"
      title="Payload"
      description={
        delivery
          ? `Received ${formatDateTime(delivery.receivedAt)} · ${formatBytes(delivery.sizeBytes)} · ${delivery.attempts} ${
              delivery.attempts === 1 ? 'attempt' : 'attempts'
            }`
          : undefined
      }
    >
      <pre className="automation-code automation-payload" role="region" tabIndex={0} aria-label="Payload JSON">
        <code>{text}</code>
      </pre>
      <div className="dialog-actions">
        <CopyButton value={text} label="Copy JSON" />
        <Button variant="primary" data-autofocus onClick={onClose}>
          Done
        </Button>
      </div>
    </Dialog>
  );
}
