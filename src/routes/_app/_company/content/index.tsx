import { createFileRoute } from '@tanstack/react-router';
import { useMe } from '@/features/auth';
import { ContentPage, contentQueries, parseContentSearch, type ContentFilters } from '@/features/content';

/** `/content`: the items, filtered by `?kind=&status=&q=`; `?new=<kind>` opens "New" (admins). */
export const Route = createFileRoute('/_app/_company/content/')({
  validateSearch: parseContentSearch,
  loaderDeps: ({ search: { kind, status, q } }) => ({ kind, status, q }),
  loader: ({ context, deps }) => context.queryClient.prefetchInfiniteQuery(contentQueries.list(deps)),
  component: ContentListRoute,
});

function ContentListRoute() {
  const { new: creating, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ContentPage
      filters={filters}
      onFilters={(next: ContentFilters) =>
        void navigate({ search: { kind: next.kind, status: next.status, q: next.q }, replace: true })
      }
      creating={creating}
      onCreating={(kind) => void navigate({ search: (previous) => ({ ...previous, new: kind }) })}
      canWrite={useMe().permissions.manageContent}
    />
  );
}
