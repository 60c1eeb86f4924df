import { type ReactNode, useState } from 'react';
import { Button, Dialog, FormError } from '@/ui';
import { MemberPicker, type PickerOption } from './member-picker';

/**
 * A dialog around a picker: choose, then confirm. The confirm button names what it does; a notice
 * (a subtree that moves along) shows above it; a refusal shows in the dialog, which stays open.
 */
export function PickerDialog({
  title,
  description,
  label,
  listLabel,
  options,
  notice,
  submitLabel,
  busy,
  error,
  errorAction,
  onSubmit,
  onClose,
}: {
  title: string;
  description?: ReactNode;
  label: string;
  listLabel: string;
  options: PickerOption[];
  notice?: string | null;
  /** The confirm button's text for the chosen option (`null` before a choice). */
  submitLabel: (option: PickerOption | null) => string;
  busy?: boolean;
  error?: string | null;
  /** A way out of the refusal (for example "Set responsible person…"). */
  errorAction?: ReactNode;
  onSubmit: (option: PickerOption) => void;
  onClose: () => void;
}) {
  const [value, setValue] = useState<string | null>(null);
  const chosen = options.find((option) => option.value === value && !option.disabled) ?? null;
  const unchanged = !chosen || chosen.current;
  return (
    <Dialog open onClose={onClose} title={title} description={description}>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (chosen && !unchanged && !busy) onSubmit(chosen);
        }}
      >
        <MemberPicker label={label} listLabel={listLabel} options={options} value={value} onChange={setValue} />
        {notice && (
          <p className="notice" data-tone="warning" role="note">
            {notice}
          </p>
        )}
        {error && (
          <div className="stack org-dialog-error">
            <FormError message={error} />
            {errorAction}
          </div>
        )}
        <div className="dialog-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy} disabled={unchanged}>
            {submitLabel(chosen)}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
