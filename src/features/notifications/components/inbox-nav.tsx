import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { setDocumentTitlePrefix } from '@/ui';
import { useNotificationsLive } from '../live';
import { notificationQueries } from '../queries';
import { InboxIcon } from './icons';
import { InboxPopover } from './inbox-popover';
import './notifications.css';

/** The badge's number: up to 99, then "99+". */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * For the whole tab, once (the shell mounts it for a member of a company): keeps notifications
 * live and puts the unread count before every page's title, "(3) Board · Workspace".
 */
export function NotificationsHost() {
  useNotificationsLive();
  const count = useQuery(notificationQueries.count()).data ?? 0;
  useEffect(() => setDocumentTitlePrefix(count > 0 ? `(${count}) ` : ''), [count]);
  useEffect(() => () => setDocumentTitlePrefix(''), []);
  return null;
}

/**
 * The navigation's Inbox entry: a link to the inbox and, while something is unread, a badge with
 * the count ("Inbox, 3 unread"; 99+ beyond) that opens the newest unread ones in a popover.
 */
export function InboxNavEntry({ className }: { className: string }) {
  const count = useQuery(notificationQueries.count()).data ?? 0;
  // The open popover's badge (null while closed).
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const link = useRef<HTMLAnchorElement>(null);
  const popoverId = 'inbox-popover';
  // Nothing left unread: the badge goes, and the popover with it.
  if (count === 0 && anchor) setAnchor(null);

  return (
    <>
      <Link ref={link} to="/inbox" className={className} activeProps={{ 'aria-current': 'page' }}>
        <InboxIcon />
        Inbox
      </Link>
      {count > 0 && (
        <button
          type="button"
          className="inbox-badge"
          aria-label={`Inbox, ${count} unread`}
          aria-haspopup="dialog"
          aria-expanded={anchor !== null}
          aria-controls={anchor ? popoverId : undefined}
          onClick={(event) => setAnchor(anchor ? null : event.currentTarget)}
        >
          {badgeText(count)}
        </button>
      )}
      {anchor && (
        <InboxPopover
          id={popoverId}
          anchor={anchor}
          onClose={() => setAnchor(null)}
          // Focus that was in it when the badge went goes to the Inbox link.
          fallbackFocus={() => link.current}
        />
      )}
    </>
  );
}
