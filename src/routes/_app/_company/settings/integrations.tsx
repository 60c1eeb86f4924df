import { createFileRoute } from '@tanstack/react-router';
import { useMe } from '@/features/auth';
import { ConnectionsPanel, integrationQueries } from '@/features/integrations';
import { useDocumentTitle } from '@/ui';

/** Settings → Integrations; `?connection=<id>` (the palette's target) marks that connection. */
export const Route = createFileRoute('/_app/_company/settings/integrations')({
  validateSearch: (search: Record<string, unknown>): { connection?: string } => ({
    connection: typeof search.connection === 'string' ? search.connection : undefined,
  }),
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(integrationQueries.connections()),
      queryClient.ensureQueryData(integrationQueries.providers()),
    ]),
  component: IntegrationsPage,
});

function IntegrationsPage() {
  const { connection } = Route.useSearch();
  useDocumentTitle('Integrations');
  return <ConnectionsPanel me={useMe()} highlight={connection} />;
}
