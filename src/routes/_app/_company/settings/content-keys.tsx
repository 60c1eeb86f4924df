import { createFileRoute } from '@tanstack/react-router';
import { sessionQueries, useMe } from '@/features/auth';
import { ContentKeysPanel, contentQueries } from '@/features/content';
import { useDocumentTitle } from '@/ui';

/** Settings → Content keys: the keys a public site reads published content with (admins). */
export const Route = createFileRoute('/_app/_company/settings/content-keys')({
  loader: async ({ context: { queryClient } }) => {
    const me = await queryClient.ensureQueryData(sessionQueries.me());
    // Members see an explanation: the list is the admins'.
    if (me.permissions.manageContent) await queryClient.ensureQueryData(contentQueries.keys());
  },
  component: ContentKeysRoute,
});

function ContentKeysRoute() {
  useDocumentTitle('Content keys');
  return <ContentKeysPanel me={useMe()} />;
}
