import { type Block, joinBlocks, normalizeNewlines, splitBlocks } from './blocks';
import { diffSequences, type Hunk } from './sequence';

/**
 * A run of blocks in one version: block indices `[start, end)`, its lines (1-based, inclusive;
 * an empty run — that side deleted the blocks — has `endLine === startLine - 1`) and its text.
 */
export type BlockRange = { start: number; end: number; startLine: number; endLine: number; text: string };

/** Blocks both sides changed differently: the same place in the base, mine and theirs. */
export type MergeConflict = { base: BlockRange; mine: BlockRange; theirs: BlockRange };

export type MergeResult = { ok: true; markdown: string } | { ok: false; conflicts: MergeConflict[] };

type Side = 'mine' | 'theirs';
type SideHunk = Hunk<string> & { side: Side };
type Group = { lo: number; hi: number; hunks: SideHunk[] };

const isInsertion = (hunk: Hunk<string>) => hunk.start === hunk.end;

function append(out: string[], items: readonly string[]) {
  for (const item of items) out.push(item);
}

function sameItems(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((item, index) => item === b[index]);
}

/**
 * One side's changes to the base. A run of n blocks replaced by n blocks is n edits in place (one
 * per block), so the other side may still change a block between or beside them.
 */
function sideHunks(base: readonly string[], blocks: readonly Block[], side: Side): SideHunk[] {
  const out: SideHunk[] = [];
  for (const hunk of diffSequences(
    base,
    blocks.map((block) => block.text),
  )) {
    if (hunk.items.length === hunk.end - hunk.start && hunk.items.length > 1) {
      hunk.items.forEach((item, i) =>
        out.push({ start: hunk.start + i, end: hunk.start + i + 1, newStart: hunk.newStart + i, items: [item], side }),
      );
    } else {
      out.push({ ...hunk, side });
    }
  }
  return out;
}

/**
 * Orders the hunks of both sides along the base and gathers those that touch into groups:
 * overlapping base ranges, an insertion strictly inside the other side's range, or insertions
 * at the same place. Hunks of one side never overlap each other, so a group with both sides is
 * where they may disagree.
 */
function groupHunks(hunks: SideHunk[]): Group[] {
  const sorted = [...hunks].sort(
    (a, b) =>
      a.start - b.start ||
      Number(!isInsertion(a)) - Number(!isInsertion(b)) ||
      (a.side === b.side ? 0 : a.side === 'theirs' ? -1 : 1),
  );
  const groups: Group[] = [];
  for (const hunk of sorted) {
    const group = groups.at(-1);
    const joins =
      group !== undefined &&
      (isInsertion(hunk)
        ? (group.lo < hunk.start && hunk.start < group.hi) || (group.lo === group.hi && hunk.start === group.lo)
        : hunk.start < group.hi);
    if (group && joins) {
      group.hunks.push(hunk);
      group.hi = Math.max(group.hi, hunk.end);
    } else {
      groups.push({ lo: hunk.start, hi: hunk.end, hunks: [hunk] });
    }
  }
  return groups;
}

/** The base's blocks `[lo, hi)` as one side has them. */
function sideVersion(base: readonly string[], group: Group, side: Side): string[] {
  const out: string[] = [];
  let cursor = group.lo;
  for (const hunk of group.hunks) {
    if (hunk.side !== side) continue;
    for (let i = cursor; i < hunk.start; i++) out.push(base[i]!);
    append(out, hunk.items);
    cursor = hunk.end;
  }
  for (let i = cursor; i < group.hi; i++) out.push(base[i]!);
  return out;
}

/**
 * Both sides inserted at the same place: every block of both, once, in a deterministic order —
 * what both inserted once, and where they differ their blocks before mine.
 */
function unionInsertions(theirs: string[], mine: string[]): string[] {
  const out: string[] = [];
  let cursor = 0;
  for (const hunk of diffSequences(theirs, mine)) {
    for (let i = cursor; i < hunk.end; i++) out.push(theirs[i]!);
    append(out, hunk.items);
    cursor = hunk.end;
  }
  for (let i = cursor; i < theirs.length; i++) out.push(theirs[i]!);
  return out;
}

function range(blocks: readonly Block[], start: number, end: number): BlockRange {
  const first = blocks[start];
  const last = blocks[end - 1];
  const previous = blocks[start - 1];
  const startLine = first ? first.line : previous ? previous.line + previous.lines + 1 : 1;
  return {
    start,
    end,
    startLine,
    endLine: end > start && last ? last.line + last.lines - 1 : startLine - 1,
    text: blocks
      .slice(start, end)
      .map((block) => block.text)
      .join('\n\n'),
  };
}

/**
 * Three-way merge of Markdown, block by block (`splitBlocks`): `mine` and `theirs` both started
 * from `base`. Deterministic, and about linear in the size of the documents for local edits.
 *
 * - Changes to different blocks merge, even to neighbouring blocks.
 * - The same change on both sides merges (once).
 * - Both sides inserting blocks at the same place merge: blocks both inserted appear once, and
 *   otherwise theirs (saved first) come before mine. Nothing is dropped; the result is shown
 *   before it is saved.
 * - Different changes to the same block, or deleting a block the other side edited (or inserting
 *   inside a run of blocks the other side replaced) is a conflict: `ok: false` with each place.
 *
 * A merged text is in the normal form of `joinBlocks` (one blank line between blocks, a final
 * newline when mine has one). Comment-mark runs are text: a block whose marks changed on one side
 * merges like any edit; marks changed differently in the same block conflict.
 */
export function mergeMarkdown(base: string, mine: string, theirs: string): MergeResult {
  base = normalizeNewlines(base);
  mine = normalizeNewlines(mine);
  theirs = normalizeNewlines(theirs);
  if (mine === theirs || theirs === base) return { ok: true, markdown: mine };
  if (mine === base) return { ok: true, markdown: theirs };

  const baseBlocks = splitBlocks(base);
  const mineBlocks = splitBlocks(mine);
  const theirBlocks = splitBlocks(theirs);
  const baseTexts = baseBlocks.map((block) => block.text);
  const hunks: SideHunk[] = [
    ...sideHunks(baseTexts, mineBlocks, 'mine'),
    ...sideHunks(baseTexts, theirBlocks, 'theirs'),
  ];

  const merged: string[] = [];
  const conflicts: MergeConflict[] = [];
  let cursor = 0;
  // Where the base's next block sits in each side: the base index plus the growth so far.
  const shift = { mine: 0, theirs: 0 };
  for (const group of groupHunks(hunks)) {
    for (let i = cursor; i < group.lo; i++) merged.push(baseTexts[i]!);
    cursor = group.hi;
    const mineVersion = sideVersion(baseTexts, group, 'mine');
    const theirVersion = sideVersion(baseTexts, group, 'theirs');
    const sides = new Set(group.hunks.map((hunk) => hunk.side));
    const mineStart = group.lo + shift.mine;
    const theirStart = group.lo + shift.theirs;
    shift.mine += mineVersion.length - (group.hi - group.lo);
    shift.theirs += theirVersion.length - (group.hi - group.lo);

    if (sides.size === 1) append(merged, sides.has('mine') ? mineVersion : theirVersion);
    else if (sameItems(mineVersion, theirVersion)) append(merged, mineVersion);
    else if (group.lo === group.hi) append(merged, unionInsertions(theirVersion, mineVersion));
    else {
      conflicts.push({
        base: range(baseBlocks, group.lo, group.hi),
        mine: range(mineBlocks, mineStart, mineStart + mineVersion.length),
        theirs: range(theirBlocks, theirStart, theirStart + theirVersion.length),
      });
    }
  }
  for (let i = cursor; i < baseTexts.length; i++) merged.push(baseTexts[i]!);

  if (conflicts.length > 0) return { ok: false, conflicts };
  return { ok: true, markdown: joinBlocks(merged, mine.endsWith('\n')) };
}

/** A version of a page as the merge sees it (a `WikiPage` fits). */
export type PageText = { markdown: string; title: string };

export type AutoMergeResult =
  { ok: true; markdown: string; title: string } | { ok: false; conflicts: MergeConflict[]; titleConflict: boolean };

/**
 * Whether my edit (from `base`) can be reapplied on top of theirs without asking: the texts merge
 * (`mergeMarkdown`) and the titles do not both change differently. The caller saves the result
 * on top of their revision, or shows the conflict when `ok` is false.
 */
export function tryAutoMerge(base: PageText, mine: PageText, theirs: PageText): AutoMergeResult {
  const text = mergeMarkdown(base.markdown, mine.markdown, theirs.markdown);
  const titleConflict = mine.title !== base.title && theirs.title !== base.title && mine.title !== theirs.title;
  if (!text.ok || titleConflict) return { ok: false, conflicts: text.ok ? [] : text.conflicts, titleConflict };
  return { ok: true, markdown: text.markdown, title: mine.title !== base.title ? mine.title : theirs.title };
}
