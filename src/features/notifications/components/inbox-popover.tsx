import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Spinner } from '@/ui';
import { useOpenNotification } from '../open';
import { groupTitle, notificationHref } from '../present';
import { notificationQueries, uniqueById } from '../queries';
import { NotificationSummary } from './notification-summary';

/** How many of the newest unread notifications the popover shows. */
const SHOWN = 6;

/**
 * The newest unread notifications, from the navigation's badge (a non-modal dialog): focus moves
 * into it, arrow keys move between them, Escape closes it and focus goes back to the badge;
 * clicking outside or tabbing out closes it too. Opening one marks it read.
 */
export function InboxPopover({
  id,
  anchor,
  onClose,
  fallbackFocus,
}: {
  id: string;
  anchor: HTMLElement;
  onClose: () => void;
  /** Where focus goes if the popover disappears with it inside and the badge is gone too. */
  fallbackFocus: () => HTMLElement | null;
}) {
  const popover = useRef<HTMLDivElement>(null);
  const headingId = useId();
  const list = useInfiniteQuery(notificationQueries.list('unread'));
  const unread = uniqueById(list.data?.pages)
    .filter((item) => item.readAt === null)
    .slice(0, SHOWN);
  const [position, setPosition] = useState<{ top: number; left: number } | null>(null);
  const closeRef = useRef(onClose);
  useEffect(() => {
    closeRef.current = onClose;
  });
  const open = useOpenNotification(onClose);

  useLayoutEffect(() => {
    const element = popover.current;
    if (!element) return;
    const box = anchor.getBoundingClientRect();
    const { offsetWidth: width, offsetHeight: height } = element;
    // Beside the badge, to the right of the navigation; below it where there is no room (a phone).
    let left = box.right + 8;
    let top = box.top - 8;
    if (left + width > window.innerWidth - 8) {
      left = Math.max(8, window.innerWidth - width - 8);
      top = box.bottom + 4;
    }
    top = Math.max(8, Math.min(top, window.innerHeight - height - 8));
    setPosition({ top, left });
  }, [anchor, list.isPending]);

  // Once placed (and visible), focus goes to the first notification, or to the dialog while they
  // load; checked again on the next frame, so nothing that settles focus after this render (the
  // click that opened it) leaves it outside.
  const placed = position !== null;
  const focusedItem = useRef(false);
  useLayoutEffect(() => {
    const element = popover.current;
    if (!placed || !element || focusedItem.current) return;
    const place = () => {
      const item = element.querySelector<HTMLElement>('.inbox-popover-item');
      if (item) {
        if (document.activeElement === element || !element.contains(document.activeElement)) item.focus();
        focusedItem.current = element.contains(document.activeElement) && document.activeElement !== element;
      } else if (!element.contains(document.activeElement)) element.focus();
    };
    place();
    const frame = requestAnimationFrame(() => {
      if (element.isConnected && (document.activeElement === element || !element.contains(document.activeElement)))
        place();
    });
    return () => cancelAnimationFrame(frame);
  });

  // Closed with focus inside (the last one read elsewhere, a navigation): focus is not lost.
  const fallbackRef = useRef(fallbackFocus);
  useEffect(() => {
    fallbackRef.current = fallbackFocus;
  });
  useLayoutEffect(() => {
    const element = popover.current;
    return () => {
      if (!element?.contains(document.activeElement)) return;
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        (anchor.isConnected ? anchor : fallbackRef.current())?.focus();
      });
    };
  }, [anchor]);

  useEffect(() => {
    const dismiss = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!popover.current?.contains(target) && !anchor.contains(target)) closeRef.current();
    };
    const onResize = () => closeRef.current();
    document.addEventListener('pointerdown', dismiss, true);
    window.addEventListener('resize', onResize);
    return () => {
      document.removeEventListener('pointerdown', dismiss, true);
      window.removeEventListener('resize', onResize);
    };
  }, [anchor]);

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      anchor.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    const items = [
      ...(popover.current?.querySelectorAll<HTMLElement>('.inbox-popover-item, .inbox-popover-all') ?? []),
    ];
    const index = items.indexOf(document.activeElement as HTMLElement);
    const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
    items[(next + items.length) % items.length]?.focus();
    event.preventDefault();
  }

  return createPortal(
    <div
      ref={popover}
      id={id}
      role="dialog"
      aria-labelledby={headingId}
      tabIndex={-1}
      className="inbox-popover"
      style={position ?? { visibility: 'hidden' }}
      onKeyDown={handleKeyDown}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        // Tabbing out closes it; focus that goes nowhere (a click on the page) is handled on pointerdown.
        if (next && !event.currentTarget.contains(next) && !anchor.contains(next)) onClose();
      }}
    >
      <h2 id={headingId} className="inbox-popover-title">
        Newest unread
      </h2>
      {list.isPending ? (
        <p className="row muted" role="status">
          <Spinner /> Loading notifications…
        </p>
      ) : list.isError ? (
        <p className="muted" role="alert">
          Could not load your notifications.
        </p>
      ) : unread.length === 0 ? (
        <p className="muted">Nothing unread.</p>
      ) : (
        <ul className="inbox-popover-list">
          {unread.map((notification) => (
            <li key={notification.id}>
              <a
                className="inbox-popover-item notification-line"
                href={notificationHref(notification)}
                onClick={(event) => open(notification, event)}
              >
                <NotificationSummary
                  notification={notification}
                  thing={groupTitle({ kind: notification.thing.kind, title: notification.thing.title })}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      <Link to="/inbox" className="inbox-popover-all" onClick={onClose}>
        Open inbox
      </Link>
    </div>,
    document.body,
  );
}
