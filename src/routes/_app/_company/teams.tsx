import { createFileRoute } from '@tanstack/react-router';
import { TeamDirectory, teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/_company/teams')({
  validateSearch: (search: Record<string, unknown>): { team?: string } => ({
    team: typeof search.team === 'string' ? search.team : undefined,
  }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(teamQueries.list()),
      context.queryClient.ensureQueryData(memberQueries.list()),
    ]),
  component: TeamsPage,
});

function TeamsPage() {
  const { team } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Teams');
  return (
    <div>
      <header className="page-header">
        <h1>Teams</h1>
        <p className="muted">Teams, their leads and their members.</p>
      </header>
      <TeamDirectory selected={team} onClose={() => void navigate({ search: {} })} />
    </div>
  );
}
