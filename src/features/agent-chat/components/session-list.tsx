import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { errorMessage } from '@/api';
import { SessionCredits } from '@/features/credits';
import { useMemberMap } from '@/features/members';
import { formatDateTime, formatRelative } from '@/lib/format';
import { QueryNotice, ShowMore, useNow } from '@/ui';
import { useSessionListLive } from '../live';
import { agentChatQueries } from '../queries';
import { SessionStatusBadge } from './session-status-badge';
import './agent-chat.css';

/**
 * The signed-in person's conversations (with one agent, or with every agent), newest activity
 * first, with their title, state and last activity; "Show more" reads the next page. Each opens
 * its conversation.
 */
export function SessionList({
  agentId,
  'aria-labelledby': labelledBy,
}: {
  /** Only the conversations with this agent; all of them when absent. */
  agentId?: string;
  /** The heading that names the list, where the page has one. */
  'aria-labelledby'?: string;
}) {
  const query = useInfiniteQuery(agentChatQueries.sessions(agentId));
  const members = useMemberMap();
  const now = useNow();
  useSessionListLive();
  const sessions = query.data?.pages.flat();

  if (!sessions) {
    return query.error ? (
      <QueryNotice status="error" message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
    ) : (
      <QueryNotice status="loading" label="Loading conversations…" />
    );
  }
  if (sessions.length === 0) {
    return (
      <QueryNotice status="empty" title="No conversations yet">
        {agentId ? 'Start one to ask this agent for help.' : 'Conversations you start with agents are listed here.'}
      </QueryNotice>
    );
  }
  return (
    <div className="agent-sessions stack">
      <ul
        className="agent-sessions-list"
        aria-labelledby={labelledBy}
        aria-label={labelledBy ? undefined : 'Conversations'}
      >
        {sessions.map((session) => (
          <li key={session.id} className="agent-sessions-item">
            <Link
              to="/agents/$agentId/sessions/$sessionId"
              params={{ agentId: session.agentId, sessionId: session.id }}
              className="agent-sessions-link"
            >
              {session.title}
            </Link>
            <span className="agent-sessions-meta">
              <SessionStatusBadge status={session.status} />
              {!agentId && <span>{members.get(session.agentId)?.name ?? 'Agent'}</span>}
              {session.card && <span>Card: {session.card.title}</span>}
              {Boolean(session.creditsSpent) && (
                <SessionCredits agentId={session.agentId} spent={session.creditsSpent} />
              )}
              <time dateTime={session.lastMessageAt} title={formatDateTime(session.lastMessageAt)}>
                {formatRelative(session.lastMessageAt, now)}
              </time>
            </span>
          </li>
        ))}
      </ul>
      <ShowMore
        hasMore={Boolean(query.hasNextPage)}
        loading={query.isFetchingNextPage}
        error={query.error ? errorMessage(query.error) : null}
        onMore={() => void query.fetchNextPage()}
      />
    </div>
  );
}
