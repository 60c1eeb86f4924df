import type { Me } from '@/api';
import { useHomeLive } from '../live';
import { ActivityFeed } from './activity-feed';
import { AssignedCards } from './assigned-cards';
import { RecentBoards } from './recent-boards';
import './home.css';

const today = new Intl.DateTimeFormat(undefined, { weekday: 'long', month: 'long', day: 'numeric' });

function greeting(hour: number) {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/**
 * Where a member of a company starts the day: the cards assigned to them, the boards they opened
 * lately, and what others did to their cards and threads, kept fresh by the live stream.
 */
export function Home({ me }: { me: Me }) {
  useHomeLive();
  const firstName = me.user.name.split(/\s+/)[0] ?? me.user.name;
  return (
    <div className="home">
      <header className="page-header">
        <h1>
          {greeting(new Date().getHours())}, {firstName}
        </h1>
        <p className="muted">
          {today.format(new Date())} · {me.company?.name}
        </p>
      </header>
      <RecentBoards userId={me.user.id} />
      <div className="home-columns">
        <AssignedCards />
        <ActivityFeed />
      </div>
    </div>
  );
}
