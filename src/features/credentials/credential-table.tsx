import { useState, type ReactNode } from 'react';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, DataTable, ExpiryDate, useNow } from '@/ui';

/** What every credential list shows of a credential (API key, agent token, content key). */
export type Credential = {
  id: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  /** Set once revoked: the row stays, says so and has no Revoke. */
  revokedAt?: string | null;
  expiresAt?: string | null;
  /** The server's own verdict, where it gives one (API keys). */
  expired?: boolean;
};

/** A column a list adds after the name (an API key's scope). */
export type CredentialColumn<T> = { header: string; cell: (credential: T) => ReactNode };

type CredentialTableProps<T extends Credential> = {
  credentials: readonly T[];
  /** The id of the heading that names the table; it takes the focus after a revoke. */
  labelledBy: string;
  /** Shown instead of the table when there is nothing. */
  empty: ReactNode;
  extraColumns?: readonly CredentialColumn<T>[];
  /** Who created it, under the date, where the list knows. */
  createdBy?: (credential: T) => string | null | undefined;
  /** An Expires column (lists whose credentials can expire). */
  showExpiry?: boolean;
  /** A Status column (Live or Revoked), for lists that keep revoked credentials. */
  showStatus?: boolean;
  /** The confirmation's button ("Revoke key") and what revoking breaks. */
  confirmLabel: string;
  consequence: string;
  /** Revokes (an optimistic mutation: see `useRevokeCredential`). */
  onRevoke: (credential: T) => void;
};

/**
 * A table of credentials: name and prefix, created, last used, expiry and status where they
 * apply, and Revoke behind a confirmation. After a revoke the focus goes to the heading, since
 * the row's own button is about to disappear.
 */
export function CredentialTable<T extends Credential>({
  credentials,
  labelledBy,
  empty,
  extraColumns = [],
  createdBy,
  showExpiry = false,
  showStatus = false,
  confirmLabel,
  consequence,
  onRevoke,
}: CredentialTableProps<T>) {
  const now = useNow();
  const [pending, setPending] = useState<T | null>(null);

  return (
    <>
      {credentials.length === 0 ? (
        empty
      ) : (
        <DataTable aria-labelledby={labelledBy}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              {extraColumns.map((column) => (
                <th key={column.header} scope="col">
                  {column.header}
                </th>
              ))}
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              {showExpiry && <th scope="col">Expires</th>}
              {showStatus && <th scope="col">Status</th>}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {credentials.map((credential) => {
              const author = createdBy?.(credential);
              return (
                <tr key={credential.id} data-revoked={credential.revokedAt ? true : undefined}>
                  <td>
                    <strong>{credential.name}</strong>
                    <div className="muted mono">{credential.prefix}…</div>
                  </td>
                  {extraColumns.map((column) => (
                    <td key={column.header} data-label={column.header}>
                      {column.cell(credential)}
                    </td>
                  ))}
                  <td data-label="Created">
                    <time dateTime={credential.createdAt} title={formatDateTime(credential.createdAt)}>
                      {formatDate(credential.createdAt)}
                    </time>
                    {author && <div className="muted">by {author}</div>}
                  </td>
                  <td data-label="Last used">
                    {credential.lastUsedAt ? (
                      <time dateTime={credential.lastUsedAt} title={formatDateTime(credential.lastUsedAt)}>
                        {formatRelative(credential.lastUsedAt, now)}
                      </time>
                    ) : (
                      <span className="muted">Never</span>
                    )}
                  </td>
                  {showExpiry && (
                    <td data-label="Expires">
                      <ExpiryDate expiresAt={credential.expiresAt ?? null} expired={credential.expired} now={now} />
                    </td>
                  )}
                  {showStatus && (
                    <td data-label="Status">
                      <CredentialStatus revokedAt={credential.revokedAt ?? null} />
                    </td>
                  )}
                  <td className="data-table-actions">
                    {!credential.revokedAt && (
                      <Button
                        size="small"
                        variant="ghost"
                        onClick={() => setPending(credential)}
                        aria-label={`Revoke ${credential.name}`}
                      >
                        Revoke
                      </Button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      )}
      <ConfirmDialog
        open={pending !== null}
        title={`Revoke “${pending?.name ?? ''}”?`}
        description={`${consequence} This cannot be undone.`}
        confirmLabel={confirmLabel}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) onRevoke(pending);
          setPending(null);
          // After the dialog has closed and handed focus back.
          requestAnimationFrame(() => document.getElementById(labelledBy)?.focus());
        }}
      />
    </>
  );
}

function CredentialStatus({ revokedAt }: { revokedAt: string | null }) {
  if (!revokedAt) {
    return (
      <span className="badge" data-tone="success">
        Live
      </span>
    );
  }
  return (
    <span className="badge" data-tone="danger">
      Revoked{' '}
      <time dateTime={revokedAt} title={formatDateTime(revokedAt)}>
        {formatDate(revokedAt)}
      </time>
    </span>
  );
}
