import { useInfiniteQuery } from '@tanstack/react-query';
import { errorMessage, type CronJob, type CronRun } from '@/api';
import { formatDateTime } from '@/lib/format';
import { DataTable, PagedList } from '@/ui';
import { automationQueries, uniqueById } from '../queries';
import { RunStatusBadge } from './automation-bits';

/** A schedule's runs, newest first, 20 at a time: when it fired, for which time, and what came of it. */
export function CronRunHistory({ job, id }: { job: CronJob; id: string }) {
  const query = useInfiniteQuery(automationQueries.cronRuns(job.agentId, job.id));
  const runs = uniqueById<CronRun>(query.data?.pages);
  const headingId = `${id}-heading`;

  return (
    <div id={id} className="automation-history stack">
      <h4 id={headingId} className="visually-hidden">
        Runs of {job.name}
      </h4>
      <PagedList
        query={query}
        items={runs}
        errorMessage={errorMessage}
        loadingLabel="Loading runs…"
        empty={<p className="muted">It has not run yet.</p>}
      >
        {(runs) => (
          <DataTable aria-labelledby={headingId} className="automation-table">
            <thead>
              <tr>
                <th scope="col">Fired</th>
                <th scope="col">Scheduled for</th>
                <th scope="col">Status</th>
                <th scope="col">Outcome</th>
              </tr>
            </thead>
            <tbody>
              {runs.map((run) => (
                <tr key={run.id}>
                  <td data-label="Fired">
                    <time dateTime={run.firedAt}>{formatDateTime(run.firedAt)}</time>
                    {run.manual && (
                      <>
                        {' '}
                        <span className="badge">manual</span>
                      </>
                    )}
                  </td>
                  <td data-label="Scheduled for">
                    <time dateTime={run.scheduledFor}>{formatDateTime(run.scheduledFor)}</time>
                  </td>
                  <td data-label="Status">
                    <RunStatusBadge status={run.status} />
                  </td>
                  <td data-label="Outcome" className="automation-outcome">
                    {run.outcome ?? <span className="muted">—</span>}
                  </td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </PagedList>
    </div>
  );
}
