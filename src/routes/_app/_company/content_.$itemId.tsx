import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api';
import { useMe } from '@/features/auth';
import { ContentItemScreen, contentQueries } from '@/features/content';

/** One content item: the editor for admins, read-only for members. Outside the section's tabs. */
export const Route = createFileRoute('/_app/_company/content_/$itemId')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(contentQueries.detail(params.itemId));
    } catch (error) {
      // Another company's item, a deleted one, or an address that is not an item's.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: ContentItemRoute,
});

function ContentItemRoute() {
  const { itemId } = Route.useParams();
  return <ContentItemScreen key={itemId} itemId={itemId} canWrite={useMe().permissions.manageContent} />;
}
