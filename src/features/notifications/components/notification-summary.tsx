import { Avatar, useNow } from '@/ui';
import { formatDateTime, formatRelative } from '@/lib/format';
import { actorName, isAboutCredits, whatHappened } from '../present';
import type { Notification } from '../types';

/**
 * What a notification says, as the inbox and the popover show it: who (avatar and name), what
 * happened, the snippet, and when. The avatar is decorative: the name is written beside it.
 */
export function NotificationSummary({ notification, thing }: { notification: Notification; thing?: string }) {
  const now = useNow();
  const who = actorName(notification);
  const credits = isAboutCredits(notification);
  return (
    <>
      {credits || !who ? (
        <span className="notification-avatar-placeholder" aria-hidden="true" />
      ) : (
        <Avatar name={who} size={28} kind={notification.actor?.kind === 'agent' ? 'agent' : 'human'} />
      )}
      <span className="notification-text">
        <span className="notification-what">
          {credits ? (
            <strong>{whatHappened(notification)}</strong>
          ) : (
            <>
              <strong>{who ?? 'Someone'}</strong> {whatHappened(notification)}
            </>
          )}
          {thing && <span className="notification-thing"> · {thing}</span>}
        </span>
        {notification.snippet && <span className="notification-snippet">{notification.snippet}</span>}
        {notification.snoozedUntil && (
          <span className="notification-snoozed muted">Snoozed until {formatDateTime(notification.snoozedUntil)}</span>
        )}
      </span>
      <time
        className="notification-time muted"
        dateTime={notification.createdAt}
        title={formatDateTime(notification.createdAt)}
      >
        {/* The clock ticks each minute: a notification newer than its last tick is "just now", never "in 1 minute". */}
        {formatRelative(notification.createdAt, Math.max(now, Date.parse(notification.createdAt)))}
      </time>
    </>
  );
}
