import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { errorMessage, type WikiPage, type WikiRevisionSummary } from '@/api';
import { formatDate, formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, FormError, QueryNotice, SidePanel, useNow } from '@/ui';
import { revisionQueries, useRestoreRevision, useRevisionsLive } from '../revisions';
import { RevisionDiff } from './revision-diff';
import './history.css';

export type HistoryPanelProps = {
  projectId: string;
  pageId: string;
  /** The revision the open page shows: when it is newer than the list's newest, the list is read again. */
  currentRevisionId: string;
  /** The revision shown first (`?revision=`), when it is among the newest loaded; else the newest. */
  initialRevisionId?: string;
  /** The page as it is after a restore (a new revision), for the page's cache and the editor. */
  onRestored: (page: WikiPage) => void;
  onClose: () => void;
};

/** Edits by one author this close together (and no rename or restore among them) form one entry. */
const RUN_GAP_MS = 15 * 60_000;

/** Revisions (newest first) in runs: one author's consecutive plain edits, each within RUN_GAP_MS of the next. */
export function editRuns(revisions: readonly WikiRevisionSummary[]): { key: string; items: WikiRevisionSummary[] }[] {
  const runs: { key: string; items: WikiRevisionSummary[] }[] = [];
  const plain = (revision: WikiRevisionSummary) => !revision.restoredFrom && revision.summary.startsWith('Edited');
  const authorOf = (revision: WikiRevisionSummary) =>
    revision.author.agentId ?? revision.author.userId ?? revision.author.name;
  for (const revision of revisions) {
    const run = runs.at(-1);
    const last = run?.items.at(-1);
    if (
      run &&
      last &&
      plain(last) &&
      plain(revision) &&
      authorOf(last) === authorOf(revision) &&
      Date.parse(last.at) - Date.parse(revision.at) <= RUN_GAP_MS
    )
      run.items.push(revision);
    else runs.push({ key: revision.id, items: [revision] });
  }
  return runs;
}

const formatTime = (at: string) => new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });

const authorName = (revision: WikiRevisionSummary) =>
  revision.author.agentId ? `${revision.author.name} (agent)` : revision.author.name;

/**
 * The page's history beside it: every revision with its author, time and summary, newest first
 * (older ones on request); two of them compared (by default the chosen one against the one before
 * it; "From" and "To" are two radio groups, so the keyboard picks any pair); and a revision
 * restored after a confirmation, as a new revision that keeps the current text in the history.
 */
export function HistoryPanel({
  projectId,
  pageId,
  currentRevisionId,
  initialRevisionId,
  onRestored,
  onClose,
}: HistoryPanelProps) {
  const list = useInfiniteQuery(revisionQueries.list(projectId, pageId));
  useRevisionsLive(projectId, pageId);
  const revisions = useMemo(() => list.data?.pages.flatMap((page) => page.revisions) ?? [], [list.data]);
  const numbers = useMemo(() => new Map(revisions.map((revision) => [revision.id, revision.number])), [revisions]);
  // Autosave makes a revision at every pause: one person's edits in a row are one entry, opened on request.
  const runs = useMemo(() => editRuns(revisions), [revisions]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const now = useNow();
  const ids = useId();

  // "To" is the newest until someone picks one; "From" follows "To" (the revision before it)
  // until someone picks one.
  const [toId, setToId] = useState<string | null>(initialRevisionId ?? null);
  const [fromId, setFromId] = useState<string | null>(null);
  const to = revisions.find((revision) => revision.id === toId) ?? revisions[0];
  const toIndex = to ? revisions.indexOf(to) : -1;
  // By default "To" is compared with the revision before it; for the newest of a closed run of
  // edits, with the revision before the whole run (what that sitting changed).
  const toRun = to ? runs.find((run) => run.items.includes(to)) : undefined;
  const wholeRun = toRun && toRun.items[0] === to && !expanded.has(toRun.key) ? toRun.items.length : 1;
  const from = fromId ? revisions.find((revision) => revision.id === fromId) : revisions[toIndex + wholeRun];
  // The revision before "To" is on a page not read yet: read it. None at all: compare with nothing.
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const previousMissing = !fromId && to !== undefined && from === undefined && to.number > 1 && hasNextPage;
  useEffect(() => {
    if (previousMissing && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [previousMissing, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // A save (here or by a colleague) made a newer revision than the list has: read it again.
  const newestId = revisions[0]?.id;
  const refreshedFor = useRef<string | null>(null);
  const { refetch } = list;
  useEffect(() => {
    if (!newestId || newestId === currentRevisionId || refreshedFor.current === currentRevisionId) return;
    refreshedFor.current = currentRevisionId;
    void refetch();
  }, [newestId, currentRevisionId, refetch]);

  const [restoring, setRestoring] = useState<WikiRevisionSummary | null>(null);
  const restore = useRestoreRevision(projectId, pageId, onRestored);
  const closeRestore = () => {
    setRestoring(null);
    restore.reset();
  };

  // Older revisions load as the end of the list scrolls into view (the button does it too).
  const sentinel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = sentinel.current;
    if (!element || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((seen) => {
      if (seen.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  let body;
  if (list.isPending) body = <QueryNotice status="loading" label="Loading history…" />;
  else if (list.isError && revisions.length === 0)
    body = <QueryNotice status="error" message={errorMessage(list.error)} onRetry={() => void list.refetch()} />;
  else if (revisions.length === 0) body = <QueryNotice status="empty" title="No revisions yet" />;
  else
    body = (
      <>
        <section aria-labelledby={`${ids}-list`} className="stack" style={{ gap: 8 }}>
          <h3 id={`${ids}-list`}>Revisions</h3>
          <p className="muted" id={`${ids}-hint`}>
            Pick two revisions to compare: From (older) and To (newer).
          </p>
          <div className="history-list">
            <div className="history-list-head" aria-hidden="true">
              <span>From</span>
              <span>To</span>
              <span>Revision</span>
            </div>
            <ol className="history-items" aria-describedby={`${ids}-hint`}>
              {runs.map((run) => {
                const open = expanded.has(run.key) || run.items.slice(1).some((item) => item === to || item === from);
                const shown = open ? run.items : run.items.slice(0, 1);
                const more = run.items.length - 1;
                const oldest = run.items.at(-1)!;
                return [
                  ...shown.map((revision) => {
                    // Newest first: the first is the page's current revision on the server.
                    const current = revision === revisions[0];
                    const restoredFrom = revision.restoredFrom ? numbers.get(revision.restoredFrom) : undefined;
                    return (
                      <li
                        key={revision.id}
                        className="history-item"
                        data-selected={revision.id === to?.id || undefined}
                      >
                        <input
                          type="radio"
                          name={`${ids}-from`}
                          aria-label={`Compare from revision ${revision.number}`}
                          checked={revision.id === from?.id}
                          onChange={() => setFromId(revision.id)}
                        />
                        <input
                          type="radio"
                          name={`${ids}-to`}
                          aria-label={`Compare to revision ${revision.number}`}
                          checked={revision.id === to?.id}
                          onChange={() => setToId(revision.id)}
                        />
                        <div className="history-item-text">
                          <span className="history-item-title">
                            <strong>Revision {revision.number}</strong>
                            {current && (
                              <span className="badge" data-tone="accent">
                                Current
                              </span>
                            )}
                            <span>by {authorName(revision)}</span>
                          </span>
                          <span className="history-item-summary">{revision.summary}</span>
                          {revision.restoredFrom && !revision.summary.startsWith('Restored') && (
                            <span className="history-item-meta">
                              {restoredFrom
                                ? `Restored from revision ${restoredFrom}`
                                : 'Restored from an older revision'}
                            </span>
                          )}
                          <span className="history-item-meta">
                            <time dateTime={revision.at}>{formatRelative(revision.at, now)}</time> ·{' '}
                            {formatDateTime(revision.at)}
                          </span>
                        </div>
                        {!current && (
                          <Button size="small" onClick={() => setRestoring(revision)}>
                            Restore<span className="visually-hidden"> revision {revision.number}</span>
                          </Button>
                        )}
                      </li>
                    );
                  }),
                  more > 0 && (
                    <li key={`${run.key}-more`} className="history-run">
                      <Button
                        size="small"
                        variant="ghost"
                        aria-expanded={open}
                        onClick={() =>
                          setExpanded((current) => {
                            const next = new Set(current);
                            if (next.has(run.key)) next.delete(run.key);
                            else next.add(run.key);
                            return next;
                          })
                        }
                      >
                        {open ? 'Hide' : 'Show'} {more} earlier {more === 1 ? 'edit' : 'edits'} by {authorName(oldest)},{' '}
                        {formatTime(oldest.at)}–{formatTime(run.items[0]!.at)}
                      </Button>
                    </li>
                  ),
                ];
              })}
            </ol>
          </div>
          {list.isError && (
            <QueryNotice
              status="error"
              message={errorMessage(list.error)}
              onRetry={() => void (list.isFetchNextPageError ? fetchNextPage() : list.refetch())}
            />
          )}
          {hasNextPage && (
            <div className="history-more" ref={sentinel}>
              <Button size="small" busy={isFetchingNextPage} onClick={() => void fetchNextPage()}>
                Load older revisions
              </Button>
            </div>
          )}
        </section>
        {to && (
          <Comparison
            key={`${from?.id ?? 'none'}-${to.id}`}
            projectId={projectId}
            pageId={pageId}
            from={previousMissing ? 'loading' : (from ?? null)}
            to={to}
          />
        )}
      </>
    );

  return (
    <SidePanel label="Page history" onClose={onClose} header={<h2>History</h2>}>
      <div className="history-panel">{body}</div>
      {restoring && (
        <ConfirmDialog
          open
          tone="primary"
          title={`Restore revision ${restoring.number}?`}
          description={`Restore revision ${restoring.number} by ${authorName(restoring)} from ${formatDate(restoring.at)}? Your current text stays in the history.`}
          confirmLabel={`Restore revision ${restoring.number}`}
          busy={restore.isPending}
          onCancel={closeRestore}
          onConfirm={() =>
            restore.mutate(
              { id: restoring.id, number: restoring.number },
              {
                onSuccess: () => {
                  closeRestore();
                  setToId(null);
                  setFromId(null);
                },
              },
            )
          }
        >
          {restore.isError && <FormError message={errorMessage(restore.error)} />}
        </ConfirmDialog>
      )}
    </SidePanel>
  );
}

/** The diff between two revisions (`from: null` compares with an empty page). */
function Comparison({
  projectId,
  pageId,
  from,
  to,
}: {
  projectId: string;
  pageId: string;
  from: WikiRevisionSummary | null | 'loading';
  to: WikiRevisionSummary;
}) {
  const fromRevision = from && from !== 'loading' ? from : null;
  const after = useQuery(revisionQueries.detail(projectId, pageId, to.id));
  const before = useQuery({
    ...revisionQueries.detail(projectId, pageId, fromRevision?.id ?? ''),
    enabled: fromRevision !== null,
  });
  const headingId = useId();
  const title = fromRevision
    ? `Changes from revision ${fromRevision.number} to revision ${to.number}`
    : `Revision ${to.number}`;

  let content;
  const failed = after.isError ? after : before.isError ? before : null;
  if (failed)
    content = <QueryNotice status="error" message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />;
  else if (from === 'loading' || !after.data || (fromRevision && !before.data))
    content = <QueryNotice status="loading" label="Loading the revisions…" />;
  else
    content = (
      <>
        {fromRevision && before.data && before.data.title !== after.data.title && (
          <p>
            Title: <del>{before.data.title}</del> → <ins>{after.data.title}</ins>
          </p>
        )}
        <RevisionDiff
          before={fromRevision ? (before.data?.markdown ?? '') : ''}
          after={after.data.markdown}
          emptyMessage="These two revisions have the same text."
        />
      </>
    );

  return (
    <section className="history-compare" aria-labelledby={headingId}>
      <div className="history-compare-header">
        <h3 id={headingId}>{title}</h3>
      </div>
      {from === null && (
        <p className="muted">
          {to.number === 1
            ? 'The first revision: everything in it was added.'
            : 'No earlier revision to compare with: all of its text is shown as added.'}
        </p>
      )}
      {content}
    </section>
  );
}

export default HistoryPanel;
