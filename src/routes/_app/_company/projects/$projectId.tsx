import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, Link, notFound, Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { onLiveEvent } from '@/api';
import { projectQueries } from '@/features/board';
import '@/app/board-page.css';

/**
 * A project: its name, and Board / Wiki tabs over the tab's own route. The board keeps the
 * project's address (`/projects/$projectId`, with its filters and `?card=`); the wiki lives under
 * `/projects/$projectId/wiki`. Each tab sets the document title itself.
 */
export const Route = createFileRoute('/_app/_company/projects/$projectId')({
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const found = (await queryClient.ensureQueryData(projectQueries.list())).some(
      (project) => project.id === params.projectId,
    );
    // A project created since the list was read (by a colleague, in another tab): read it again.
    if (!found && !(await queryClient.fetchQuery(projectQueries.list())).some((p) => p.id === params.projectId))
      throw notFound();
  },
  component: ProjectLayout,
});

function ProjectLayout() {
  const { projectId } = Route.useParams();
  const project = useSuspenseQuery(projectQueries.list()).data.find((item) => item.id === projectId);
  // A rename (or archive) elsewhere shows here on either tab.
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onLiveEvent('project.updated', ({ data }) => {
        if (data.projectId !== projectId) return;
        queryClient.setQueryData(projectQueries.list().queryKey, (list) =>
          list?.map((item) => (item.id === projectId ? { ...item, ...data.project } : item)),
        );
      }),
    [projectId, queryClient],
  );
  return (
    <div className="board-page">
      <header className="board-page-header">
        <nav aria-label="Breadcrumb" className="muted board-breadcrumb">
          <Link to="/projects">Projects</Link> /
        </nav>
        <div className="row">
          <h1>{project?.name}</h1>
          {project?.archived && <span className="badge">Archived</span>}
        </div>
        {project?.description && <p className="muted">{project.description}</p>}
        <nav aria-label="Project" className="project-tabs">
          <Link
            to="/projects/$projectId"
            params={{ projectId }}
            className="project-tab"
            activeOptions={{ exact: true, includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
          >
            Board
          </Link>
          <Link
            to="/projects/$projectId/wiki"
            params={{ projectId }}
            className="project-tab"
            activeOptions={{ includeSearch: false }}
            activeProps={{ 'aria-current': 'page' }}
          >
            Wiki
          </Link>
        </nav>
      </header>
      <Outlet />
    </div>
  );
}
