import { createFileRoute } from '@tanstack/react-router';
import { PeopleDirectory, teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/_company/people')({
  validateSearch: (search: Record<string, unknown>): { person?: string; q?: string } => ({
    person: typeof search.person === 'string' ? search.person : undefined,
    q: typeof search.q === 'string' && search.q.length <= 80 ? search.q : undefined,
  }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(memberQueries.list()),
      context.queryClient.ensureQueryData(teamQueries.list()),
    ]),
  component: PeoplePage,
});

function PeoplePage() {
  const { person, q } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('People');
  return (
    <div>
      <header className="page-header">
        <h1>People</h1>
        <p className="muted">Everyone in your company.</p>
      </header>
      <PeopleDirectory
        selected={person}
        query={q ?? ''}
        onQuery={(value) =>
          void navigate({ search: (previous) => ({ ...previous, q: value || undefined }), replace: true })
        }
        onClose={() => void navigate({ search: (previous) => ({ ...previous, person: undefined }) })}
      />
    </div>
  );
}
