/**
 * Splits a page's Markdown into blocks, the unit of the revision diff and of the three-way merge.
 *
 * A block is what a blank line separates, except that a fenced code block (``` or ~~~, blank lines
 * inside included), a list (loose items and nested content included) and a table stay whole, an
 * ATX heading is a block of its own even without a blank line around it, and a block-key line
 * (`<!-- block:KEY -->`) stays with the block it precedes. Everything else — comment-mark runs
 * (`[comment id="…"]…[/comment]`), inline Markdown, raw HTML — is plain text inside its block.
 *
 * The splitter is linear in the length of the text and never throws: any input gives blocks.
 */

export type BlockKind = 'paragraph' | 'heading' | 'code' | 'list' | 'table' | 'quote' | 'rule';

export type Block = {
  /** The block's source lines, joined with `\n`, without the blank lines around it. */
  text: string;
  kind: BlockKind;
  /** 1-based number of the block's first line in the document (after `\r\n` became `\n`). */
  line: number;
  /** How many lines the block spans. */
  lines: number;
};

const BLANK = /^[ \t]*$/;
const BLOCK_KEY = /^<!-- block:[A-Za-z0-9_-]{1,64} -->$/;
const ATX_HEADING = /^ {0,3}#{1,6}(?:[ \t]|$)/;
const LIST_ITEM = /^ {0,3}([-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
const QUOTE = /^ {0,3}>/;
const INDENTED = /^(?: {2,}|\t)/;
const RULE = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const TABLE_DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;
/** A fence opening, possibly after quote and list markers: `prefix`, the fence, the info string. */
const FENCE_OPEN = /^((?:[ \t]*(?:>[ \t]?|[-*+][ \t]+|\d{1,9}[.)][ \t]+))*)[ \t]*(`{3,}|~{3,})(.*)$/;
const FENCE_CLOSE = /^(?:[ \t]*>[ \t]?)*[ \t]*(`{3,}|~{3,})[ \t]*$/;

type Fence = { char: string; length: number };

function fenceOpening(line: string): Fence | null {
  const match = FENCE_OPEN.exec(line);
  if (!match) return null;
  const fence = match[2]!;
  // A backtick fence's info string has no backtick (otherwise it is inline code: ```a``` b).
  if (fence[0] === '`' && match[3]!.includes('`')) return null;
  return { char: fence[0]!, length: fence.length };
}

function closesFence(line: string, fence: Fence): boolean {
  const match = FENCE_CLOSE.exec(line);
  return Boolean(match && match[1]![0] === fence.char && match[1]!.length >= fence.length);
}

/** The marker kind of a list item line: the bullet character, or the ordered delimiter. */
function listMarker(line: string): string | null {
  const match = LIST_ITEM.exec(line);
  if (!match) return null;
  const marker = match[1]!;
  return /\d/.test(marker) ? `ordered${marker.slice(-1)}` : marker;
}

function kindOf(lines: string[]): BlockKind {
  const first = lines.find((line) => !BLOCK_KEY.test(line)) ?? '';
  if (fenceOpening(first) && !LIST_ITEM.test(first) && !QUOTE.test(first)) return 'code';
  if (ATX_HEADING.test(first)) return 'heading';
  if (LIST_ITEM.test(first)) return 'list';
  if (QUOTE.test(first)) return 'quote';
  if (RULE.test(first) && lines.length === 1) return 'rule';
  const second = lines[lines.indexOf(first) + 1];
  if (first.includes('|') && second !== undefined && second.includes('-') && TABLE_DELIMITER.test(second))
    return 'table';
  return 'paragraph';
}

/** Normalises line endings, so the same text typed on any system gives the same blocks. */
export function normalizeNewlines(markdown: string): string {
  return markdown.replace(/\r\n?/g, '\n');
}

export function splitBlocks(markdown: string): Block[] {
  const lines = normalizeNewlines(markdown).split('\n');
  const blocks: Block[] = [];
  let current: string[] = [];
  let start = 0;
  let marker: string | null = null; // Set while the current block is a list.
  let fence: Fence | null = null;
  let blanks: string[] = []; // Blank lines seen inside a list, kept if the list goes on.

  const flush = () => {
    if (current.length > 0) {
      blocks.push({ text: current.join('\n'), kind: kindOf(current), line: start + 1, lines: current.length });
    }
    current = [];
    marker = null;
    blanks = [];
  };
  const push = (line: string, index: number) => {
    if (current.length === 0) {
      start = index;
      marker = listMarker(line);
    }
    current.push(line);
  };
  const onlyKeys = () => current.length > 0 && current.every((line) => BLOCK_KEY.test(line));
  // A blockquote holds its fences (and their block keys): `> ```js` goes on the quote it is in.
  const inQuote = () => current.length > 0 && QUOTE.test(current[0]!);

  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    if (fence) {
      current.push(line);
      if (closesFence(line, fence)) {
        fence = null;
        if (marker === null && !inQuote()) flush();
      }
      continue;
    }
    if (BLANK.test(line)) {
      if (marker !== null) blanks.push(line);
      else flush();
      continue;
    }
    if (marker !== null && blanks.length > 0) {
      // After a blank line a list goes on with an indented line or an item of the same kind.
      if (INDENTED.test(line) || listMarker(line) === marker) {
        current.push(...blanks);
        blanks = [];
      } else {
        flush();
      }
    }
    const opening = fenceOpening(line);
    if (opening) {
      const inList = marker !== null && (INDENTED.test(line) || LIST_ITEM.test(line));
      const quoted = QUOTE.test(line) && inQuote();
      if (!inList && !quoted && !onlyKeys()) flush();
      push(line, index);
      fence = opening;
      continue;
    }
    if (ATX_HEADING.test(line) && !(marker !== null && INDENTED.test(line))) {
      if (!onlyKeys()) flush();
      push(line, index);
      flush();
      continue;
    }
    push(line, index);
  }
  flush();
  return blocks;
}

/** Puts blocks back together in the normal form: one blank line between blocks. */
export function joinBlocks(texts: readonly string[], trailingNewline: boolean): string {
  const body = texts.join('\n\n');
  return trailingNewline && body ? `${body}\n` : body;
}
