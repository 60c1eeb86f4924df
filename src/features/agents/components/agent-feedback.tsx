import { useQuery } from '@tanstack/react-query';
import { errorMessage, type Agent } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Avatar, QueryNotice, useNow } from '@/ui';
import { agentQueries } from '../queries';

/**
 * What people think of the agent's replies (admins and its responsible person): thumbs up and
 * down, and the latest reasons given. The conversations stay private to the people who had them.
 */
export function AgentFeedback({ agent }: { agent: Agent }) {
  const feedback = useQuery(agentQueries.feedback(agent.id));
  const now = useNow();
  return (
    <section className="card stack" aria-labelledby="agent-feedback-heading">
      <h2 id="agent-feedback-heading">Feedback</h2>
      {feedback.isPending ? (
        <QueryNotice status="loading" label="Loading feedback…" />
      ) : feedback.isError ? (
        <QueryNotice status="error" message={errorMessage(feedback.error)} onRetry={() => void feedback.refetch()} />
      ) : (
        <>
          <dl className="agent-feedback-counts">
            <div>
              <dt>Thumbs up</dt>
              <dd data-rating="up">{feedback.data.up}</dd>
            </div>
            <div>
              <dt>Thumbs down</dt>
              <dd data-rating="down">{feedback.data.down}</dd>
            </div>
          </dl>
          {feedback.data.recent.length === 0 ? (
            <p className="muted">No feedback on {agent.name}’s replies yet.</p>
          ) : (
            <>
              <h3 id="agent-feedback-recent">Recent</h3>
              <ul className="agent-feedback-list" aria-labelledby="agent-feedback-recent">
                {feedback.data.recent.map((item) => (
                  <li key={item.messageId}>
                    <Avatar name={item.user?.name ?? '?'} size={28} />
                    <div className="stack" style={{ gap: 2 }}>
                      <span>
                        <strong>{item.user?.name ?? 'A former member'}</strong>{' '}
                        <span className="badge" data-tone={item.rating === 'up' ? 'success' : 'danger'}>
                          {item.rating === 'up' ? 'Thumbs up' : 'Thumbs down'}
                        </span>{' '}
                        <time className="muted" dateTime={item.at} title={formatDateTime(item.at)}>
                          {formatRelative(item.at, now)}
                        </time>
                      </span>
                      {item.comment ? <p className="agent-feedback-comment">{item.comment}</p> : null}
                    </div>
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
