import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { Me } from '@/api';
import { Button, ChoiceGroup, Dialog, FormError, QueryNotice, SelectField, TextField } from '@/ui';
import { endOfDay, formErrors } from '../forms';
import { useConnect } from '../mutations';
import { integrationQueries } from '../queries';
import { CredentialFields, credentialPaths, credentialsComplete, credentialsFor } from './credential-fields';
import { ExpiryDateField } from './integration-bits';

const NAME_MAX = 80;
const FIELDS = ['providerKey', 'displayName', 'ownership', 'expiresAt', 'credentials'] as const;

/**
 * "Connect…": a provider, its credentials, a name, whose it is (admins choose; members connect
 * personal ones only) and an optional expiry. The server's refusals show beside their fields;
 * what was typed stays.
 */
export function ConnectDialog({ me, onClose }: { me: Me; onClose: () => void }) {
  const providers = useQuery(integrationQueries.providers());
  const connect = useConnect();
  const [providerKey, setProviderKey] = useState('');
  const [credentials, setCredentials] = useState<Record<string, string>>({});
  const [displayName, setDisplayName] = useState('');
  const [ownership, setOwnership] = useState<'company' | 'personal'>(
    me.permissions.manageIntegrations ? 'company' : 'personal',
  );
  const [expiry, setExpiry] = useState('');
  const provider = providers.data?.find((item) => item.key === providerKey);
  // Credential paths first: `credentials.token` is the token field, `credentials` alone the fieldset.
  const errors = formErrors(connect.error, [...credentialPaths(provider), ...FIELDS]);
  const ready = Boolean(provider) && displayName.trim() !== '' && credentialsComplete(provider!, credentials);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (!provider || !ready) return;
    const expiresAt = endOfDay(expiry);
    connect.mutate(
      {
        providerKey: provider.key,
        displayName: displayName.trim(),
        credentials: credentialsFor(provider, credentials),
        ownership,
        ...(expiresAt && { expiresAt }),
      },
      { onSuccess: onClose },
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      size="wide"
      title="Connect a tool"
      description="The credentials are stored encrypted and never shown again. Agents use them only through a grant."
    >
      {providers.isPending ? (
        <QueryNotice status="loading" label="Loading providers…" />
      ) : providers.isError ? (
        <QueryNotice status="error" message="Could not load the providers." onRetry={() => void providers.refetch()} />
      ) : (
        <form className="stack" onSubmit={handleSubmit} noValidate>
          {errors.form && <FormError message={errors.form} />}
          <SelectField
            label="Provider"
            description={provider?.description}
            value={providerKey}
            onChange={(event) => setProviderKey(event.target.value)}
            error={errors.fields.providerKey}
          >
            <option value="">Choose…</option>
            {providers.data.map((item) => (
              <option key={item.key} value={item.key}>
                {item.name}
              </option>
            ))}
          </SelectField>
          {provider && (
            <CredentialFields
              provider={provider}
              values={credentials}
              onChange={(name, value) => setCredentials((previous) => ({ ...previous, [name]: value }))}
              errors={errors.fields}
            />
          )}
          {errors.fields.credentials && <p className="field-error">{errors.fields.credentials}</p>}
          <TextField
            label="Display name"
            description="How people and agents recognise it, e.g. “GitHub (acme org)”."
            required
            maxLength={NAME_MAX}
            showCounter
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
            error={errors.fields.displayName}
          />
          {me.permissions.manageIntegrations ? (
            <ChoiceGroup
              legend="Ownership"
              name="ownership"
              value={ownership}
              onChange={setOwnership}
              options={[
                { value: 'company', title: 'Company', description: 'managed by admins, seen by every member' },
                { value: 'personal', title: 'Personal', description: 'yours alone' },
              ]}
            />
          ) : (
            <p className="muted">
              It will be your personal connection: only you see it, and you may grant it to agents you are responsible
              for.
            </p>
          )}
          {errors.fields.ownership && <p className="field-error">{errors.fields.ownership}</p>}
          <ExpiryDateField value={expiry} onChange={setExpiry} error={errors.fields.expiresAt} />
          <div className="dialog-actions">
            <Button onClick={onClose}>Cancel</Button>
            <Button type="submit" variant="primary" busy={connect.isPending} disabled={!ready}>
              Connect
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
