import type { IntegrationProvider } from '@/api';
import { TextField } from '@/ui';

/**
 * A provider's credential fields: secrets as password inputs (never shown back), optional ones
 * marked. Values are kept by field name, so switching providers and back keeps what was typed.
 */
export function CredentialFields({
  provider,
  values,
  onChange,
  errors,
}: {
  provider: IntegrationProvider;
  values: Record<string, string>;
  onChange: (name: string, value: string) => void;
  /** Refusals by path (`credentials.token`). */
  errors: Record<string, string>;
}) {
  return (
    <fieldset className="integration-fieldset stack">
      <legend className="field-label">{provider.name} credentials</legend>
      {provider.credentialFields.map((field) => (
        <TextField
          key={field.name}
          label={field.optional ? `${field.label} (optional)` : field.label}
          type={field.secret ? 'password' : 'text'}
          autoComplete={field.secret ? 'new-password' : 'off'}
          spellCheck={false}
          required={!field.optional}
          maxLength={8000}
          value={values[field.name] ?? ''}
          onChange={(event) => onChange(field.name, event.target.value)}
          error={errors[`credentials.${field.name}`]}
        />
      ))}
    </fieldset>
  );
}

/** The credentials to send: the provider's fields that were filled in. */
export function credentialsFor(provider: IntegrationProvider, values: Record<string, string>): Record<string, string> {
  const credentials: Record<string, string> = {};
  for (const field of provider.credentialFields) {
    const value = values[field.name] ?? '';
    if (value !== '') credentials[field.name] = value;
  }
  return credentials;
}

/** Whether every required field of the provider has a value. */
export function credentialsComplete(provider: IntegrationProvider, values: Record<string, string>): boolean {
  return provider.credentialFields.every((field) => field.optional || (values[field.name] ?? '').trim() !== '');
}

/** Where the server's refusals of credentials go: each field of the provider. */
export const credentialPaths = (provider: IntegrationProvider | undefined) =>
  (provider?.credentialFields ?? []).map((field) => `credentials.${field.name}`);
