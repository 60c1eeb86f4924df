import { useQuery, useSuspenseInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useId, useMemo, useState } from 'react';
import { Button, EmptyState, ShowMore, useDocumentTitle } from '@/ui';
import { errorMessage } from '@/api';
import { useMarkAllRead, useMarkRead } from '../mutations';
import { notificationQueries, uniqueById } from '../queries';
import type { InboxFilter } from '../types';
import { InboxList } from './inbox-list';
import './notifications.css';

const tabs: { filter: InboxFilter; label: string }[] = [
  { filter: 'all', label: 'All' },
  { filter: 'unread', label: 'Unread' },
  { filter: 'snoozed', label: 'Snoozed' },
];

/** What each tab says when it has nothing: what lands there. */
const empty: Record<InboxFilter, { title: string; text: string }> = {
  all: {
    title: 'Nothing in your inbox yet',
    text: 'Mentions of you, replies in your threads, cards assigned to you, agents finishing or failing work you delegated and files granted to your agents land here (and low credits, for admins).',
  },
  unread: {
    title: 'You’re all caught up',
    text: 'New mentions, replies, assignments and agents’ results show up here as they happen.',
  },
  snoozed: {
    title: 'Nothing snoozed',
    text: 'Snooze a notification (s) to put it away until later: it comes back unread at that time.',
  },
};

/**
 * The inbox: the person's notifications (All, Unread, Snoozed), grouped by what they are about,
 * newest first; open one, mark it read, snooze it, mute its thing, or select several and mark
 * them read; "Mark all read" marks what the inbox shows and older.
 */
export function InboxPage({ filter }: { filter: InboxFilter }) {
  useDocumentTitle('Inbox');
  const list = useSuspenseInfiniteQuery(notificationQueries.list(filter));
  const notifications = useMemo(() => uniqueById(list.data.pages), [list.data.pages]);
  const count = useQuery(notificationQueries.count()).data;
  const mutes = useQuery(notificationQueries.mutes()).data;
  const muted = useMemo(() => new Set((mutes ?? []).map((mute) => `${mute.thingKind}:${mute.thingId}`)), [mutes]);
  const [selectedIds, setSelectedIds] = useState<Set<string>>(new Set());
  const selected = notifications.filter((notification) => selectedIds.has(notification.id));
  const [announcement, setAnnouncement] = useState('');
  const keysHintId = useId();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();

  const anyUnread = (count ?? 0) > 0 || notifications.some((notification) => notification.readAt === null);
  const newest = notifications.reduce<string | null>(
    (latest, notification) =>
      latest === null || Date.parse(notification.createdAt) > Date.parse(latest) ? notification.createdAt : latest,
    null,
  );
  const allShownSelected = notifications.length > 0 && selected.length === notifications.length;

  function announce(message: string) {
    // The same words twice in a row are still read out: the region changes in between.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(message));
  }

  function markSelectedRead() {
    markRead.mutate({ notifications: selected, read: true });
    setSelectedIds(new Set());
    announce(selected.length === 1 ? 'Marked 1 notification read' : `Marked ${selected.length} notifications read`);
  }

  function markEverythingRead() {
    if (!newest) return;
    markAllRead.mutate(newest);
    setSelectedIds(new Set());
    announce('Marked all read');
  }

  return (
    <div className="inbox">
      <header className="page-header">
        <h1>Inbox</h1>
        <p className="muted">
          {count === undefined ? 'What needs you.' : count === 0 ? 'Nothing unread.' : `${count} unread.`}
        </p>
      </header>
      <nav aria-label="Inbox filters" className="subnav">
        {tabs.map((tab) => (
          <Link
            key={tab.filter}
            to="/inbox"
            search={tab.filter === 'all' ? {} : { filter: tab.filter }}
            activeOptions={{ includeSearch: true, exact: true }}
          >
            {tab.label}
          </Link>
        ))}
      </nav>
      {notifications.length > 0 && (
        <div className="inbox-toolbar">
          <label className="inbox-select-all">
            <input
              type="checkbox"
              checked={allShownSelected}
              ref={(input) => {
                if (input) input.indeterminate = selected.length > 0 && !allShownSelected;
              }}
              onChange={(event) =>
                setSelectedIds(
                  new Set(event.target.checked ? notifications.map((notification) => notification.id) : []),
                )
              }
            />
            Select all shown
          </label>
          <Button size="small" disabled={selected.length === 0} onClick={markSelectedRead}>
            Mark selected read{selected.length > 0 ? ` (${selected.length})` : ''}
          </Button>
          {filter !== 'snoozed' && (
            <Button size="small" disabled={!anyUnread} onClick={markEverythingRead}>
              Mark all read
            </Button>
          )}
          <p id={keysHintId} className="muted inbox-keys">
            Keys: <kbd>j</kbd> <kbd>k</kbd> move, <kbd>Enter</kbd> opens, <kbd>e</kbd> read or unread, <kbd>s</kbd>{' '}
            snooze, <kbd>m</kbd> mute, <kbd>x</kbd> select
          </p>
        </div>
      )}
      {notifications.length === 0 ? (
        <EmptyState title={empty[filter].title}>{empty[filter].text}</EmptyState>
      ) : (
        <InboxList
          notifications={notifications}
          muted={muted}
          selected={selectedIds}
          onSelectedChange={setSelectedIds}
          announce={announce}
          keysHintId={keysHintId}
        />
      )}
      <ShowMore
        hasMore={list.hasNextPage}
        loading={list.isFetchingNextPage}
        error={list.isFetchNextPageError ? errorMessage(list.error) : null}
        onMore={() => void list.fetchNextPage()}
      />
      <p role="status" className="visually-hidden">
        {announcement}
      </p>
    </div>
  );
}
