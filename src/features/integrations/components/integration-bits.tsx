import type { IntegrationConnection, IntegrationGrant, IntegrationProvider } from '@/api';
import { TextField } from '@/ui';
import { todayInputValue } from '../forms';
import './integrations.css';

type ConnectionStatus = IntegrationConnection['status'];

const connectionStatus: Record<ConnectionStatus, { label: string; tone?: 'success' | 'danger' }> = {
  active: { label: 'Active', tone: 'success' },
  error: { label: 'Error', tone: 'danger' },
  expired: { label: 'Expired', tone: 'danger' },
  revoked: { label: 'Revoked' },
};

/** A connection's status as a badge, with the reason (`statusMessage`) as text beside it. */
export function ConnectionStatusBadge({ status, message }: { status: ConnectionStatus; message?: string | null }) {
  const { label, tone } = connectionStatus[status];
  return (
    <span className="integration-status">
      <span className="badge" data-tone={tone}>
        {label}
      </span>
      {message && <span className="muted integration-status-message">{message}</span>}
    </span>
  );
}

const grantStatus: Record<IntegrationGrant['status'], { label: string; tone?: 'success' | 'danger' }> = {
  active: { label: 'Active', tone: 'success' },
  expired: { label: 'Expired', tone: 'danger' },
  connection_unavailable: { label: 'Connection unavailable', tone: 'danger' },
};

/** Whether a grant applies now: active, past its expiry, or its connection is not usable. */
export function GrantStatusBadge({ status }: { status: IntegrationGrant['status'] }) {
  const { label, tone } = grantStatus[status];
  return (
    <span className="badge" data-tone={tone}>
      {label}
    </span>
  );
}

export const scopeLabels: Record<IntegrationGrant['scope'], string> = {
  read: 'Read',
  write: 'Write',
  read_write: 'Read & write',
};

/** A provider's name from the catalog, or its key while the catalog loads (or for one it no longer lists). */
export function providerName(providers: IntegrationProvider[] | undefined, key: string): string {
  return providers?.find((provider) => provider.key === key)?.name ?? key;
}

/** "Expires on": a date, or empty for never. */
export function ExpiryDateField({
  value,
  onChange,
  error,
  description = 'Leave it empty for no expiry.',
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  description?: string;
}) {
  return (
    <TextField
      label="Expires on (optional)"
      type="date"
      description={description}
      min={todayInputValue()}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
    />
  );
}
