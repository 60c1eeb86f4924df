import { useState } from 'react';
import type { CreatedApiKey } from '@/api';
import { Button, CopyButton, Dialog } from '@/ui';

/** Shows a new key's secret, the only time it can be seen. */
export function SecretDialog({ created, onClose }: { created: CreatedApiKey | null; onClose: () => void }) {
  return (
    <Dialog
      open={created !== null}
      onClose={onClose}
      size="wide"
      title={created ? `Copy your new key “${created.name}”` : ''}
      description="This is the only time the key is shown. Store it somewhere safe, such as a password manager or your CI's secret store."
    >
      {created && <SecretDetails key={created.id} created={created} onClose={onClose} />}
    </Dialog>
  );
}

/** Keyed by the key's id, so a copy failure of one key is not shown for the next. */
function SecretDetails({ created, onClose }: { created: CreatedApiKey; onClose: () => void }) {
  const [copyFailed, setCopyFailed] = useState(false);
  return (
    <div className="stack">
      <div className="field">
        <label className="field-label" htmlFor="new-api-key-secret">
          API key ({created.scope === 'read' ? 'read only' : 'read and write'})
        </label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <input
            id="new-api-key-secret"
            className="input mono"
            readOnly
            value={created.secret}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={created.secret} variant="primary" onCopyFailed={() => setCopyFailed(true)} />
        </div>
        {copyFailed && <p className="field-error">Copying was blocked. Select the key and copy it by hand.</p>}
      </div>
      <p className="muted">
        Send it as <code>Authorization: Bearer {created.prefix}…</code>. You can revoke it here at any time.
      </p>
      <div className="dialog-actions">
        <Button onClick={onClose}>I have stored it</Button>
      </div>
    </div>
  );
}
