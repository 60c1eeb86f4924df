import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import { formatDate, formatDateTime } from '@/lib/format';
import { Button, DataTable } from '@/ui';
import { muteLink } from '../mute-link';
import { muteName, useUnmute } from '../mutations';
import { notificationSettingsQueries, type NotificationMute } from '../queries';
import { THING_KIND_LABELS } from '../type-titles';

/** A muted thing's title, linked to it when it can be opened. */
function MuteTitle({ mute }: { mute: NotificationMute }) {
  const link = muteLink(mute);
  if (!mute.title) return <span className="muted">Deleted</span>;
  if (!link) return <span>{mute.title}</span>;
  switch (link.to) {
    case '/projects/$projectId':
      return (
        <Link to={link.to} params={link.params} search={link.search}>
          {mute.title}
        </Link>
      );
    case '/projects/$projectId/wiki/$pageId':
      return (
        <Link to={link.to} params={link.params}>
          {mute.title}
        </Link>
      );
    case '/agents/$agentId/sessions/$sessionId':
      return (
        <Link to={link.to} params={link.params}>
          {mute.title}
        </Link>
      );
    case '/files':
      return (
        <Link to={link.to} search={link.search}>
          {mute.title}
        </Link>
      );
  }
}

/** What the person muted, with Unmute; focus goes to the heading when a row's button leaves. */
export function MuteList() {
  const mutes = useSuspenseQuery(notificationSettingsQueries.mutes()).data;
  const unmute = useUnmute();
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="card" aria-labelledby="notification-mutes-heading">
      <div className="card-header">
        <h2 id="notification-mutes-heading" ref={heading} tabIndex={-1}>
          Muted
        </h2>
        <p className="muted">
          Nothing new about these reaches you, except when someone mentions you. Mute a card, page, conversation or file
          from your inbox.
        </p>
      </div>
      {mutes.length === 0 ? (
        <p className="muted">You have not muted anything.</p>
      ) : (
        <DataTable aria-labelledby="notification-mutes-heading">
          <thead>
            <tr>
              <th scope="col">Kind</th>
              <th scope="col">Title</th>
              <th scope="col">Muted</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {mutes.map((mute) => (
              <tr key={`${mute.thingKind}:${mute.thingId}`}>
                <td data-label="Kind">
                  <span className="badge">{THING_KIND_LABELS[mute.thingKind]}</span>
                </td>
                <td>
                  <MuteTitle mute={mute} />
                </td>
                <td data-label="Muted">
                  <time dateTime={mute.createdAt} title={formatDateTime(mute.createdAt)}>
                    {formatDate(mute.createdAt)}
                  </time>
                </td>
                <td className="data-table-actions">
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={`Unmute ${muteName(mute)}`}
                    onClick={() => {
                      unmute.mutate(mute);
                      heading.current?.focus();
                    }}
                  >
                    Unmute
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
