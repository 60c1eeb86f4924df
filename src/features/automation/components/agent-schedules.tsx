import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { errorMessage, type Agent, type CronJob } from '@/api';
import { formatDateTime, formatRelative } from '@/lib/format';
import { Button, ConfirmDialog, QueryNotice, useNow } from '@/ui';
import { describeSchedule } from '../format';
import { useScrollToHash } from '../hooks/use-scroll-to-hash';
import { useSchedulesLive } from '../live';
import { useDeleteCronJob, useRunCronJob, useSetCronJobEnabled } from '../mutations';
import { automationQueries } from '../queries';
import { RunStatusBadge, Switch } from './automation-bits';
import { CronRunHistory } from './cron-run-history';
import { ScheduleDialog } from './schedule-dialog';
import './automation.css';

/**
 * The agent's schedules (every member reads them): each one in words with its next run, whether
 * it is on, and its last run; its history on demand. Admins and the responsible person
 * (`agent.canManage`) create, edit, switch, run now and delete. Kept fresh by live events.
 */
export function AgentSchedules({ agent }: { agent: Agent }) {
  const jobs = useQuery(automationQueries.cronJobs(agent.id));
  useSchedulesLive(agent.id);
  useScrollToHash('schedules', !jobs.isPending);
  const [editing, setEditing] = useState<CronJob | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CronJob | null>(null);
  const remove = useDeleteCronJob(agent.id);
  // Where focus goes after a delete: the row's button is about to disappear.
  const heading = useRef<HTMLHeadingElement>(null);

  return (
    <section id="schedules" className="card stack" aria-labelledby="agent-schedules-heading">
      <div className="automation-section-header">
        <h2 id="agent-schedules-heading" ref={heading} tabIndex={-1}>
          Schedules
        </h2>
        {agent.canManage && (
          <Button size="small" onClick={() => setEditing('new')}>
            New schedule…
          </Button>
        )}
      </div>
      <p className="muted">At each time a schedule fires, {agent.name} gets its instruction.</p>
      {jobs.isPending ? (
        <QueryNotice status="loading" label="Loading schedules…" />
      ) : jobs.isError ? (
        <QueryNotice status="error" message={errorMessage(jobs.error)} onRetry={() => void jobs.refetch()} />
      ) : jobs.data.length === 0 ? (
        <p className="muted">{agent.name} has no schedules yet.</p>
      ) : (
        <ul className="automation-list" aria-labelledby="agent-schedules-heading">
          {jobs.data.map((job) => (
            <ScheduleItem
              key={job.id}
              agent={agent}
              job={job}
              onEdit={() => setEditing(job)}
              onDelete={() => setDeleting(job)}
            />
          ))}
        </ul>
      )}
      {editing !== null && (
        <ScheduleDialog agent={agent} job={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete “${deleting?.name ?? ''}”?`}
        description={`It stops firing, and its run history goes with it. ${agent.name} keeps what it already did.`}
        confirmLabel="Delete schedule"
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) remove.mutate(deleting);
          setDeleting(null);
          requestAnimationFrame(() => heading.current?.focus());
        }}
      />
    </section>
  );
}

function ScheduleItem({
  agent,
  job,
  onEdit,
  onDelete,
}: {
  agent: Agent;
  job: CronJob;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const [open, setOpen] = useState(false);
  const setEnabled = useSetCronJobEnabled(agent.id);
  const run = useRunCronJob(agent.id);
  const now = useNow();
  const id = useId();
  const nameId = `${id}-name`;
  const historyId = `${id}-history`;

  return (
    <li className="automation-item" aria-labelledby={nameId} data-disabled={job.enabled ? undefined : 'true'}>
      <div className="automation-item-header">
        <h3 id={nameId} className="automation-item-name">
          {job.name}
        </h3>
        {agent.canManage ? (
          <Switch
            checked={job.enabled}
            label={`Enabled: ${job.name}`}
            onChange={(enabled) => setEnabled.mutate({ job, enabled })}
          />
        ) : (
          <span className="badge" data-tone={job.enabled ? 'success' : undefined}>
            {job.enabled ? 'Enabled' : 'Disabled'}
          </span>
        )}
      </div>
      <p className="automation-schedule-line">
        {describeSchedule(job)} <code className="muted">{job.expression}</code>
      </p>
      <p className="automation-instruction">{job.instruction}</p>
      <div className="automation-item-footer">
        <p className="row muted automation-last-run">
          {job.lastRun ? (
            <>
              Last run <RunStatusBadge status={job.lastRun.status} />
              <time dateTime={job.lastRun.firedAt} title={formatDateTime(job.lastRun.firedAt)}>
                {formatRelative(job.lastRun.firedAt, now)}
              </time>
            </>
          ) : (
            'Not run yet'
          )}
        </p>
        <div className="row automation-actions">
          <Button
            size="small"
            variant="ghost"
            aria-expanded={open}
            aria-controls={open ? historyId : undefined}
            aria-label={`Runs of ${job.name}`}
            onClick={() => setOpen((value) => !value)}
          >
            {open ? 'Hide runs' : 'Runs'}
          </Button>
          {agent.canManage && (
            <>
              <Button
                size="small"
                busy={run.isPending}
                aria-label={`Run now: ${job.name}`}
                onClick={() =>
                  run.mutate(job, {
                    // The run is worth seeing where it landed.
                    onSuccess: () => setOpen(true),
                  })
                }
              >
                Run now
              </Button>
              <Button size="small" aria-label={`Edit ${job.name}`} onClick={onEdit}>
                Edit
              </Button>
              <Button size="small" variant="ghost" aria-label={`Delete ${job.name}`} onClick={onDelete}>
                Delete
              </Button>
            </>
          )}
        </div>
      </div>
      {open && <CronRunHistory job={job} id={historyId} />}
    </li>
  );
}
