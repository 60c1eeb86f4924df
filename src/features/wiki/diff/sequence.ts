import { diffArrays } from 'diff';

/**
 * One change between two sequences: `old[start, end)` was replaced by `items` (which sit at
 * `new[newStart, newStart + items.length)`). An insertion has `start === end`, a deletion no items.
 */
export type Hunk<T> = { start: number; end: number; newStart: number; items: T[] };

/**
 * Past this many edits the diff stops looking for the shortest script and calls the rest one
 * replacement: the answer stays correct (only coarser) and the time bounded, O((n + m) · limit).
 */
const MAX_EDITS = 4000;

/** The changes from `before` to `after` (items compared with ===), in order, never adjacent. */
export function diffSequences<T>(before: readonly T[], after: readonly T[]): Hunk<T>[] {
  // Common ends first: cheap, and they keep the diff small for the usual local edit.
  let head = 0;
  while (head < before.length && head < after.length && before[head] === after[head]) head++;
  let tail = 0;
  while (
    tail < before.length - head &&
    tail < after.length - head &&
    before[before.length - 1 - tail] === after[after.length - 1 - tail]
  )
    tail++;
  const oldMiddle = before.slice(head, before.length - tail);
  const newMiddle = after.slice(head, after.length - tail);
  if (oldMiddle.length === 0 && newMiddle.length === 0) return [];
  if (oldMiddle.length === 0 || newMiddle.length === 0) {
    return [{ start: head, end: head + oldMiddle.length, newStart: head, items: newMiddle }];
  }

  const changes = diffArrays(oldMiddle, newMiddle, { maxEditLength: MAX_EDITS });
  if (!changes) return [{ start: head, end: head + oldMiddle.length, newStart: head, items: newMiddle }];

  const hunks: Hunk<T>[] = [];
  let oldIndex = head;
  let newIndex = head;
  let open: Hunk<T> | null = null;
  for (const change of changes) {
    const count = change.value.length;
    if (!change.added && !change.removed) {
      if (open) hunks.push(open);
      open = null;
      oldIndex += count;
      newIndex += count;
      continue;
    }
    open ??= { start: oldIndex, end: oldIndex, newStart: newIndex, items: [] };
    if (change.removed) {
      oldIndex += count;
      open.end = oldIndex;
    } else {
      for (const item of change.value) open.items.push(item);
      newIndex += count;
    }
  }
  if (open) hunks.push(open);
  return hunks;
}
