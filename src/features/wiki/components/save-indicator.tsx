import { Button, Spinner } from '@/ui';
import type { SaverState } from '../hooks/page-saver';

/**
 * Where the page's autosave stands: Saving… / Saved / Offline — will retry / Conflict / Not saved,
 * announced politely as it changes, with the way out where one is needed.
 */
export function SaveIndicator({
  state,
  onRetry,
  onResolve,
}: {
  state: SaverState;
  onRetry: () => void;
  onResolve: () => void;
}) {
  return (
    <div className="wiki-save" role="status" aria-live="polite" data-status={state.status}>
      {state.status === 'saving' && (
        <span className="row muted">
          <Spinner size={12} /> Saving…
        </span>
      )}
      {state.status === 'saved' && <span className="muted">Saved</span>}
      {state.status === 'offline' && (
        <span className="wiki-save-warning">
          Offline — will retry{' '}
          <Button size="small" variant="ghost" onClick={onRetry}>
            Retry now
          </Button>
        </span>
      )}
      {state.status === 'conflict' && (
        <span className="wiki-save-warning">
          Conflict{' '}
          <Button size="small" onClick={onResolve}>
            Resolve…
          </Button>
        </span>
      )}
      {state.status === 'error' && (
        <span className="wiki-save-error">
          Not saved: {state.message}{' '}
          {state.retryable !== false && (
            <Button size="small" onClick={onRetry}>
              Retry
            </Button>
          )}
        </span>
      )}
    </div>
  );
}
