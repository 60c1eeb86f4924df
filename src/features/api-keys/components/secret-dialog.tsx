import type { CreatedApiKey } from '@/api';
import { SecretDialog as CredentialSecretDialog } from '@/ui';

/** Shows a new key's secret, the only time it can be seen. */
export function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <CredentialSecretDialog
      secret={created?.secret ?? null}
      title={created ? `Copy your new key “${created.name}”` : ''}
      label={`API key (${created?.scope === 'read' ? 'read only' : 'read and write'})`}
      onClose={onClose}
    >
      <p className="muted">
        Send it as <code>Authorization: Bearer {created?.prefix}…</code>. You can revoke it here at any time.
      </p>
    </CredentialSecretDialog>
  );
}
