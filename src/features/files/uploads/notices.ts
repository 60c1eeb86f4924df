import { fileQueries } from '../queries';
import { uploadsQueryClient, useUploads } from './store';

/**
 * What the rest of the app hears of finished uploads, in batches: the Files listings and the
 * usage meter are refreshed a moment after a run of completions (not once per file of a 200-file
 * drop), and the tray's polite live region announces completions and failures together, never
 * each percent.
 */

const INVALIDATE_DELAY_MS = 300;
export const ANNOUNCE_DELAY_MS = 1500;

const staleFolders = new Set<string | null>();
let invalidateTimer: ReturnType<typeof setTimeout> | undefined;

/** Marks a folder's listing (and the drive's usage) as changed. */
export function folderChanged(parentId: string | null) {
  staleFolders.add(parentId);
  invalidateTimer ??= setTimeout(flushInvalidations, INVALIDATE_DELAY_MS);
}

function flushInvalidations() {
  invalidateTimer = undefined;
  const client = uploadsQueryClient();
  const folders = [...staleFolders];
  staleFolders.clear();
  if (!client) return;
  for (const parentId of folders) void client.invalidateQueries({ queryKey: fileQueries.folderLists(parentId) });
  void client.invalidateQueries({ queryKey: fileQueries.usage().queryKey });
}

let uploaded = 0;
const failed: string[] = [];
let announceTimer: ReturnType<typeof setTimeout> | undefined;

/** Notes a finished upload for the next announcement. */
export function noteOutcome(outcome: 'done' | 'failed', name: string) {
  if (outcome === 'done') uploaded += 1;
  else failed.push(name);
  announceTimer ??= setTimeout(flushAnnouncement, ANNOUNCE_DELAY_MS);
}

/** "3 files uploaded. report.pdf failed." */
export function announcementText(doneCount: number, failedNames: string[]): string {
  const parts: string[] = [];
  if (doneCount) parts.push(`${doneCount} ${doneCount === 1 ? 'file' : 'files'} uploaded.`);
  if (failedNames.length === 1) parts.push(`${failedNames[0]} failed.`);
  else if (failedNames.length > 1) parts.push(`${failedNames.length} uploads failed.`);
  return parts.join(' ');
}

function flushAnnouncement() {
  announceTimer = undefined;
  const text = announcementText(uploaded, failed);
  uploaded = 0;
  failed.length = 0;
  if (!text) return;
  // The same words again would not be read out: a trailing no-break space makes them new.
  const previous = useUploads.getState().announcement;
  useUploads.setState({ announcement: previous === text ? `${text}\u00a0` : text });
}
