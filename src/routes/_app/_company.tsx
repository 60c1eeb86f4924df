import { createFileRoute, notFound, Outlet, useRouterState } from '@tanstack/react-router';
import { NoCompany } from '@/app/no-company';
import { NotFound } from '@/app/route-errors';
import { sessionQueries, useMe } from '@/features/auth';

const pageNames: Record<string, string> = {
  projects: 'Projects',
  files: 'Files',
  content: 'Content',
  people: 'People',
  agents: 'Agents',
  teams: 'Teams',
  settings: 'Settings',
  inbox: 'Inbox',
};

/**
 * Pages that exist only inside a company (projects, people, agents, teams, settings). For a person
 * without one, no page data is requested: they get one page that says what to do.
 */
export const Route = createFileRoute('/_app/_company')({
  beforeLoad: async ({ context }) => {
    const me = await context.queryClient.ensureQueryData(sessionQueries.me());
    // A "not found" rather than an error: it is an expected state, not logged as a failure.
    if (!me.company) throw notFound({ routeId: '/_app/_company', data: { noCompany: true } });
  },
  notFoundComponent: ({ data }) =>
    (data as { noCompany?: boolean } | undefined)?.noCompany ? <NoCompanyPage /> : <NotFound />,
  component: Outlet,
});

function NoCompanyPage() {
  const me = useMe();
  const section = useRouterState({ select: (state) => state.location.pathname.split('/')[1] ?? '' });
  return <NoCompany me={me} page={pageNames[section] ?? 'These pages'} />;
}
