import { useId } from 'react';
import { create } from 'zustand';
import { Button } from './button';
import { CloseIcon } from './icons';
import './toast.css';

/** A button in a toast that acts on what the toast reports ("Undo"); choosing it closes the toast. */
export type ToastAction = { label: string; onAction: () => void };

export type Toast = {
  id: number;
  tone: 'info' | 'success' | 'error';
  title: string;
  description?: string;
  action?: ToastAction;
};

type ToastState = { toasts: Toast[] };
const useToasts = create<ToastState>(() => ({ toasts: [] }));
let nextId = 1;

/** Each toast's dismissal timer, with the time it has left (paused while it is hovered or focused). */
const timers = new Map<number, { handle?: ReturnType<typeof setTimeout>; left: number; since: number }>();

function startTimer(id: number, left: number) {
  timers.set(id, { handle: setTimeout(() => dismissToast(id), left), left, since: Date.now() });
}

export function dismissToast(id: number) {
  clearTimeout(timers.get(id)?.handle);
  timers.delete(id);
  useToasts.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Stops a toast's countdown (the pointer or the focus is on it). */
function pauseToast(id: number) {
  const timer = timers.get(id);
  if (!timer?.handle) return;
  clearTimeout(timer.handle);
  timers.set(id, { left: Math.max(0, timer.left - (Date.now() - timer.since)), since: Date.now() });
}

/** Restarts a paused countdown, with at least two seconds to go. */
function resumeToast(id: number) {
  const timer = timers.get(id);
  if (!timer || timer.handle) return;
  startTimer(id, Math.max(timer.left, 2_000));
}

/**
 * Shows a short message; errors and toasts with an action stay longer (and while hovered or
 * focused). A `sticky` one stays until it is dismissed: for what a person must not miss, such as
 * their edit being replaced by a colleague's. Returns the toast's id.
 */
export function toast(
  tone: Toast['tone'],
  title: string,
  description?: string,
  options: { action?: ToastAction; sticky?: boolean } = {},
): number {
  const id = nextId++;
  const shown = useToasts.getState().toasts;
  // At most five at a time: the oldest goes.
  shown.slice(0, Math.max(0, shown.length - 4)).forEach((old) => dismissToast(old.id));
  useToasts.setState((state) => ({
    toasts: [...state.toasts, { id, tone, title, description, action: options.action }],
  }));
  if (!options.sticky) startTimer(id, tone === 'error' || options.action ? 10_000 : 5_000);
  return id;
}

/**
 * The toast region. Two live regions, always in the page so screen readers announce what is
 * added: errors assertively, everything else politely.
 */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  const render = (toast: Toast) => <ToastView key={toast.id} toast={toast} />;
  return (
    <div className="toaster">
      <div role="alert" aria-live="assertive" className="stack" style={{ gap: 8 }}>
        {toasts.filter((t) => t.tone === 'error').map(render)}
      </div>
      <div role="status" aria-live="polite" className="stack" style={{ gap: 8 }}>
        {toasts.filter((t) => t.tone !== 'error').map(render)}
      </div>
    </div>
  );
}

function ToastView({ toast }: { toast: Toast }) {
  const titleId = useId();
  const { action } = toast;
  return (
    <div
      className="toast"
      data-tone={toast.tone}
      onPointerEnter={() => pauseToast(toast.id)}
      onPointerLeave={() => resumeToast(toast.id)}
      onFocus={() => pauseToast(toast.id)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) resumeToast(toast.id);
      }}
    >
      <div className="toast-text">
        <strong id={titleId}>{toast.title}</strong>
        {toast.description && <span className="muted">{toast.description}</span>}
      </div>
      {action && (
        <Button
          size="small"
          className="toast-action"
          aria-describedby={titleId}
          onClick={() => {
            dismissToast(toast.id);
            action.onAction();
          }}
        >
          {action.label}
        </Button>
      )}
      <Button variant="ghost" size="small" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <CloseIcon />
      </Button>
    </div>
  );
}
