import { Suspense } from 'react';
import { QueryNotice } from '@/ui';
import { MuteList } from './mute-list';
import { PreferenceList } from './preference-list';
import './notification-settings.css';

/** Settings → Notifications: email per type, and what the person muted. */
export function NotificationSettingsPage() {
  return (
    <div className="stack" style={{ gap: 24 }}>
      <Suspense fallback={<QueryNotice status="loading" label="Loading your notification settings…" />}>
        <PreferenceList />
      </Suspense>
      <Suspense fallback={<QueryNotice status="loading" label="Loading what you muted…" />}>
        <MuteList />
      </Suspense>
    </div>
  );
}
