import { createFileRoute } from '@tanstack/react-router';
import { ProjectList, projectQueries } from '@/features/board';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/_company/projects/')({
  validateSearch: (search: Record<string, unknown>): { archived?: boolean } => ({
    archived: search.archived === true || search.archived === 'true' ? true : undefined,
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(projectQueries.list()),
  component: ProjectsPage,
});

function ProjectsPage() {
  const { archived } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Projects');
  return (
    <div>
      <header className="page-header">
        <h1>Projects</h1>
        <p className="muted">Boards of cards in columns, shared by everyone in your company.</p>
      </header>
      <ProjectList
        showArchived={Boolean(archived)}
        onShowArchivedChange={(value) => void navigate({ search: { archived: value || undefined }, replace: true })}
      />
    </div>
  );
}
