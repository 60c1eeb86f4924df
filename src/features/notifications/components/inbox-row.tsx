import { type ChangeEvent, type FocusEvent, type MouseEvent, useId } from 'react';
import { CheckIcon, ClockIcon } from '@/ui';
import { formatRelative } from '@/lib/format';
import { describeNotification, notificationHref, thingKindLabel } from '../present';
import type { Notification } from '../types';
import { MutedIcon } from './icons';
import { NotificationSummary } from './notification-summary';

type InboxRowProps = {
  notification: Notification;
  /** The row of the list that takes Tab (roving focus): its controls are in the tab order. */
  active: boolean;
  selected: boolean;
  /** Whether its thing is muted (null: credits, which cannot be). */
  muted: boolean | null;
  onFocus: (event: FocusEvent) => void;
  onOpen: (event: MouseEvent) => void;
  onSelect: (selected: boolean) => void;
  onToggleRead: () => void;
  onSnooze: (anchor: HTMLElement) => void;
  onToggleMute: () => void;
};

/**
 * One notification: a checkbox to select it, the link that opens it (who, what happened, the
 * snippet, when, and whether it is unread), and its actions — mark read or unread (e), snooze
 * (s), mute what it is about (m). Only the active row's controls are in the tab order.
 */
export function InboxRow(props: InboxRowProps) {
  const { notification, active, selected, muted } = props;
  const textId = useId();
  const unread = notification.readAt === null;
  const tab = active ? 0 : -1;
  const thing = thingKindLabel[notification.thing.kind].toLowerCase();
  const description = describeNotification(notification);
  return (
    <li
      className="inbox-row"
      data-notification-id={notification.id}
      data-unread={unread || undefined}
      data-selected={selected || undefined}
      onFocus={props.onFocus}
    >
      <input
        type="checkbox"
        className="inbox-row-check"
        tabIndex={tab}
        checked={selected}
        aria-label={`Select: ${description}, ${formatRelative(notification.createdAt)}`}
        onChange={(event: ChangeEvent<HTMLInputElement>) => props.onSelect(event.target.checked)}
      />
      <a
        id={textId}
        className="inbox-row-link notification-line"
        href={notificationHref(notification)}
        tabIndex={tab}
        onClick={props.onOpen}
      >
        {unread && <span className="visually-hidden">Unread: </span>}
        <NotificationSummary notification={notification} />
        <span className="inbox-unread-dot" data-unread={unread || undefined} aria-hidden="true" />
      </a>
      <span className="inbox-row-actions">
        <button
          type="button"
          className="inbox-row-action"
          tabIndex={tab}
          aria-label={unread ? 'Mark read' : 'Mark unread'}
          aria-describedby={textId}
          aria-keyshortcuts="e"
          title={unread ? 'Mark read (e)' : 'Mark unread (e)'}
          onClick={props.onToggleRead}
        >
          <CheckIcon />
        </button>
        <button
          type="button"
          className="inbox-row-action"
          data-action="snooze"
          tabIndex={tab}
          aria-label={notification.snoozedUntil ? 'Snoozed: change or bring back' : 'Snooze'}
          aria-describedby={textId}
          aria-haspopup="menu"
          aria-keyshortcuts="s"
          title="Snooze (s)"
          onClick={(event) => props.onSnooze(event.currentTarget)}
        >
          <ClockIcon />
        </button>
        {muted !== null && (
          <button
            type="button"
            className="inbox-row-action"
            tabIndex={tab}
            aria-label={muted ? `Unmute this ${thing}` : `Mute this ${thing}`}
            aria-describedby={textId}
            aria-keyshortcuts="m"
            title={muted ? `Unmute this ${thing} (m)` : `Mute this ${thing} (m)`}
            onClick={props.onToggleMute}
          >
            <MutedIcon />
          </button>
        )}
      </span>
    </li>
  );
}
