import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api';
import { FilesPage, fileQueries, isUuid } from '@/features/files';

/** One folder of the drive. */
export const Route = createFileRoute('/_app/_company/files/$folderId')({
  // The drive's code (its queries too) loads with the route, not with the app.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ sort: search.sort, order: search.order }),
  loader: async ({ context, params, deps }) => {
    const { queryClient } = context;
    if (!isUuid(params.folderId)) throw notFound();
    try {
      const [detail] = await Promise.all([
        queryClient.ensureQueryData(fileQueries.node(params.folderId)),
        queryClient.ensureInfiniteQueryData(fileQueries.list(params.folderId, deps.sort, deps.order)),
      ]);
      if (detail.node.type !== 'folder') throw notFound();
    } catch (error) {
      // A folder that does not exist, was deleted, or is another company's.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: FolderRoute,
});

function FolderRoute() {
  const { folderId } = Route.useParams();
  const search = Route.useSearch();
  return <FilesPage key={folderId} folderId={folderId} search={search} />;
}
