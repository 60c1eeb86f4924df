import { type ReactNode, useId, useState } from 'react';
import { Button } from './button';
import { CopyButton } from './copy-button';
import { Dialog } from './dialog';

type SecretDialogProps = {
  /** The secret to show; the dialog is open while it is set. */
  secret: string | null;
  title: ReactNode;
  /** The field's label ("API key (read only)", "Agent token"). */
  label: ReactNode;
  /** How to use it, under the field. */
  children?: ReactNode;
  onClose: () => void;
};

/**
 * Shows a new credential's secret (an API key, an agent token), the only time it can be seen,
 * with Copy and a warning. Closing it is the person's statement that they stored it.
 */
export function SecretDialog({ secret, title, label, children, onClose }: SecretDialogProps) {
  return (
    <Dialog
      open={secret !== null}
      onClose={onClose}
      size="wide"
      title={title}
      description="This is the only time it is shown. Store it somewhere safe, such as a password manager or your CI's secret store."
    >
      {secret !== null && (
        <SecretDetails key={secret} secret={secret} label={label} onClose={onClose}>
          {children}
        </SecretDetails>
      )}
    </Dialog>
  );
}

/** Keyed by the secret, so a copy failure for one is not shown for the next. */
function SecretDetails({
  secret,
  label,
  children,
  onClose,
}: {
  secret: string;
  label: ReactNode;
  children?: ReactNode;
  onClose: () => void;
}) {
  const [copyFailed, setCopyFailed] = useState(false);
  const id = useId();
  return (
    <div className="stack">
      <div className="field">
        <label className="field-label" htmlFor={id}>
          {label}
        </label>
        <div className="row" style={{ flexWrap: 'nowrap' }}>
          <input
            id={id}
            className="input mono"
            readOnly
            value={secret}
            onFocus={(event) => event.currentTarget.select()}
          />
          <CopyButton value={secret} variant="primary" onCopyFailed={() => setCopyFailed(true)} />
        </div>
        {copyFailed && <p className="field-error">Copying was blocked. Select it and copy it by hand.</p>}
      </div>
      {children}
      <div className="dialog-actions">
        <Button onClick={onClose}>I have stored it</Button>
      </div>
    </div>
  );
}
