import { Suspense, useState } from 'react';
import type { CreatedApiKey, Me } from '@/api';
import { QueryNotice } from '@/ui';
import { CreateKeyForm } from './create-key-form';
import { KeyList } from './key-list';
import { McpConnect } from './mcp-connect';
import { SecretDialog } from './secret-dialog';

/** Settings → API keys: create (admins), the secret shown once, the list with revoke, connecting an MCP client. */
export function ApiKeysPanel({ me }: { me: Me }) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  return (
    <div className="stack" style={{ gap: 24 }}>
      <p className="muted">
        Scripts and integrations send a key as <code>Authorization: Bearer aik_…</code>. What they can call is in the{' '}
        {/* Served by the API server from the contract, outside the app's router: a plain link. */}
        <a href="/api/docs">API reference</a>.
      </p>
      <section className="card">
        {me.permissions.manageApiKeys ? (
          <CreateKeyForm onCreated={setCreated} />
        ) : (
          <div className="stack" style={{ gap: 8 }}>
            <h2>Creating API keys</h2>
            <p className="muted">
              {me.company
                ? `Only admins of ${me.company.name} can create API keys. Ask an admin if a script or integration needs one.`
                : 'API keys belong to a company, and you are not a member of one.'}
            </p>
          </div>
        )}
      </section>
      <section className="card">
        <Suspense fallback={<QueryNotice status="loading" label="Loading keys…" />}>
          <KeyList />
        </Suspense>
      </section>
      <McpConnect />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </div>
  );
}
