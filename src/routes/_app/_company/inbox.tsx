import { createFileRoute } from '@tanstack/react-router';
import { type InboxFilter, InboxPage, notificationQueries, parseInboxSearch } from '@/features/notifications';

/** The signed-in person's notifications: `/inbox` (All), `?filter=unread`, `?filter=snoozed`. */
export const Route = createFileRoute('/_app/_company/inbox')({
  validateSearch: parseInboxSearch,
  loaderDeps: ({ search }): { filter: InboxFilter } => ({ filter: search.filter ?? 'all' }),
  loader: ({ context: { queryClient }, deps }) =>
    queryClient.ensureInfiniteQueryData(notificationQueries.list(deps.filter)),
  component: InboxRoute,
});

function InboxRoute() {
  const { filter = 'all' } = Route.useSearch();
  return <InboxPage key={filter} filter={filter} />;
}
