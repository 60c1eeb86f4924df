import { useEffect, useId, useRef, useState } from 'react';
import { Button, CloseIcon } from '@/ui';
import { ConflictPrompt } from './conflict-dialog';
import { formatBytes, percentOf, progressText } from './format';
import { ChevronIcon, RetryIcon } from './icons';
import { cancelUpload, clearFinished, retryUpload } from './queue';
import { isActive, isFinished, selectBusy, type UploadItem, useUploads } from './store';
import { summaryText } from './summary';
import './tray.css';

/** Every upload has ended well (uploaded, or skipped by choice): nothing in the list needs you. */
const allWell = (store: ReturnType<typeof useUploads.getState>) =>
  store.order.every((id) => ['done', 'skipped', 'cancelled'].includes(store.byId[id]!.state));

/**
 * The tray's panel (loaded once the first upload is queued): summary, list, and name-clash dialog.
 * Once every upload has ended well it folds to its summary by itself (a failure keeps it open);
 * opened or folded by hand, it stays so. It sets `--upload-tray-space` on the page, the room it
 * takes at the bottom, so lists end above it instead of under it.
 */
export default function TrayPanel() {
  // The person's choice, once they made one; until then folded when all went well.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const busy = useUploads(selectBusy);
  const settled = useUploads(allWell);
  const collapsed = chosen ?? (!busy && settled);
  const order = useUploads((store) => store.order);
  const summary = useUploads(summaryText);
  const anyFinished = useUploads((store) => store.order.some((id) => isFinished(store.byId[id]!.state)));
  const headingId = useId();
  const listId = useId();
  const tray = useRef<HTMLElement>(null);
  useEffect(() => {
    const element = tray.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--upload-tray-space', `${element.getBoundingClientRect().height + 16}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--upload-tray-space');
    };
  }, []);

  return (
    <section className="upload-tray" aria-labelledby={headingId} ref={tray}>
      <div className="upload-tray-header">
        <div className="upload-tray-heading">
          <h2 id={headingId}>Uploads</h2>
          <p className="muted">{summary}</p>
        </div>
        {anyFinished && (
          <Button variant="ghost" size="small" onClick={clearFinished}>
            Clear finished
          </Button>
        )}
        <Button
          variant="ghost"
          size="small"
          aria-expanded={!collapsed}
          aria-controls={listId}
          aria-label={collapsed ? 'Show uploads' : 'Hide uploads'}
          onClick={() => setChosen(!collapsed)}
        >
          <ChevronIcon up={collapsed} />
        </Button>
      </div>
      <ul id={listId} className="upload-tray-list" hidden={collapsed} aria-labelledby={headingId} tabIndex={0}>
        {order.map((id) => (
          <UploadRow key={id} id={id} />
        ))}
      </ul>
      <ConflictPrompt />
    </section>
  );
}

function statusText(item: UploadItem): string {
  switch (item.state) {
    case 'queued':
      return 'Waiting';
    case 'creating':
      return 'Starting';
    case 'uploading':
      return progressText(item.sent, item.total, item.speed, item.secondsLeft);
    case 'completing':
      return 'Finishing';
    case 'done':
      return `Uploaded, ${formatBytes(item.total)}`;
    case 'failed':
      return item.error ?? 'Failed';
    case 'cancelled':
      return 'Cancelled';
    case 'skipped':
      return 'Skipped: the name is taken';
    case 'waiting-for-decision':
      return 'The name is taken: waiting for your choice';
  }
}

function UploadRow({ id }: { id: string }) {
  const item = useUploads((store) => store.byId[id]);
  const nameId = useId();
  if (!item) return null;
  const label = item.dir ? `${item.dir}/${item.name}` : item.name;
  const status = statusText(item);
  const percent = item.state === 'completing' ? 100 : percentOf(item.sent, item.total);
  const canCancel = isActive(item.state)
    ? item.state !== 'completing'
    : item.state === 'waiting-for-decision' || item.state === 'failed';
  const canRetry = item.state === 'failed' || item.state === 'cancelled';
  return (
    <li className="upload-row" data-state={item.state}>
      <div className="upload-row-text">
        <span id={nameId} className="upload-row-name" title={label}>
          {label}
        </span>
        <span className="upload-row-status" data-tone={item.state === 'failed' ? 'error' : undefined}>
          {status}
        </span>
        {isActive(item.state) && (
          <div
            className="upload-progress"
            role="progressbar"
            aria-labelledby={nameId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={item.state === 'uploading' ? status : `${percent}%, ${status.toLowerCase()}`}
          >
            <div className="upload-progress-bar" style={{ width: `${percent}%` }} />
          </div>
        )}
      </div>
      {canRetry && (
        <Button variant="ghost" size="small" aria-label={`Retry upload of ${label}`} onClick={() => retryUpload(id)}>
          <RetryIcon />
          Retry
        </Button>
      )}
      {canCancel && (
        <Button variant="ghost" size="small" aria-label={`Cancel upload of ${label}`} onClick={() => cancelUpload(id)}>
          <CloseIcon />
        </Button>
      )}
    </li>
  );
}
