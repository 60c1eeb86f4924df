import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useMe } from '@/features/auth';
import { parseSubscriberSearch, type SubscriberFilters, SubscribersPage } from '@/features/newsletter';
import { useDocumentTitle } from '@/ui';

/** Content → Newsletter (admins): `?status=` and `?q=` are the subscriber list's filters. */
export const Route = createFileRoute('/_app/_company/content/newsletter')({
  validateSearch: parseSubscriberSearch,
  // The list loads in the page (its filters change as one types); the session is known already.
  component: NewsletterRoute,
});

function NewsletterRoute() {
  useDocumentTitle('Newsletter');
  const filters = Route.useSearch();
  const navigate = Route.useNavigate();
  const onFilters = useCallback(
    (next: SubscriberFilters) => void navigate({ search: { status: next.status, q: next.q }, replace: true }),
    [navigate],
  );
  return <SubscribersPage me={useMe()} filters={filters} onFilters={onFilters} />;
}
