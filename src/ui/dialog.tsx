import { type ReactNode, useEffect, useId, useRef } from 'react';
import { Button } from './button';
import { CloseIcon } from './icons';
import './dialog.css';

/** Fields a dialog puts focus on when it opens: the first of them outside its header. */
const FIELDS =
  'input:not([type="hidden"]):not([disabled]):not([readonly]), textarea:not([disabled]):not([readonly]), select:not([disabled])';

type DialogProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  size?: 'normal' | 'wide';
  /** Set when a role other than `dialog` fits, such as `alertdialog` for confirmations. */
  role?: 'dialog' | 'alertdialog';
};

/**
 * A modal on the native <dialog>: the browser traps focus and makes the page inert; Esc closes.
 * Focus returns to whatever had it before opening.
 */
export function Dialog({ open, onClose, title, description, children, size = 'normal', role = 'dialog' }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const previous = document.activeElement as HTMLElement | null;
    dialog.showModal();
    // The browser focuses the first focusable element, the header's Close button. People start at
    // the element the content names (`data-autofocus`; React's autoFocus would run before the
    // dialog opens and lose the element to return focus to), or else at the first field.
    const first =
      dialog.querySelector<HTMLElement>('[data-autofocus]') ??
      [...dialog.querySelectorAll<HTMLElement>(FIELDS)].find((field) => !field.closest('.dialog-header'));
    first?.focus();
    return () => {
      dialog.close();
      previous?.focus?.();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="dialog"
      data-size={size}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className="dialog-body">
        <div className="dialog-header">
          <div className="stack" style={{ gap: 4 }}>
            <h2 id={titleId}>{title}</h2>
            {description && (
              <p id={descriptionId} className="muted">
                {description}
              </p>
            )}
          </div>
          <Button variant="ghost" size="small" aria-label="Close" onClick={onClose}>
            <CloseIcon />
          </Button>
        </div>
        {children}
      </div>
    </dialog>
  );
}

type ConfirmDialogProps = {
  open: boolean;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  busy?: boolean;
  tone?: 'danger' | 'primary';
  children?: ReactNode;
  /** Keeps the confirm button disabled (for example until a confirmation phrase is typed). */
  confirmDisabled?: boolean;
};

/** Asks before something that cannot be undone. The safe choice has focus first. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  onConfirm,
  onCancel,
  busy,
  tone = 'danger',
  children,
  confirmDisabled,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onCancel} title={title} description={description} role="alertdialog">
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          if (!confirmDisabled) onConfirm();
        }}
      >
        {children}
        <div className="dialog-actions">
          <Button data-autofocus onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" variant={tone} busy={busy} disabled={confirmDisabled}>
            {confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
