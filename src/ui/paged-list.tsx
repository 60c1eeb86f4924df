import type { ReactNode } from 'react';
import { QueryNotice } from './query-notice';
import { ShowMore } from './show-more';

/** What the list needs of a paged query (React Query's `useInfiniteQuery` result has it). */
export type PagedQuery = {
  error: unknown;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/**
 * A list read page by page: while nothing is read, a spinner (or the error with a retry); then
 * `empty` when there is nothing, or the rows (`children`) followed by "Show more" and the next
 * page's error.
 */
export function PagedList<T>({
  query,
  items,
  errorMessage,
  loadingLabel,
  empty,
  moreLabel,
  children,
}: {
  query: PagedQuery;
  /** Every row read so far; undefined while the first page is not in. */
  items: T[] | undefined;
  /** The words for a failure (the API's message). */
  errorMessage: (error: unknown) => string;
  /** What is loading ("Loading runs…"). */
  loadingLabel: string;
  /** What shows when there are no rows. */
  empty: ReactNode;
  /** The text of the button that reads the next page (default "Show more"). */
  moreLabel?: string;
  /** The rows, once there are some: a table, a list. */
  children: (items: T[]) => ReactNode;
}) {
  if (!items) {
    return query.error ? (
      <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    ) : (
      <QueryNotice status="loading" label={loadingLabel} />
    );
  }
  if (items.length === 0) return <>{empty}</>;
  return (
    <>
      {children(items)}
      <ShowMore
        hasMore={Boolean(query.hasNextPage)}
        loading={query.isFetchingNextPage}
        error={query.isFetchNextPageError ? errorMessage(query.error) : null}
        onMore={() => void query.fetchNextPage()}
        label={moreLabel}
      />
    </>
  );
}
