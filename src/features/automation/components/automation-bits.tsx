import type { CronRun, WebhookDelivery, WebhookEndpoint } from '@/api';

type Tone = 'accent' | 'danger' | 'success' | undefined;

const runTones: Record<CronRun['status'], Tone> = {
  delivered: 'accent',
  skipped: undefined,
  succeeded: 'success',
  failed: 'danger',
};
const runLabels: Record<CronRun['status'], string> = {
  delivered: 'Delivered',
  skipped: 'Skipped',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** A run's state: sent to the agent, skipped, or what the agent reported. */
export function RunStatusBadge({ status }: { status: CronRun['status'] }) {
  return (
    <span className="badge" data-tone={runTones[status]}>
      {runLabels[status]}
    </span>
  );
}

export function DeliveryStatusBadge({ status }: { status: WebhookDelivery['status'] }) {
  return (
    <span className="badge" data-tone={status === 'delivered' ? 'success' : 'accent'}>
      {status === 'delivered' ? 'Delivered' : 'Redelivered'}
    </span>
  );
}

export function EndpointStatusBadge({ status }: { status: WebhookEndpoint['status'] }) {
  return (
    <span className="badge" data-tone={status === 'active' ? 'success' : undefined}>
      {status === 'active' ? 'Active' : 'Revoked'}
    </span>
  );
}

/**
 * An on/off switch (`role="switch"`) named by `label`; what it controls reads from `checked`.
 * Disabled while a change is on its way.
 */
export function Switch({
  checked,
  label,
  disabled,
  onChange,
}: {
  checked: boolean;
  label: string;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      className="automation-switch"
      aria-checked={checked}
      aria-label={label}
      disabled={disabled}
      onClick={() => onChange(!checked)}
    >
      <span className="automation-switch-track" aria-hidden="true">
        <span className="automation-switch-thumb" />
      </span>
      <span className="automation-switch-text" aria-hidden="true">
        {checked ? 'On' : 'Off'}
      </span>
    </button>
  );
}
