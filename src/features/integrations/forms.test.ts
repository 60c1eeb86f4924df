import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api';
import { dateInputValue, endOfDay, formErrors } from './forms';

const refusal = (issues: { path: string; message: string }[]) =>
  new ApiError(
    400,
    `Invalid body: ${issues.map((issue) => `${issue.path}: ${issue.message}`).join('; ')}`,
    'VALIDATION_ERROR',
    issues.map((issue) => ({ location: 'body', ...issue })),
  );

describe('formErrors', () => {
  const fields = ['credentials.token', 'displayName', 'constraints', 'credentials'];

  it('puts each issue beside the field it names; a nested path keeps its path in the message', () => {
    const errors = formErrors(
      refusal([
        { path: 'credentials.token', message: 'Access token is required' },
        { path: 'constraints.repositories.0', message: 'is longer than 2000 characters' },
        { path: 'credentials.extra', message: 'GitHub has no credential "extra"' },
      ]),
      fields,
    );
    expect(errors.fields).toEqual({
      'credentials.token': 'Access token is required',
      constraints: 'constraints.repositories.0: is longer than 2000 characters',
      credentials: 'credentials.extra: GitHub has no credential "extra"',
    });
    expect(errors.form).toBe('Some fields need a change: see below.');
  });

  it('says above the form what no field can show', () => {
    const forbidden = new ApiError(403, 'Only company admins can add company connections', 'FORBIDDEN');
    expect(formErrors(forbidden, fields)).toEqual({
      fields: {},
      form: 'Only company admins can add company connections',
    });
    const unplaced = formErrors(refusal([{ path: 'ownership', message: 'is invalid' }]), fields);
    expect(unplaced.form).toBe('Invalid body: ownership: is invalid');
    expect(formErrors(null, fields)).toEqual({ fields: {} });
  });
});

describe('expiry dates', () => {
  it('a chosen day expires at its end where the person is, and reads back as the same day', () => {
    const iso = endOfDay('2026-12-31');
    expect(iso).toBeDefined();
    const date = new Date(iso!);
    expect([date.getFullYear(), date.getMonth(), date.getDate(), date.getHours(), date.getMinutes()]).toEqual([
      2026, 11, 31, 23, 59,
    ]);
    expect(dateInputValue(iso!)).toBe('2026-12-31');
    expect(endOfDay('')).toBeUndefined();
    expect(dateInputValue(null)).toBe('');
  });
});
