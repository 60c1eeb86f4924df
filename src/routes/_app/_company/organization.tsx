import { createFileRoute } from '@tanstack/react-router';
import { OrganizationPage, orgQueries } from '@/features/organization';

/**
 * The organization chart: `/organization`, and `?node=<kind>:<id>` (e.g. `human:…`) to open it on
 * one person, agent or team.
 */
export const Route = createFileRoute('/_app/_company/organization')({
  validateSearch: (search: Record<string, unknown>): { node?: string } => ({
    node: typeof search.node === 'string' && search.node.length <= 100 ? search.node : undefined,
  }),
  loader: ({ context }) => context.queryClient.ensureQueryData(orgQueries.chart()),
  component: OrganizationRoute,
});

function OrganizationRoute() {
  const { node } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <OrganizationPage
      nodeKey={node ?? null}
      onNodeChange={(key) => void navigate({ search: { node: key ?? undefined }, replace: true })}
    />
  );
}
