import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage, type Me } from '@/api';
import { formatDate, formatDateTime } from '@/lib/format';
import { Button, ConfirmDialog, DataTable, QueryNotice, SelectField, TextField, toast } from '@/ui';
import { downloadSubscribersCsv } from '../export';
import { useRemoveSubscriber } from '../mutations';
import {
  type NewsletterStatus,
  type NewsletterSubscriber,
  newsletterQueries,
  subscriberRows,
  type SubscriberFilters,
} from '../queries';
import { SignupFormPanel } from './signup-form-panel';
import './newsletter.css';

export const STATUS_LABELS: Record<NewsletterStatus, string> = {
  confirmed: 'Confirmed',
  pending: 'Pending',
  unsubscribed: 'Unsubscribed',
};
const STATUS_TONES: Record<NewsletterStatus, 'success' | 'accent' | undefined> = {
  confirmed: 'success',
  pending: 'accent',
  unsubscribed: undefined,
};
/** Typing settles this long before the list is asked again. */
const SEARCH_DELAY = 300;

/**
 * Content → Newsletter (admins with `manageContent`): the subscribers, filtered by status and
 * searched by address (both kept in the address bar), exported as CSV, removed on request; and the
 * public signup form's link and a snippet for the company's site. Members get an explanation.
 */
export function SubscribersPage({
  me,
  filters,
  onFilters,
}: {
  me: Me;
  filters: SubscriberFilters;
  onFilters: (filters: SubscriberFilters) => void;
}) {
  if (!me.permissions.manageContent || !me.company)
    return (
      <QueryNotice status="empty" title="Only company admins can see the newsletter’s subscribers.">
        Ask an admin of {me.company?.name ?? 'your company'} for the list or for the signup form’s link.
      </QueryNotice>
    );
  return (
    <div className="stack newsletter-admin" style={{ gap: 24 }}>
      <SubscribersSection filters={filters} onFilters={onFilters} />
      <SignupFormPanel companyId={me.company.id} />
    </div>
  );
}

function SubscribersSection({
  filters,
  onFilters,
}: {
  filters: SubscriberFilters;
  onFilters: (filters: SubscriberFilters) => void;
}) {
  const list = useInfiniteQuery(newsletterQueries.subscribers(filters));
  const rows = useMemo(() => subscriberRows(list.data?.pages), [list.data]);
  const remove = useRemoveSubscriber();
  const [removing, setRemoving] = useState<NewsletterSubscriber | null>(null);
  const [exporting, setExporting] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const filtered = Boolean(filters.status || filters.q);

  return (
    <section className="card stack" aria-labelledby="subscribers-heading">
      <div className="newsletter-section-header">
        <h2 id="subscribers-heading" ref={heading} tabIndex={-1}>
          Subscribers
        </h2>
        <Button
          busy={exporting}
          onClick={() => {
            setExporting(true);
            downloadSubscribersCsv(filters)
              .then((name) => toast('success', 'Subscribers exported', name))
              .catch((error: unknown) => toast('error', 'Could not export the subscribers', errorMessage(error)))
              .finally(() => setExporting(false));
          }}
        >
          Export CSV
        </Button>
      </div>
      <div className="newsletter-filters">
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) =>
            onFilters({ ...filters, status: (event.target.value || undefined) as NewsletterStatus | undefined })
          }
        >
          <option value="">All</option>
          {(Object.keys(STATUS_LABELS) as NewsletterStatus[]).map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </SelectField>
        <SearchField value={filters.q ?? ''} onSearch={(q) => onFilters({ ...filters, q: q || undefined })} />
      </div>
      {list.isPending ? (
        <QueryNotice status="loading" label="Loading the subscribers…" />
      ) : list.isError && !list.data ? (
        <QueryNotice status="error" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <QueryNotice
          status="empty"
          title={filtered ? 'No subscribers match these filters.' : 'No subscribers yet.'}
          action={filtered ? <Button onClick={() => onFilters({})}>Clear filters</Button> : undefined}
        >
          {filtered ? undefined : 'Share the signup form below: people who sign up appear here.'}
        </QueryNotice>
      ) : (
        <>
          <SubscribersTable rows={rows} onRemove={setRemoving} />
          {list.isFetchNextPageError && (
            <QueryNotice status="error" message={errorMessage(list.error)} onRetry={() => void list.fetchNextPage()} />
          )}
          <div className="row">
            {list.hasNextPage ? (
              <Button size="small" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            ) : (
              <p className="muted" role="status">
                {rows.length === 1 ? 'One subscriber' : `${rows.length} subscribers`}
                {filtered ? ' match.' : '.'}
              </p>
            )}
          </div>
        </>
      )}
      <ConfirmDialog
        open={removing !== null}
        title={`Remove ${removing?.email ?? ''}?`}
        description="The address and its history are deleted for good, as for a request to be forgotten. It may sign up again. To stop the newsletter but keep the record, the subscriber unsubscribes instead."
        confirmLabel="Remove subscriber"
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing);
          setRemoving(null);
          // After the dialog has closed and handed focus back: the row's button is gone.
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </section>
  );
}

/** The search box: the list follows once typing settles. */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  // Another way of changing the address ("Clear filters", back) shows here too.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      latest.current(q);
    }, SEARCH_DELAY);
    return () => clearTimeout(timer);
  }, [text]);
  return (
    <TextField
      label="Search by email"
      type="search"
      placeholder="name@example.com"
      maxLength={254}
      value={text}
      onChange={(event) => setText(event.target.value)}
    />
  );
}

function DateCell({ label, iso }: { label: string; iso: string | null }) {
  return (
    <td data-label={label} className={iso ? undefined : 'newsletter-no-date'}>
      {iso ? (
        <time dateTime={iso} title={formatDateTime(iso)}>
          {formatDate(iso)}
        </time>
      ) : (
        <span className="muted">—</span>
      )}
    </td>
  );
}

/** The subscribers, newest signup first, each with its dates and a Remove button. */
export function SubscribersTable({
  rows,
  onRemove,
}: {
  rows: NewsletterSubscriber[];
  onRemove: (subscriber: NewsletterSubscriber) => void;
}) {
  return (
    <DataTable aria-labelledby="subscribers-heading" className="newsletter-table">
      <thead>
        <tr>
          <th scope="col">Email</th>
          <th scope="col">Status</th>
          <th scope="col">Subscribed</th>
          <th scope="col">Confirmed</th>
          <th scope="col">Unsubscribed</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.id}>
            <td className="newsletter-email">{row.email}</td>
            <td data-label="Status">
              <span className="badge" data-tone={STATUS_TONES[row.status]}>
                {STATUS_LABELS[row.status]}
              </span>
            </td>
            <DateCell label="Subscribed" iso={row.createdAt} />
            <DateCell label="Confirmed" iso={row.confirmedAt} />
            <DateCell label="Unsubscribed" iso={row.unsubscribedAt} />
            <td className="data-table-actions">
              <Button size="small" variant="ghost" onClick={() => onRemove(row)} aria-label={`Remove ${row.email}`}>
                Remove
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
