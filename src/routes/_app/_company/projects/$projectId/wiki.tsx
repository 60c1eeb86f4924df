import { createFileRoute, Outlet, useParams } from '@tanstack/react-router';
import { WikiLayout, wikiQueries } from '@/features/wiki';

/** The Wiki tab: the page tree beside the open page. */
export const Route = createFileRoute('/_app/_company/projects/$projectId/wiki')({
  // The wiki's code (its queries too) loads with the route, not with the app.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context, params }) => context.queryClient.ensureQueryData(wikiQueries.tree(params.projectId)),
  component: WikiRoute,
});

function WikiRoute() {
  const { projectId } = Route.useParams();
  const { pageId } = useParams({ strict: false });
  return (
    <WikiLayout projectId={projectId} pageId={pageId}>
      <Outlet />
    </WikiLayout>
  );
}
