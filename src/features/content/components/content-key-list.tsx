import { useSuspenseQuery } from '@tanstack/react-query';
import { CredentialTable } from '@/features/credentials';
import { useRevokeContentKey } from '../mutations';
import { contentQueries } from '../queries';

/** The company's content keys, revoked ones included, with Revoke (confirmed first). */
export function ContentKeyList() {
  const keys = useSuspenseQuery(contentQueries.keys()).data;
  const revoke = useRevokeContentKey();

  return (
    <>
      <h2 id="content-key-list-heading" tabIndex={-1} style={{ marginBottom: 12 }}>
        Content keys
      </h2>
      <CredentialTable
        credentials={keys}
        labelledBy="content-key-list-heading"
        empty={
          <p className="muted">No content keys yet. Create one for each site that shows your published content.</p>
        }
        createdBy={(key) => key.createdByName}
        showStatus
        confirmLabel="Revoke key"
        consequence="Sites using this key can no longer read your content (401)."
        onRevoke={(key) => revoke.mutate(key)}
      />
    </>
  );
}
