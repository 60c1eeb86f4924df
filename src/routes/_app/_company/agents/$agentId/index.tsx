import { createFileRoute, notFound } from '@tanstack/react-router';
import { isApiError } from '@/api';
import { AgentPage, agentQueries } from '@/features/agents';
import { SessionList } from '@/features/agent-chat';
import { AgentSchedules, AgentWebhooks } from '@/features/automation';
import { AgentIntegrations } from '@/features/integrations';
import { teamQueries } from '@/features/directory';
import { memberQueries } from '@/features/members';

/**
 * One agent: its profile, the caller's conversations with it, (for its managers) tokens and feedback,
 * and what it may use and what wakes it: integrations, schedules, webhooks.
 */
export const Route = createFileRoute('/_app/_company/agents/$agentId/')({
  codeSplitGroupings: [['loader', 'component']],
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    // For the edit dialog's pickers, and the activity section: the page does not wait for them.
    void queryClient.prefetchQuery(memberQueries.list());
    void queryClient.prefetchInfiniteQuery(agentQueries.activity(params.agentId));
    try {
      await Promise.all([
        queryClient.ensureQueryData(agentQueries.detail(params.agentId)),
        queryClient.ensureQueryData(teamQueries.list()),
      ]);
    } catch (error) {
      // An agent that does not exist or is another company's, or an address that is not an agent's.
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }
  },
  component: AgentRoute,
});

function AgentRoute() {
  const { agentId } = Route.useParams();
  return (
    <AgentPage
      key={agentId}
      agentId={agentId}
      conversations={(headingId) => <SessionList agentId={agentId} aria-labelledby={headingId} />}
      sections={(agent) => (
        <>
          <AgentIntegrations agent={agent} />
          <AgentSchedules agent={agent} />
          <AgentWebhooks agent={agent} />
        </>
      )}
    />
  );
}
