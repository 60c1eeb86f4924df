import { createFileRoute, redirect } from '@tanstack/react-router';
import { AgentsPage, agentQueries } from '@/features/agents';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';

type AgentsSearch = { agent?: string; q?: string; completed?: boolean };

/** The company's agents. `?agent=<id>` (older links: search, the chart) opens that agent's page. */
export const Route = createFileRoute('/_app/_company/agents/')({
  codeSplitGroupings: [['loader', 'component']],
  validateSearch: (search: Record<string, unknown>): AgentsSearch => ({
    agent: typeof search.agent === 'string' && search.agent ? search.agent : undefined,
    q: typeof search.q === 'string' && search.q.length <= 80 ? search.q : undefined,
    completed: search.completed === true || search.completed === 'true' ? true : undefined,
  }),
  beforeLoad: ({ search }) => {
    if (search.agent) throw redirect({ to: '/agents/$agentId', params: { agentId: search.agent }, replace: true });
  },
  loader: ({ context }) => {
    // For the "New agent…" dialog's pickers; the page does not wait for it.
    void context.queryClient.prefetchQuery(memberQueries.list());
    return Promise.all([
      context.queryClient.ensureQueryData(agentQueries.list()),
      context.queryClient.ensureQueryData(teamQueries.list()),
    ]);
  },
  component: AgentsRoute,
});

function AgentsRoute() {
  const { q, completed } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AgentsPage
      query={q ?? ''}
      showCompleted={Boolean(completed)}
      onQuery={(value) =>
        void navigate({ search: (previous) => ({ ...previous, q: value || undefined }), replace: true })
      }
      onShowCompleted={(value) =>
        void navigate({ search: (previous) => ({ ...previous, completed: value || undefined }), replace: true })
      }
    />
  );
}
