import type { ChangeEvent } from 'react';
import { formatDate, formatDateTime } from '@/lib/format';
import { SelectField } from './field';

/** The lifetimes offered for a new credential (API key, agent token). */
export const expiryChoices = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: 'never', label: 'Never' },
] as const;

export type ExpiryChoice = (typeof expiryChoices)[number]['value'];

/** A choice as the API takes it: a number of days, or null for a credential that never expires. */
export function expiresInDays(choice: ExpiryChoice): 30 | 90 | 365 | null {
  return choice === 'never' ? null : (Number(choice) as 30 | 90 | 365);
}

/** "Expires after": 30 days, 90 days, 1 year or never. */
export function ExpiryField({ value, onChange }: { value: ExpiryChoice; onChange: (value: ExpiryChoice) => void }) {
  return (
    <SelectField
      label="Expires after"
      value={value}
      onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value as ExpiryChoice)}
    >
      {expiryChoices.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );
}

/**
 * When a credential expires: "Never", its date, or an "Expired" badge once past (`expired` when
 * the server says so, else compared with `now`).
 */
export function ExpiryDate({ expiresAt, expired, now }: { expiresAt: string | null; expired?: boolean; now: number }) {
  if (!expiresAt) return <span className="muted">Never</span>;
  if (expired ?? new Date(expiresAt).getTime() <= now) {
    return (
      <span className="badge" data-tone="danger" title={formatDateTime(expiresAt)}>
        Expired {formatDate(expiresAt)}
      </span>
    );
  }
  return (
    <time dateTime={expiresAt} title={formatDateTime(expiresAt)}>
      {formatDate(expiresAt)}
    </time>
  );
}
