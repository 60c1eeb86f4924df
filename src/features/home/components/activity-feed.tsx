import { useQuery } from '@tanstack/react-query';
import { homeQueries } from '../queries';
import { ActivityList } from './activity-list';
import { SectionStatus } from './section-status';

/** What others did lately to the signed-in person's cards and threads, newest first. */
export function ActivityFeed() {
  const query = useQuery(homeQueries.activity());
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
        <ActivityList items={items} data-home-list="activity" />
      )}
    </section>
  );
}
