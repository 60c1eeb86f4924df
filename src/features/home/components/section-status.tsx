import { errorMessage } from '@/api';
import { QueryNotice } from '@/ui';

/** What a Home section shows while its data is not there: loading, or the error with a retry. */
export function SectionStatus({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) return <QueryNotice status="loading" label="Loading…" />;
  return <QueryNotice status="error" message={errorMessage(error)} onRetry={onRetry} />;
}
