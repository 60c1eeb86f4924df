import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import './field.css';

type FieldShellProps = {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  /** Shows `length/max` once the value is past 80% of `max`. */
  counter?: { length: number; max: number };
  children: (ids: { id: string; describedBy: string | undefined; invalid: boolean }) => ReactNode;
};

/** Label, control, description and error wired together for assistive technology. */
function FieldShell({ label, description, error, counter, children }: FieldShellProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  const showCounter = counter && counter.length >= counter.max * 0.8;
  return (
    <div className="field">
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {description && (
        <p id={descriptionId} className="field-description">
          {description}
        </p>
      )}
      {showCounter && (
        <span className="field-counter" data-over={counter.length > counter.max} aria-live="polite">
          {counter.length}/{counter.max}
        </span>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  showCounter?: boolean;
};

export function TextField({ label, description, error, showCounter, maxLength, value, ...input }: TextFieldProps) {
  const counter =
    showCounter && maxLength !== undefined ? { length: String(value ?? '').length, max: maxLength } : undefined;
  return (
    <FieldShell label={label} description={description} error={error} counter={counter}>
      {({ id, describedBy, invalid }) => (
        <input
          id={id}
          className="input"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          maxLength={maxLength}
          value={value}
          {...input}
        />
      )}
    </FieldShell>
  );
}

type TextAreaFieldProps = Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
  showCounter?: boolean;
};

/** A multi-line text field (descriptions, notes), wired like `TextField`. */
export function TextAreaField({
  label,
  description,
  error,
  showCounter,
  maxLength,
  value,
  rows = 4,
  ...textarea
}: TextAreaFieldProps) {
  const counter =
    showCounter && maxLength !== undefined ? { length: String(value ?? '').length, max: maxLength } : undefined;
  return (
    <FieldShell label={label} description={description} error={error} counter={counter}>
      {({ id, describedBy, invalid }) => (
        <textarea
          id={id}
          className="input textarea"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          maxLength={maxLength}
          value={value}
          rows={rows}
          {...textarea}
        />
      )}
    </FieldShell>
  );
}

type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: ReactNode;
  description?: ReactNode;
  error?: string;
};

export function SelectField({ label, description, error, children, ...select }: SelectFieldProps) {
  return (
    <FieldShell label={label} description={description} error={error}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          className="select"
          aria-describedby={describedBy}
          aria-invalid={invalid || undefined}
          {...select}
        >
          {children}
        </select>
      )}
    </FieldShell>
  );
}

type Choice<T extends string> = { value: T; title: ReactNode; description?: ReactNode };

/** A radio group of described options. */
export function ChoiceGroup<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
}: {
  legend: ReactNode;
  name: string;
  value: T;
  options: Choice<T>[];
  onChange: (value: T) => void;
}) {
  return (
    <fieldset className="choice-group">
      <legend className="field-label">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="choice">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="choice-title">{option.title}</span>
            {option.description && <span className="field-description"> — {option.description}</span>}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
