import { useId, useState } from 'react';
import { Button, CloseIcon } from '@/ui';
import { ConflictPrompt } from './conflict-dialog';
import { formatBytes, percentOf, progressText } from './format';
import { ChevronIcon, RetryIcon } from './icons';
import { cancelUpload, clearFinished, retryUpload } from './queue';
import { isActive, isFinished, type UploadItem, useUploads } from './store';
import { summaryText } from './summary';
import './tray.css';

/** The tray's panel (loaded once the first upload is queued): summary, list, and name-clash dialog. */
export default function TrayPanel() {
  const [collapsed, setCollapsed] = useState(false);
  const order = useUploads((store) => store.order);
  const summary = useUploads(summaryText);
  const anyFinished = useUploads((store) => store.order.some((id) => isFinished(store.byId[id]!.state)));
  const headingId = useId();
  const listId = useId();

  return (
    <section className="upload-tray" aria-labelledby={headingId}>
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
          onClick={() => setCollapsed(!collapsed)}
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
