import { Button, Spinner } from '@/ui';
import type { SaveState } from '../hooks/use-save-state';

/** "Saving… / Saved / Not saved: why [Retry]", announced politely as it changes. */
export function SaveStatus({ save }: { save: SaveState }) {
  return (
    <div className="card-editor-status" role="status" aria-live="polite">
      {save.status === 'saving' && (
        <span className="row muted">
          <Spinner size={12} /> Saving…
        </span>
      )}
      {save.status === 'saved' && <span className="muted">Saved</span>}
      {save.status === 'error' && (
        <span className="card-editor-error">
          Not saved: {save.message}{' '}
          <Button size="small" onClick={save.retry}>
            Retry
          </Button>
        </span>
      )}
    </div>
  );
}
