import { errorMessage, isApiError } from '@/api';

const fields = ['name', 'expression', 'timeZone', 'instruction'] as const;
type Field = (typeof fields)[number];

export type ScheduleFormErrors = Partial<Record<Field | 'form', string>>;

/** The longest instruction a schedule carries. */
export const INSTRUCTION_MAX = 4000;
export const SCHEDULE_NAME_MAX = 80;

/**
 * Where to show a refusal of a schedule: a 400's messages beside their fields (the issue's
 * `path`, or a message that starts with the field's name, "expression: …"), anything else above
 * the form.
 */
export function scheduleErrors(error: unknown): ScheduleFormErrors {
  if (!error) return {};
  if (!isApiError(error)) return { form: errorMessage(error) };
  const result: ScheduleFormErrors = {};
  let unplaced = false;
  for (const issue of error.issues) {
    const field = fields.find((name) => issue.path === name || issue.path.startsWith(`${name}.`));
    // The schedule's rules are worded as what follows the field's name ("expression: has 6 fields: …").
    if (field)
      result[field] ??= field === 'expression' || field === 'timeZone' ? `${field}: ${issue.message}` : issue.message;
    else unplaced = true;
  }
  if (error.issues.length === 0) {
    const named = fields.find((name) => error.message.startsWith(`${name}:`));
    if (named) result[named] = error.message;
    else unplaced = true;
  }
  result.form = unplaced ? errorMessage(error) : 'Some fields need a change: see below.';
  return result;
}
