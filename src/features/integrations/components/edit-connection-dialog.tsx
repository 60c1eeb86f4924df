import { useEditBase } from '@/api';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { IntegrationConnection, UpdateIntegrationConnection } from '@/api';
import { Button, ChoiceGroup, Dialog, FormError, TextAreaField, TextField } from '@/ui';
import { dateInputValue, endOfDay, formErrors } from '../forms';
import { useUpdateConnection } from '../mutations';
import { integrationQueries } from '../queries';
import { CredentialFields, credentialPaths, credentialsComplete, credentialsFor } from './credential-fields';
import { ExpiryDateField } from './integration-bits';

const NAME_MAX = 80;
const MESSAGE_MAX = 500;
const FIELDS = ['displayName', 'status', 'statusMessage', 'expiresAt', 'credentials'] as const;

type Health = 'active' | 'error';

/**
 * Edit a connection: rename it, replace its credentials (which makes it active again), mark it
 * in error with a message or active again, change its expiry. Only what changed is sent.
 */
export function EditConnectionDialog({
  connection,
  onClose,
}: {
  connection: IntegrationConnection;
  onClose: () => void;
}) {
  const providers = useQuery(integrationQueries.providers());
  const provider = providers.data?.find((item) => item.key === connection.providerKey);
  const update = useUpdateConnection(connection.id);
  // The name is compared with the one the dialog was opened on, and sent on that version.
  const [openedName] = useState(connection.displayName);
  const [base, adopt] = useEditBase(connection.version);
  const initialHealth: Health = connection.status === 'error' ? 'error' : 'active';
  const [displayName, setDisplayName] = useState(connection.displayName);
  const [replacing, setReplacing] = useState(false);
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [health, setHealth] = useState<Health>(initialHealth);
  const [statusMessage, setStatusMessage] = useState(connection.statusMessage ?? '');
  const [expiry, setExpiry] = useState(dateInputValue(connection.expiresAt));
  const errors = formErrors(update.error, [...credentialPaths(provider), ...FIELDS]);
  const credentialsReady = !replacing || (provider !== undefined && credentialsComplete(provider, credentials));
  const ready = displayName.trim() !== '' && credentialsReady && (health === 'active' || statusMessage.trim() !== '');

  function changes(): UpdateIntegrationConnection {
    const body: UpdateIntegrationConnection = {};
    if (displayName.trim() !== openedName) body.displayName = displayName.trim();
    if (replacing && provider) body.credentials = credentialsFor(provider, credentials);
    const message = statusMessage.trim();
    if (health === 'error') {
      if (connection.status !== 'error') body.status = 'error';
      if (message !== (connection.statusMessage ?? '')) body.statusMessage = message;
    } else if (connection.status === 'error' && !body.credentials) {
      // New credentials make it active on their own.
      body.status = 'active';
      body.statusMessage = null;
    }
    if (expiry !== dateInputValue(connection.expiresAt)) body.expiresAt = expiry ? (endOfDay(expiry) ?? null) : null;
    return body;
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    const body = changes();
    if (Object.keys(body).length === 0) return onClose();
    update.mutate({ ...body, baseVersion: base }, { onSuccess: onClose, onError: adopt });
  }

  return (
    <Dialog open onClose={onClose} size="wide" title={`Edit ${connection.displayName}`}>
      <form className="stack" onSubmit={handleSubmit} noValidate>
        {errors.form && <FormError message={errors.form} />}
        <TextField
          label="Display name"
          required
          maxLength={NAME_MAX}
          showCounter
          value={displayName}
          onChange={(event) => setDisplayName(event.target.value)}
          error={errors.fields.displayName}
        />
        <label className="choice">
          <input type="checkbox" checked={replacing} onChange={(event) => setReplacing(event.target.checked)} />
          <span>
            <span className="choice-title">Replace the credentials</span>
            <span className="field-description"> — all of them; the connection becomes active again</span>
          </span>
        </label>
        {replacing && provider && (
          <CredentialFields
            provider={provider}
            values={credentials}
            onChange={(name, value) => setCredentials((previous) => ({ ...previous, [name]: value }))}
            errors={errors.fields}
          />
        )}
        {errors.fields.credentials && <p className="field-error">{errors.fields.credentials}</p>}
        <ChoiceGroup
          legend="Status"
          name="connection-health"
          value={health}
          onChange={setHealth}
          options={[
            { value: 'active', title: 'Active', description: 'agents granted it may use it' },
            { value: 'error', title: 'Error', description: 'the tool refuses it; grants stop applying' },
          ]}
        />
        {errors.fields.status && <p className="field-error">{errors.fields.status}</p>}
        {health === 'error' && (
          <TextAreaField
            label="What is wrong"
            description="Shown beside its status, e.g. “Token revoked on GitHub”."
            required
            rows={2}
            maxLength={MESSAGE_MAX}
            showCounter
            value={statusMessage}
            onChange={(event) => setStatusMessage(event.target.value)}
            error={errors.fields.statusMessage}
          />
        )}
        <ExpiryDateField
          value={expiry}
          onChange={setExpiry}
          error={errors.fields.expiresAt}
          description="Empty: it never expires."
        />
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={update.isPending} disabled={!ready}>
            Save changes
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
