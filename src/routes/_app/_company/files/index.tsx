import { createFileRoute, redirect } from '@tanstack/react-router';
import { FilesPage, fileQueries } from '@/features/files';

/** The drive's top level. A `?preview=` of a file elsewhere (a search result) opens its folder. */
export const Route = createFileRoute('/_app/_company/files/')({
  // The drive's code (its queries too) loads with the route, not with the app.
  codeSplitGroupings: [['loader', 'component']],
  loaderDeps: ({ search }) => ({ preview: search.preview, sort: search.sort, order: search.order }),
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    if (deps.preview) {
      const found = await queryClient.fetchQuery(fileQueries.node(deps.preview)).catch(() => null);
      if (found?.node.type === 'folder')
        throw redirect({ to: '/files/$folderId', params: { folderId: found.node.id }, replace: true });
      if (found?.node.parentId)
        throw redirect({
          to: '/files/$folderId',
          params: { folderId: found.node.parentId },
          search: (previous) => previous,
          replace: true,
        });
    }
    await queryClient.ensureInfiniteQueryData(fileQueries.list(null, deps.sort, deps.order));
  },
  component: FilesRoot,
});

function FilesRoot() {
  const search = Route.useSearch();
  return <FilesPage folderId={null} search={search} />;
}
