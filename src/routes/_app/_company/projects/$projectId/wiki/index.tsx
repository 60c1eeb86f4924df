import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { projectQueries } from '@/features/board';
import { firstPage, WikiHome, wikiQueries } from '@/features/wiki';

/** The wiki's start: its first page, or a way to create one. */
export const Route = createFileRoute('/_app/_company/projects/$projectId/wiki/')({
  // The wiki's code (its queries too) loads with the route, not with the app.
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context, params }) => {
    const first = firstPage(await context.queryClient.ensureQueryData(wikiQueries.tree(params.projectId)));
    if (first)
      throw redirect({
        to: '/projects/$projectId/wiki/$pageId',
        params: { projectId: params.projectId, pageId: first.id },
        replace: true,
      });
  },
  component: WikiIndex,
});

function WikiIndex() {
  const { projectId } = Route.useParams();
  const project = useSuspenseQuery(projectQueries.list()).data.find((item) => item.id === projectId);
  return <WikiHome projectId={projectId} projectName={project?.name ?? 'Project'} />;
}
