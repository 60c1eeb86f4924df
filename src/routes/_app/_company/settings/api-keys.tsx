import { createFileRoute } from '@tanstack/react-router';
import { ApiKeysPanel, apiKeyQueries } from '@/features/api-keys';
import { useMe } from '@/features/auth';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/_company/settings/api-keys')({
  loader: ({ context }) => context.queryClient.ensureQueryData(apiKeyQueries.list()),
  component: ApiKeysPage,
});

function ApiKeysPage() {
  useDocumentTitle('API keys');
  return <ApiKeysPanel me={useMe()} />;
}
