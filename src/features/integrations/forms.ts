import { errorMessage, isApiError } from '@/api';

/** A refusal, by field where the server named one, else for the whole form. */
export type FormErrors = { fields: Record<string, string>; form?: string };

/**
 * Where to show a refusal: each 400 issue beside the field it names (`credentials.token` → the
 * token field; a nested path such as `constraints.repositories.0` → the constraints field, with
 * the path in the message), anything else above the form.
 */
export function formErrors(error: unknown, fields: readonly string[]): FormErrors {
  if (!error) return { fields: {} };
  if (!isApiError(error)) return { fields: {}, form: errorMessage(error) };
  const placed: Record<string, string> = {};
  let unplaced = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    if (!field) unplaced = true;
    else placed[field] ??= issue.path === field ? issue.message : `${issue.path}: ${issue.message}`;
  }
  if (unplaced || error.issues.length === 0) return { fields: placed, form: errorMessage(error) };
  return { fields: placed, form: 'Some fields need a change: see below.' };
}

/** A date input's value (`2026-12-31`) as the end of that day where the person is, in ISO form. */
export function endOfDay(date: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, day, 23, 59, 59, 999).toISOString();
}

/** An ISO timestamp as a date input's value, in the person's time zone. */
export function dateInputValue(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Today as a date input's `min`: an expiry lies in the future (today's ends at midnight). */
export function todayInputValue(now = Date.now()): string {
  return dateInputValue(new Date(now).toISOString());
}
