import { diffWordsWithSpace } from 'diff';
import { type Block, splitBlocks } from './blocks';
import { diffSequences } from './sequence';

/** A piece of a changed block: text both versions have, or text only one of them has. */
export type WordPart = { type: 'same' | 'added' | 'removed'; text: string };

export type DiffEntry =
  /** A run of blocks both versions have, in the same order. */
  | { type: 'same'; blocks: Block[] }
  | { type: 'added'; block: Block }
  | { type: 'removed'; block: Block }
  /** A block edited in place (a similar block replaced it): its word-level changes. */
  | { type: 'changed'; before: Block; after: Block; parts: WordPart[] };

export type BlockDiff = {
  entries: DiffEntry[];
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
};

/** How far a replacement looks ahead for the block an old one turned into. */
const PAIR_WINDOW = 8;
/** Dice similarity of the word sets from which two blocks count as one block edited. */
const SIMILAR = 0.4;
/** Past this many word edits the inline diff shows the whole old and new text instead. */
const MAX_WORD_EDITS = 2000;

const WORD = /[\p{L}\p{N}]+/gu;

function wordSet(block: Block): Set<string> {
  return new Set(block.text.toLowerCase().match(WORD) ?? []);
}

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let common = 0;
  for (const word of a) if (b.has(word)) common++;
  return (2 * common) / (a.size + b.size);
}

/** Whether `after` reads as `before` edited in place (code only pairs with code). */
function pairable(before: Block, after: Block, beforeWords: Set<string>, afterWords: Set<string>): boolean {
  if ((before.kind === 'code') !== (after.kind === 'code')) return false;
  return similarity(beforeWords, afterWords) >= SIMILAR;
}

/** The word-level changes from one block's text to another's. */
export function wordDiff(before: string, after: string): WordPart[] {
  const changes = diffWordsWithSpace(before, after, { maxEditLength: MAX_WORD_EDITS });
  if (!changes) {
    return [
      { type: 'removed', text: before },
      { type: 'added', text: after },
    ];
  }
  return changes
    .filter((change) => change.value !== '')
    .map((change) => ({
      type: change.added ? 'added' : change.removed ? 'removed' : 'same',
      text: change.value,
    }));
}

/**
 * Turns one replacement (old blocks → new blocks) into entries: an old block and a similar new
 * one become a `changed` pair; the others are removed or added. Removals come before additions.
 */
function pairUp(removed: Block[], added: Block[], entries: DiffEntry[]) {
  const oldWords = removed.map(wordSet);
  const newWords = added.map(wordSet);
  const pairs = (i: number, j: number) => pairable(removed[i]!, added[j]!, oldWords[i]!, newWords[j]!);
  let i = 0;
  let j = 0;
  while (i < removed.length && j < added.length) {
    if (pairs(i, j)) {
      entries.push({
        type: 'changed',
        before: removed[i]!,
        after: added[j]!,
        parts: wordDiff(removed[i]!.text, added[j]!.text),
      });
      i++;
      j++;
      continue;
    }
    let ahead = 0;
    for (let k = j + 1; k < Math.min(added.length, j + PAIR_WINDOW); k++) {
      if (pairs(i, k)) {
        ahead = k;
        break;
      }
    }
    if (ahead) {
      while (j < ahead) entries.push({ type: 'added', block: added[j++]! });
      continue;
    }
    let behind = 0;
    for (let k = i + 1; k < Math.min(removed.length, i + PAIR_WINDOW); k++) {
      if (pairs(k, j)) {
        behind = k;
        break;
      }
    }
    if (behind) {
      while (i < behind) entries.push({ type: 'removed', block: removed[i++]! });
      continue;
    }
    entries.push({ type: 'removed', block: removed[i++]! });
    entries.push({ type: 'added', block: added[j++]! });
  }
  while (i < removed.length) entries.push({ type: 'removed', block: removed[i++]! });
  while (j < added.length) entries.push({ type: 'added', block: added[j++]! });
}

/**
 * The readable diff of two Markdown texts: block by block (see `splitBlocks`), with word-level
 * changes inside a block edited in place. Deterministic; about linear for local edits.
 */
export function blockDiff(before: string, after: string): BlockDiff {
  const oldBlocks = splitBlocks(before);
  const newBlocks = splitBlocks(after);
  const hunks = diffSequences(
    oldBlocks.map((block) => block.text),
    newBlocks.map((block) => block.text),
  );
  const entries: DiffEntry[] = [];
  const same = (from: number, to: number) => {
    if (to > from) entries.push({ type: 'same', blocks: oldBlocks.slice(from, to) });
  };
  let cursor = 0;
  for (const hunk of hunks) {
    same(cursor, hunk.start);
    pairUp(
      oldBlocks.slice(hunk.start, hunk.end),
      newBlocks.slice(hunk.newStart, hunk.newStart + hunk.items.length),
      entries,
    );
    cursor = hunk.end;
  }
  same(cursor, oldBlocks.length);

  const result: BlockDiff = { entries, added: 0, removed: 0, changed: 0, unchanged: 0 };
  for (const entry of entries) {
    if (entry.type === 'same') result.unchanged += entry.blocks.length;
    else result[entry.type]++;
  }
  return result;
}
