import { type KeyboardEvent, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Menu, type MenuItem } from '@/ui';
import { type MuteTarget, useMarkRead, useSnooze, useToggleMute } from '../mutations';
import { useOpenNotification } from '../open';
import { groupByThing, groupTitle, thingKindLabel } from '../present';
import { snoozeChoices } from '../snooze';
import type { Notification } from '../types';
import { MutedIcon } from './icons';
import { InboxRow } from './inbox-row';

type InboxListProps = {
  notifications: Notification[];
  /** Muted things, as `kind:id`. */
  muted: Set<string>;
  selected: Set<string>;
  onSelectedChange: (selected: Set<string>) => void;
  /** Says something to screen readers (what a key did). */
  announce: (message: string) => void;
  /** Describes the keys, for the list's rows. */
  keysHintId: string;
};

const muteKey = (notification: Notification) => `${notification.thing.kind}:${notification.thing.id}`;

/** A row's link (what takes focus when the row does). */
function rowLink(list: HTMLElement | null, id: string) {
  return list?.querySelector<HTMLElement>(`[data-notification-id="${id}"] .inbox-row-link`) ?? null;
}

/**
 * The inbox's notifications grouped by what they are about, with roving focus: Tab enters the
 * list once (on the last row used), arrow keys or j/k move between rows across groups, Home/End
 * go to the ends; on a row, Enter opens it, e marks it read or unread, s snoozes it, m mutes its
 * thing, x selects it. A row that leaves the list (snoozed) hands focus to its neighbour.
 */
export function InboxList({ notifications, muted, selected, onSelectedChange, announce, keysHintId }: InboxListProps) {
  const groups = useMemo(() => groupByThing(notifications), [notifications]);
  const order = useMemo(() => groups.flatMap((group) => group.notifications), [groups]);
  const [activeId, setActiveId] = useState<string | null>(null);
  // The active row, or the first one when it has gone (read elsewhere and snoozed, say).
  const active = order.find((item) => item.id === activeId) ?? order[0];
  const list = useRef<HTMLDivElement>(null);
  const focusPending = useRef(false);
  const [snoozing, setSnoozing] = useState<{ notification: Notification; anchor: HTMLElement } | null>(null);
  const markRead = useMarkRead();
  const snooze = useSnooze();
  const toggleMute = useToggleMute();
  const open = useOpenNotification();

  // After a row left, its neighbour takes focus (once rendered).
  useLayoutEffect(() => {
    if (!focusPending.current || !active) return;
    focusPending.current = false;
    rowLink(list.current, active.id)?.focus();
  });

  function moveTo(index: number) {
    const target = order[Math.max(0, Math.min(order.length - 1, index))];
    if (!target) return;
    setActiveId(target.id);
    rowLink(list.current, target.id)?.focus();
  }

  /** The row is about to leave the list: its neighbour (the next one, else the previous) becomes active. */
  function leave(notification: Notification) {
    const index = order.findIndex((item) => item.id === notification.id);
    const neighbour = order[index + 1] ?? order[index - 1];
    setActiveId(neighbour?.id ?? null);
    // Keyboard or menu: focus was in the list (the menu gives it back to the row before this runs).
    focusPending.current = list.current?.contains(document.activeElement) ?? false;
  }

  function toggleRead(notification: Notification) {
    const read = notification.readAt === null;
    markRead.mutate({ notifications: [notification], read });
    announce(read ? 'Marked read' : 'Marked unread');
  }

  function toggleMuteOf(notification: Notification) {
    if (notification.thing.kind === 'credits') {
      announce('Credits notifications cannot be muted.');
      return;
    }
    const target: MuteTarget = {
      kind: notification.thing.kind,
      thingId: notification.thing.id,
      title: notification.thing.title,
      link: notification.link,
    };
    toggleMute.mutate({ target, mute: !muted.has(muteKey(notification)) });
  }

  function chooseSnooze(notification: Notification, until: Date | null, label: string) {
    leave(notification);
    snooze.mutate({ notification, until: until ? until.toISOString() : null });
    announce(until ? `Snoozed: ${label}` : 'Back in the inbox');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const row = (event.target as HTMLElement).closest<HTMLElement>('[data-notification-id]');
    const index = order.findIndex((item) => item.id === row?.dataset.notificationId);
    const notification = order[index];
    if (!notification || !row) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        moveTo(index + 1);
        break;
      case 'ArrowUp':
      case 'k':
        moveTo(index - 1);
        break;
      case 'Home':
        moveTo(0);
        break;
      case 'End':
        moveTo(order.length - 1);
        break;
      case 'e':
        toggleRead(notification);
        break;
      case 's': {
        const anchor = row.querySelector<HTMLElement>('[data-action="snooze"]');
        if (anchor) setSnoozing({ notification, anchor });
        break;
      }
      case 'm':
        toggleMuteOf(notification);
        break;
      case 'x':
        select(notification, !selected.has(notification.id));
        break;
      default:
        return;
    }
    event.preventDefault();
  }

  function select(notification: Notification, value: boolean) {
    const next = new Set(selected);
    if (value) next.add(notification.id);
    else next.delete(notification.id);
    onSelectedChange(next);
  }

  return (
    <div ref={list} className="inbox-groups" onKeyDown={handleKeyDown}>
      {groups.map((group) => {
        const headingId = `inbox-group-${group.key.replace(':', '-')}`;
        const isMuted = muted.has(group.key);
        return (
          <section key={group.key} className="inbox-group" aria-labelledby={headingId}>
            <h2 id={headingId} className="inbox-group-title">
              <span className="inbox-group-kind">{thingKindLabel[group.kind]}</span>
              <span className="inbox-group-name">{groupTitle(group)}</span>
              {isMuted && (
                <span className="badge">
                  <MutedIcon /> Muted
                </span>
              )}
            </h2>
            <ul className="inbox-rows" aria-labelledby={headingId} aria-describedby={keysHintId}>
              {group.notifications.map((notification) => (
                <InboxRow
                  key={notification.id}
                  notification={notification}
                  active={notification.id === active?.id}
                  selected={selected.has(notification.id)}
                  muted={group.kind === 'credits' ? null : isMuted}
                  onFocus={() => setActiveId(notification.id)}
                  onOpen={(event) => open(notification, event)}
                  onSelect={(value) => select(notification, value)}
                  onToggleRead={() => toggleRead(notification)}
                  onSnooze={(anchor) => setSnoozing({ notification, anchor })}
                  onToggleMute={() => toggleMuteOf(notification)}
                />
              ))}
            </ul>
          </section>
        );
      })}
      {snoozing && (
        <SnoozeMenu
          notification={snoozing.notification}
          anchor={snoozing.anchor}
          onChoose={(until, label) => chooseSnooze(snoozing.notification, until, label)}
          onClose={() => setSnoozing(null)}
        />
      )}
    </div>
  );
}

/**
 * Snooze until: an hour, tomorrow 9:00, next week; for a snoozed notification, also "Back to the
 * inbox now" (`until` null).
 */
function SnoozeMenu({
  notification,
  anchor,
  onChoose,
  onClose,
}: {
  notification: Notification;
  anchor: HTMLElement;
  onChoose: (until: Date | null, label: string) => void;
  onClose: () => void;
}) {
  const choices: MenuItem[] = snoozeChoices(new Date()).map((choice) => ({
    label: choice.label,
    onSelect: () => onChoose(choice.until, choice.label),
  }));
  const items = notification.snoozedUntil
    ? [{ label: 'Back to the inbox now', onSelect: () => onChoose(null, '') }, ...choices]
    : choices;
  return (
    <Menu
      anchor={anchor}
      label={notification.snoozedUntil ? 'Snoozed until' : 'Snooze until'}
      items={items}
      onClose={onClose}
    />
  );
}
