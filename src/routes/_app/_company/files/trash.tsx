import { createFileRoute } from '@tanstack/react-router';
import { FilesTrash, fileQueries } from '@/features/files';

/** Deleted files and folders, to restore them. */
export const Route = createFileRoute('/_app/_company/files/trash')({
  // The drive's code (its queries too) loads with the route, not with the app.
  codeSplitGroupings: [['loader', 'component']],
  loader: ({ context }) => context.queryClient.ensureQueryData(fileQueries.trash()),
  component: FilesTrash,
});
