import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, DataTable, useNow } from '@/ui';
import { useRevokeContentKey } from '../mutations';
import { contentQueries, type ContentKey } from '../queries';

/** The company's content keys, revoked ones included, with Revoke (confirmed first). */
export function ContentKeyList() {
  const keys = useSuspenseQuery(contentQueries.keys()).data;
  const revoke = useRevokeContentKey();
  const now = useNow();
  const [pending, setPending] = useState<ContentKey | null>(null);
  // Where focus goes after a revoke: the row's button is about to go.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <>
      <h2 id="content-key-list-heading" ref={heading} tabIndex={-1} style={{ marginBottom: 12 }}>
        Content keys
      </h2>
      {keys.length === 0 ? (
        <p className="muted">No content keys yet. Create one for each site that shows your published content.</p>
      ) : (
        <DataTable aria-labelledby="content-key-list-heading">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {keys.map((key) => (
              <tr key={key.id} data-revoked={key.revokedAt ? true : undefined}>
                <td>
                  <strong>{key.name}</strong>
                  <div className="muted mono">{key.prefix}…</div>
                </td>
                <td data-label="Created">
                  <time dateTime={key.createdAt} title={formatDateTime(key.createdAt)}>
                    {formatDate(key.createdAt)}
                  </time>
                  {key.createdByName && <div className="muted">by {key.createdByName}</div>}
                </td>
                <td data-label="Last used">
                  {key.lastUsedAt ? (
                    <time dateTime={key.lastUsedAt} title={formatDateTime(key.lastUsedAt)}>
                      {formatRelative(key.lastUsedAt, now)}
                    </time>
                  ) : (
                    <span className="muted">Never</span>
                  )}
                </td>
                <td data-label="Status">
                  {key.revokedAt ? (
                    <span className="badge" data-tone="danger">
                      Revoked{' '}
                      <time dateTime={key.revokedAt} title={formatDateTime(key.revokedAt)}>
                        {formatDate(key.revokedAt)}
                      </time>
                    </span>
                  ) : (
                    <span className="badge" data-tone="success">
                      Live
                    </span>
                  )}
                </td>
                <td className="data-table-actions">
                  {!key.revokedAt && (
                    <Button
                      size="small"
                      variant="ghost"
                      onClick={() => setPending(key)}
                      aria-label={`Revoke ${key.name}`}
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
      <ConfirmDialog
        open={pending !== null}
        title={`Revoke “${pending?.name ?? ''}”?`}
        description="Sites using this key can no longer read your content (401). This cannot be undone."
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
