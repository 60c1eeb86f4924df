import { errorMessage } from '@/api';
import { Button, Spinner } from '@/ui';

/** What a Home section shows while its data is not there: loading, or the error with a retry. */
export function SectionStatus({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) {
    return (
      <p className="home-empty muted" role="status">
        <Spinner size={14} /> Loading…
      </p>
    );
  }
  return (
    <div className="notice row" data-tone="danger" role="alert">
      <span>{errorMessage(error)}</span>
      <Button size="small" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
