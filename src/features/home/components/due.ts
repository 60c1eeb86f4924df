import { formatDate, formatRelative } from '@/lib/format';

/** Cards due within this long (and not yet overdue) are due soon, as the server orders them. */
const DUE_SOON_MS = 48 * 3_600_000;

export type DueState = 'overdue' | 'soon' | 'later';

export function dueState(due: string, now: number): DueState {
  const at = Date.parse(due);
  if (at < now) return 'overdue';
  return at - now < DUE_SOON_MS ? 'soon' : 'later';
}

/** "Overdue · Nov 20", "Due tomorrow", "Due Dec 3". */
export function dueText(due: string, state: DueState, now: number): string {
  if (state === 'overdue') return `Overdue · ${formatDate(due)}`;
  if (state === 'soon') return `Due ${formatRelative(due, now)}`;
  return `Due ${formatDate(due)}`;
}
