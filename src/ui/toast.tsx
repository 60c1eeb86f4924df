import { create } from 'zustand';
import { Button } from './button';
import { CloseIcon } from './icons';
import './toast.css';

export type Toast = { id: number; tone: 'info' | 'success' | 'error'; title: string; description?: string };

type ToastState = { toasts: Toast[] };
const useToasts = create<ToastState>(() => ({ toasts: [] }));
let nextId = 1;

export function dismissToast(id: number) {
  useToasts.setState((state) => ({ toasts: state.toasts.filter((toast) => toast.id !== id) }));
}

/** Shows a short message; errors stay longer. Returns the toast's id. */
export function toast(tone: Toast['tone'], title: string, description?: string): number {
  const id = nextId++;
  useToasts.setState((state) => ({ toasts: [...state.toasts.slice(-4), { id, tone, title, description }] }));
  setTimeout(() => dismissToast(id), tone === 'error' ? 10_000 : 5_000);
  return id;
}

/**
 * The toast region. Two live regions, always in the page so screen readers announce what is
 * added: errors assertively, everything else politely.
 */
export function Toaster() {
  const toasts = useToasts((state) => state.toasts);
  const render = (toast: Toast) => (
    <div key={toast.id} className="toast" data-tone={toast.tone}>
      <div className="toast-text">
        <strong>{toast.title}</strong>
        {toast.description && <span className="muted">{toast.description}</span>}
      </div>
      <Button variant="ghost" size="small" aria-label="Dismiss notification" onClick={() => dismissToast(toast.id)}>
        <CloseIcon />
      </Button>
    </div>
  );
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
