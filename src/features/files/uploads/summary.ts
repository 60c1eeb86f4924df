import type { UploadsStore } from './store';

/**
 * The tray's one-line summary: "Uploading 3 of 200 — 1 failed", then "200 uploaded" when all is
 * over. Cancelled and skipped files do not count.
 */
export function summaryText({ byId, order }: Pick<UploadsStore, 'byId' | 'order'>): string {
  let total = 0;
  let done = 0;
  let running = 0;
  let queued = 0;
  let failed = 0;
  let waiting = 0;
  for (const id of order) {
    const state = byId[id]?.state;
    if (!state || state === 'cancelled' || state === 'skipped') continue;
    total += 1;
    if (state === 'done') done += 1;
    else if (state === 'failed') failed += 1;
    else if (state === 'queued') queued += 1;
    else if (state === 'waiting-for-decision') waiting += 1;
    else running += 1;
  }
  const extras: string[] = [];
  if (failed) extras.push(`${failed} failed`);
  if (waiting) extras.push(`${waiting} ${waiting === 1 ? 'needs' : 'need'} your decision`);
  const head =
    running + queued > 0
      ? `Uploading ${done + running} of ${total}`
      : total === 0
        ? 'No uploads'
        : `${done} of ${total} uploaded`;
  return [head, ...extras].join(' — ');
}
