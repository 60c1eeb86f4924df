import { createFileRoute } from '@tanstack/react-router';
import { AgentDirectory, teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';
import { useDocumentTitle } from '@/ui';

export const Route = createFileRoute('/_app/_company/agents')({
  validateSearch: (search: Record<string, unknown>): { agent?: string; q?: string; completed?: boolean } => ({
    agent: typeof search.agent === 'string' ? search.agent : undefined,
    q: typeof search.q === 'string' && search.q.length <= 80 ? search.q : undefined,
    completed: search.completed === true || search.completed === 'true' ? true : undefined,
  }),
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(memberQueries.list()),
      context.queryClient.ensureQueryData(teamQueries.list()),
    ]),
  component: AgentsPage,
});

function AgentsPage() {
  const { agent, q, completed } = Route.useSearch();
  const navigate = Route.useNavigate();
  useDocumentTitle('Agents');
  return (
    <div>
      <header className="page-header">
        <h1>Agents</h1>
        <p className="muted">The AI agents working in your company, and who is responsible for each.</p>
      </header>
      <AgentDirectory
        selected={agent}
        query={q ?? ''}
        // An agent opened directly (from search, say) is shown even when completed ones are hidden.
        showCompleted={Boolean(completed)}
        onQuery={(value) =>
          void navigate({ search: (previous) => ({ ...previous, q: value || undefined }), replace: true })
        }
        onShowCompleted={(value) =>
          void navigate({ search: (previous) => ({ ...previous, completed: value || undefined }), replace: true })
        }
        onClose={() => void navigate({ search: (previous) => ({ ...previous, agent: undefined }) })}
      />
    </div>
  );
}
