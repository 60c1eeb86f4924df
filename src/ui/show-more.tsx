import { Button } from './button';
import { QueryNotice } from './query-notice';

/**
 * The end of a paged list: "Show more" while there is a next page, and the server's message with
 * a retry when reading it failed.
 */
export function ShowMore({
  hasMore,
  loading,
  error,
  onMore,
  label = 'Show more',
}: {
  hasMore: boolean;
  loading: boolean;
  /** Why the next page could not be read, or null. */
  error: string | null;
  onMore: () => void;
  /** The button's text. */
  label?: string;
}) {
  return (
    <>
      {error && <QueryNotice status="error" message={error} onRetry={onMore} />}
      {hasMore && (
        <div>
          <Button size="small" busy={loading} onClick={onMore}>
            {label}
          </Button>
        </div>
      )}
    </>
  );
}
