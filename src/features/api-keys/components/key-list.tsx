import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { ApiKey } from '@/api';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, DataTable, ExpiryDate, useNow } from '@/ui';
import { useRevokeApiKey } from '../mutations';
import { apiKeyQueries } from '../queries';

/** The user's keys with a revoke action (confirmed first). */
export function KeyList() {
  const keys = useSuspenseQuery(apiKeyQueries.list()).data;
  const revoke = useRevokeApiKey();
  const now = useNow();
  const [pending, setPending] = useState<ApiKey | null>(null);
  // Where focus goes after a revoke: the row's own button is about to disappear.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <h2 id="key-list-heading" ref={heading} tabIndex={-1} style={{ marginBottom: 12 }}>
        Your keys
      </h2>
      {keys.length === 0 ? (
        <p className="muted">You have no API keys.</p>
      ) : (
        <DataTable aria-labelledby="key-list-heading">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Scope</th>
              <th scope="col">Created</th>
              <th scope="col">Expires</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id}>
                <td>
                  <strong>{key.name}</strong>
                  <div className="muted mono">{key.prefix}…</div>
                </td>
                <td data-label="Scope">
                  <span className="badge" data-tone={key.scope === 'write' ? 'accent' : undefined}>
                    {key.scope === 'write' ? 'Write' : 'Read'}
                  </span>
                </td>
                <td data-label="Created">
                  <time dateTime={key.createdAt} title={formatDateTime(key.createdAt)}>
                    {formatDate(key.createdAt)}
                  </time>
                </td>
                <td data-label="Expires">
                  <ExpiryDate expiresAt={key.expiresAt} expired={key.expired} now={now} />
                </td>
                <td data-label="Last used">
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt} title={formatDateTime(key.lastUsedAt)}>
                      {formatRelative(key.lastUsedAt)}
                    </time>
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
                <td className="data-table-actions">
                  <Button
                    size="small"
                    variant="ghost"
                    onClick={() => setPending(key)}
                    aria-label={`Revoke ${key.name}`}
                  >
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={`Revoke “${pending?.name ?? ''}”?`}
        description="Anything using this key stops working immediately. This cannot be undone."
        confirmLabel="Revoke key"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) revoke.mutate(pending);
          setPending(null);
          // After the dialog has closed and handed focus back.
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </>
  );
}
