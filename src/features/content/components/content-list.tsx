import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Button, DataTable, PlusIcon, QueryNotice, SelectField, TextField, useNow } from '@/ui';
import { contentQueries, type ContentFilters, type ContentItemSummary } from '../queries';
import { KIND_LABELS, KIND_TABS, KINDS, type ContentKind, type ContentStatus } from '../rules';
import { StatusBadge, TagList } from './item-bits';

/** How long typing pauses before the search is sent. */
const SEARCH_DELAY_MS = 300;

type ContentListProps = {
  filters: ContentFilters;
  onFilters: (filters: ContentFilters) => void;
  /** Admins: "New" and the way to write the first item. */
  canWrite: boolean;
  onNew: (kind: ContentKind) => void;
};

/**
 * The company's content items: a kind switch, a status filter and a title search (all kept in
 * the address and answered by the server), newest change first, "Load more" for the next page.
 */
export function ContentList({ filters, onFilters, canWrite, onNew }: ContentListProps) {
  const list = useInfiniteQuery(contentQueries.list(filters));
  const items = useMemo(() => list.data?.pages.flat() ?? [], [list.data]);
  const filtered = Boolean(filters.kind || filters.status || filters.q);

  return (
    <div className="stack">
      <div className="content-toolbar">
        <KindSwitch kind={filters.kind} onKind={(kind) => onFilters({ ...filters, kind })} />
        {canWrite && (
          <Button variant="primary" onClick={() => onNew(filters.kind ?? 'article')}>
            <PlusIcon /> New {(filters.kind ? KIND_LABELS[filters.kind] : KIND_LABELS.article).toLowerCase()}…
          </Button>
        )}
      </div>
      <div className="content-filters">
        <SearchField value={filters.q ?? ''} onSearch={(q) => onFilters({ ...filters, q: q || undefined })} />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={(event) =>
            onFilters({ ...filters, status: (event.target.value || undefined) as ContentStatus | undefined })
          }
        >
          <option value="">All</option>
          <option value="draft">Drafts</option>
          <option value="published">Published</option>
        </SelectField>
      </div>
      {list.isPending ? (
        <QueryNotice status="loading" label="Loading content…" />
      ) : list.isError && items.length === 0 ? (
        <QueryNotice status="error" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        filtered ? (
          <QueryNotice
            status="empty"
            title={filters.q ? `Nothing matches “${filters.q}”` : 'Nothing matches these filters'}
            action={
              <Button size="small" onClick={() => onFilters({})}>
                Clear filters
              </Button>
            }
          >
            Titles are searched; the kind and status filters narrow the list.
          </QueryNotice>
        ) : (
          <QueryNotice
            status="empty"
            title="No content yet"
            action={
              canWrite ? (
                <Button size="small" variant="primary" onClick={() => onNew('article')}>
                  Write the first article
                </Button>
              ) : undefined
            }
          >
            {canWrite
              ? 'Articles, changelog entries and help pages you write here reach your public site once published.'
              : 'Admins write the articles, changelog entries and help pages of your public site here.'}
          </QueryNotice>
        )
      ) : (
        <>
          <ItemTable items={items} />
          {list.isFetchNextPageError && (
            <QueryNotice status="error" message={errorMessage(list.error)} onRetry={() => void list.fetchNextPage()} />
          )}
          {list.hasNextPage ? (
            <div>
              <Button size="small" busy={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </div>
          ) : (
            <p className="muted" role="status">
              {items.length === 1 ? '1 item' : `${items.length} items`}
            </p>
          )}
        </>
      )}
    </div>
  );
}

/** All, Articles, Changelog, Help: pressed buttons in one labelled group. */
function KindSwitch({ kind, onKind }: { kind?: ContentKind; onKind: (kind?: ContentKind) => void }) {
  const options: { value?: ContentKind; label: string }[] = [
    { label: 'All' },
    ...KINDS.map((value) => ({ value, label: KIND_TABS[value] })),
  ];
  return (
    <div className="content-kinds" role="group" aria-label="Kind">
      {options.map((option) => (
        <button
          key={option.label}
          type="button"
          className="content-kind"
          aria-pressed={kind === option.value}
          onClick={() => onKind(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}

/** The title search: sent when typing pauses (and at once on Enter). */
function SearchField({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  const onSearchRef = useRef(onSearch);
  useEffect(() => {
    onSearchRef.current = onSearch;
  });
  // A search changed elsewhere (Clear filters, the back button) shows here.
  useEffect(() => {
    if (value === sent.current) return;
    sent.current = value;
    setText(value);
  }, [value]);
  useEffect(() => {
    const q = text.trim();
    if (q === sent.current) return;
    const timer = setTimeout(() => {
      sent.current = q;
      onSearchRef.current(q);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <TextField
      label="Search titles"
      type="search"
      value={text}
      maxLength={200}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key !== 'Enter') return;
        const q = text.trim();
        if (q === sent.current) return;
        sent.current = q;
        onSearch(q);
      }}
    />
  );
}

function ItemTable({ items }: { items: ContentItemSummary[] }) {
  const now = useNow();
  return (
    <DataTable aria-label="Content items" className="content-table">
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Kind</th>
          <th scope="col">Status</th>
          <th scope="col">Tags</th>
          <th scope="col">Updated</th>
          <th scope="col">Author</th>
        </tr>
      </thead>
      <tbody>
        {items.map((item) => (
          <tr key={item.id}>
            <td>
              <Link to="/content/$itemId" params={{ itemId: item.id }}>
                <strong>{item.title}</strong>
              </Link>
              <div className="muted mono content-slug">/{item.slug}</div>
            </td>
            <td data-label="Kind">{KIND_LABELS[item.kind]}</td>
            <td data-label="Status">
              <StatusBadge status={item.status} />
              {item.status === 'published' && item.publishedAt && (
                <div className="muted content-published">
                  <time dateTime={item.publishedAt} title={formatDateTime(item.publishedAt)}>
                    {formatRelative(item.publishedAt, now)}
                  </time>
                </div>
              )}
            </td>
            <td data-label="Tags">
              {item.tags.length > 0 ? <TagList tags={item.tags} /> : <span className="muted">None</span>}
            </td>
            <td data-label="Updated">
              <time dateTime={item.updatedAt} title={formatDateTime(item.updatedAt)}>
                {formatRelative(item.updatedAt, now)}
              </time>
            </td>
            <td data-label="Author">{item.authorName ?? <span className="muted">Former member</span>}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
