import { useSuspenseQuery } from '@tanstack/react-query';
import type { ApiKey } from '@/api';
import { CredentialTable, type CredentialColumn } from '@/features/credentials';
import { useRevokeApiKey } from '../mutations';
import { apiKeyQueries } from '../queries';

const scopeColumn: CredentialColumn<ApiKey> = {
  header: 'Scope',
  cell: (key) => (
    <span className="badge" data-tone={key.scope === 'write' ? 'accent' : undefined}>
      {key.scope === 'write' ? 'Write' : 'Read'}
    </span>
  ),
};

/** The user's keys with a revoke action (confirmed first). */
export function KeyList() {
  const keys = useSuspenseQuery(apiKeyQueries.list()).data;
  const revoke = useRevokeApiKey();

  return (
    <>
      <h2 id="key-list-heading" tabIndex={-1} style={{ marginBottom: 12 }}>
        Your keys
      </h2>
      <CredentialTable
        credentials={keys}
        labelledBy="key-list-heading"
        empty={<p className="muted">You have no API keys.</p>}
        extraColumns={[scopeColumn]}
        showExpiry
        confirmLabel="Revoke key"
        consequence="Anything using this key stops working immediately."
        onRevoke={(key) => revoke.mutate(key)}
      />
    </>
  );
}
