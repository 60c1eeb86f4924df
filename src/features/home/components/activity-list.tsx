import type { ComponentPropsWithoutRef } from 'react';
import type { ActivityItem } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Avatar, useNow } from '@/ui';
import { CardLink } from './card-link';
import './activity.css';

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

/**
 * Activity items in the order given (`GET /users/me/activity`, `GET /agents/{id}/activity`): who
 * did what to which card, linking to the card, with the comment's opening words, the project and
 * how long ago. Home's feed and an agent's page share it.
 */
export function ActivityList({
  items,
  ...props
}: { items: ActivityItem[] } & Omit<ComponentPropsWithoutRef<'ol'>, 'children' | 'className'>) {
  const now = useNow();
  return (
    <ol className="activity-list" {...props}>
      {items.map((item) => (
        <li key={item.id} className="activity-item">
          <Avatar name={item.actor.name} kind={item.actor.kind} size={28} />
          <div className="activity-body">
            <CardLink className="activity-link" projectId={item.project.id} cardId={item.card.id}>
              {item.actor.name} {describeActivity(item)}
            </CardLink>
            {item.comment && <q className="activity-snippet">{item.comment.snippet}</q>}
            <span className="activity-meta">
              {item.project.name} ·{' '}
              <time dateTime={item.at} title={formatDateTime(item.at)}>
                {formatRelative(item.at, now)}
              </time>
            </span>
          </div>
        </li>
      ))}
    </ol>
  );
}
