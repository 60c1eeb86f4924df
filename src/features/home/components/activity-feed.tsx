import { useQuery } from '@tanstack/react-query';
import type { ActivityItem } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Avatar, useNow } from '@/ui';
import { homeQueries } from '../queries';
import { CardLink } from './card-link';
import { SectionStatus } from './section-status';

/** "moved “Receipt e-mails” to Review": what the actor did, after their name. */
export function describeActivity(item: ActivityItem): string {
  const card = `“${item.card.title}”`;
  switch (item.type) {
    case 'card.created':
      return `created ${card}${item.column ? ` in ${item.column.name}` : ''}`;
    case 'card.updated':
      return `edited ${card}`;
    case 'card.moved':
      return `moved ${card}${item.column ? ` to ${item.column.name}` : ''}`;
    case 'card.archived':
      return `archived ${card}`;
    case 'card.restored':
      return `restored ${card}`;
    case 'comment.created':
      return `${item.comment?.reply ? 'replied on' : 'commented on'} ${card}`;
    case 'comment.updated':
      return `edited a comment on ${card}`;
    case 'comment.resolved':
      return `resolved a thread on ${card}`;
    case 'comment.reopened':
      return `reopened a thread on ${card}`;
  }
}

/** What others did lately to the signed-in person's cards and threads, newest first. */
export function ActivityFeed() {
  const query = useQuery(homeQueries.activity());
  const now = useNow();
  const items = query.data;
  return (
    <section className="home-section" aria-labelledby="home-activity-title">
      <div className="home-section-header">
        <h2 id="home-activity-title">Activity on your cards</h2>
      </div>
      {!items ? (
        <SectionStatus error={query.error} onRetry={() => void query.refetch()} />
      ) : items.length === 0 ? (
        <div className="home-empty">
          <p>No recent activity</p>
          <p className="muted">
            When others move, edit or comment on your cards, or reply in threads you wrote in, it shows up here.
          </p>
        </div>
      ) : (
        <ol className="home-list home-activity" data-home-list="activity">
          {items.map((item) => (
            <li key={item.id} className="home-activity-item">
              <Avatar name={item.actor.name} kind={item.actor.kind} size={28} />
              <div className="home-activity-body">
                <CardLink className="home-activity-link" projectId={item.project.id} cardId={item.card.id}>
                  {item.actor.name} {describeActivity(item)}
                </CardLink>
                {item.comment && <q className="home-activity-snippet">{item.comment.snippet}</q>}
                <span className="home-activity-meta">
                  {item.project.name} ·{' '}
                  <time dateTime={item.at} title={formatDateTime(item.at)}>
                    {formatRelative(item.at, now)}
                  </time>
                </span>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
