import { useInfiniteQuery } from '@tanstack/react-query';
import { errorMessage, type Agent } from '@/api';
import { ActivityList } from '@/features/home';
import { PagedList } from '@/ui';
import { useAgentActivityLive } from '../live';
import { agentQueries } from '../queries';

/**
 * What the agent did on the company's cards (moves, edits, comments), newest first, kept fresh
 * while shown; "Show older" reads further back. Every member sees it.
 */
export function AgentActivity({ agent }: { agent: Agent }) {
  const query = useInfiniteQuery(agentQueries.activity(agent.id));
  useAgentActivityLive(agent.id);
  const items = query.data?.pages.flat();

  return (
    <section className="card stack" aria-labelledby="agent-activity-heading">
      <h2 id="agent-activity-heading">Activity</h2>
      <PagedList
        query={query}
        items={items}
        errorMessage={errorMessage}
        loadingLabel="Loading activity…"
        empty={<p className="muted">Nothing yet: what {agent.name} does on cards shows here.</p>}
        moreLabel="Show older"
      >
        {(items) => <ActivityList items={items} aria-labelledby="agent-activity-heading" />}
      </PagedList>
    </section>
  );
}
