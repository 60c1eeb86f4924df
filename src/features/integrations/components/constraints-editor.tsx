import { TextAreaField } from '@/ui';
import { parseConstraints } from '../constraints';

/**
 * The constraints as JSON text, checked as it is typed: a syntax error names its line and
 * column, anything but an object is refused, and the server's refusal (which names the path,
 * `constraints.repositories.0: …`) shows under it until the text changes.
 */
export function ConstraintsEditor({
  value,
  onChange,
  serverError,
  label = 'Constraints (JSON)',
}: {
  value: string;
  onChange: (value: string) => void;
  serverError?: string;
  label?: string;
}) {
  const parsed = parseConstraints(value);
  return (
    <TextAreaField
      label={label}
      description='A JSON object of limits the agent applies, e.g. {"repositories": ["acme/web"], "maxPerDay": 50}. Empty: none.'
      className="input textarea mono constraints-editor"
      rows={8}
      spellCheck={false}
      autoCapitalize="off"
      autoComplete="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={parsed.ok ? serverError : parsed.message}
    />
  );
}
