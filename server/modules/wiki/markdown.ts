/**
 * What the server reads of a wiki page's Markdown, in one linear pass and without a Markdown
 * parser: the comment marks (checked well formed), the ids they carry, the block keys present,
 * and the text of a marked passage (for a thread's `quote`). The server never renders the page.
 *
 * The format (the plan of issue 12, recorded in the contract):
 * - A comment mark is a run `[comment id="<ids>"]passage[/comment]`: one or more UUIDs separated by
 *   single spaces (normally lowercase and sorted; any case and order is accepted, ids are read in
 *   lowercase). Runs never nest, and a run opens and closes on the same line. Literal text is
 *   escaped (`\[comment`), so an unescaped `[comment` followed by anything but a letter or digit
 *   must be a well-formed mark. (`[commentary` and `[/commentary` are text.)
 * - A block key is a line `<!-- block:KEY -->` (KEY `[A-Za-z0-9_-]{1,64}`) directly before a block
 *   without text (a code block, an image); threads on that block anchor to `block:KEY`.
 * - Fenced code blocks (``` and ~~~, in list items and quotes too) and code spans (on one line)
 *   are text: nothing in them is a mark or a key.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OPEN = /\[comment id="([^"\n]*)"\]/y;
const OPEN_PREFIX = '[comment';
const CLOSE = '[/comment]';
const CLOSE_PREFIX = '[/comment';
const BLOCK_KEY = /^<!-- block:([A-Za-z0-9_-]{1,64}) -->[ \t]*$/;
const BLOCK_KEY_ANCHOR = /^block:([A-Za-z0-9_-]{1,64})$/;
const BACKSLASH = 92;
const BACKTICK = 96;
const BRACKET = 91;
const WORD_CHAR = /[\p{L}\p{N}_]/u;

/** One run of a comment mark: where its passage is in the Markdown, and its ids. */
export type CommentRun = { ids: string[]; start: number; end: number; line: number };

export type MarkdownScan = {
  /** Every comment-mark id present (lowercase). */
  ids: Set<string>;
  /** Every block key present. */
  blockKeys: Set<string>;
  runs: CommentRun[];
  /** The first problem with the marks (`line 3: …`), or null when they are well formed. */
  error: string | null;
};

type Fence = { char: string; length: number };

/** Where a line's content starts once block-quote markers, list markers and indentation are skipped. */
function contentStart(line: string, from: number, to: number): number {
  let i = from;
  for (;;) {
    while (i < to && (line[i] === ' ' || line[i] === '\t')) i++;
    if (i >= to) return i;
    if (line[i] === '>') {
      i++;
      continue;
    }
    const c = line[i];
    if ((c === '-' || c === '+' || c === '*') && (line[i + 1] === ' ' || line[i + 1] === '\t')) {
      i += 2;
      continue;
    }
    let j = i;
    while (j < to && j - i < 9 && line.charCodeAt(j) >= 48 && line.charCodeAt(j) <= 57) j++;
    if (j > i && (line[j] === '.' || line[j] === ')') && (line[j + 1] === ' ' || line[j + 1] === '\t')) {
      i = j + 2;
      continue;
    }
    return i;
  }
}

/** The fence a line opens (``` or ~~~, three or more), or null. */
function fenceOpen(text: string, at: number, to: number): Fence | null {
  const char = text[at];
  if (char !== '`' && char !== '~') return null;
  let n = at;
  while (n < to && text[n] === char) n++;
  const length = n - at;
  if (length < 3) return null;
  // A backtick fence's info string may not hold a backtick.
  if (char === '`' && text.slice(n, to).includes('`')) return null;
  return { char, length };
}

function closesFence(text: string, at: number, to: number, fence: Fence): boolean {
  let n = at;
  while (n < to && text[n] === fence.char) n++;
  if (n - at < fence.length) return false;
  for (let i = n; i < to; i++) if (text[i] !== ' ' && text[i] !== '\t') return false;
  return true;
}

/** Ids of an opening tag's `id="…"`: one or more UUIDs separated by single spaces, or null. */
function parseIds(value: string): string[] | null {
  const ids = value.split(' ');
  for (const id of ids) if (!UUID.test(id)) return null;
  return ids.map((id) => id.toLowerCase());
}

/**
 * Reads the Markdown once: comment runs (checked), their ids, and the block keys. Linear in the
 * length of the text.
 */
export function scanMarkdown(markdown: string): MarkdownScan {
  const scan: MarkdownScan = { ids: new Set(), blockKeys: new Set(), runs: [], error: null };
  let fence: Fence | null = null;
  let lineNumber = 0;
  let lineStart = 0;
  const total = markdown.length;
  while (lineStart <= total) {
    lineNumber++;
    let lineEnd = markdown.indexOf('\n', lineStart);
    if (lineEnd === -1) lineEnd = total;
    const to = lineEnd > lineStart && markdown[lineEnd - 1] === '\r' ? lineEnd - 1 : lineEnd;
    const at = contentStart(markdown, lineStart, to);
    if (fence) {
      if (closesFence(markdown, at, to, fence)) fence = null;
    } else {
      const opened = fenceOpen(markdown, at, to);
      if (opened) {
        fence = opened;
      } else {
        const key = markdown[at] === '<' ? BLOCK_KEY.exec(markdown.slice(at, to)) : null;
        if (key) scan.blockKeys.add(key[1]!);
        else {
          const error = scanLine(markdown, at, to, lineNumber, scan);
          if (error) {
            scan.error = `line ${lineNumber}: ${error}`;
            return scan;
          }
        }
      }
    }
    lineStart = lineEnd + 1;
  }
  return scan;
}

/** The comment runs of one line of text: an error message, or null. */
function scanLine(text: string, from: number, to: number, line: number, scan: MarkdownScan): string | null {
  let open: { ids: string[]; start: number } | null = null;
  let backticks: BacktickRuns | null = null;
  let i = from;
  while (i < to) {
    const code = text.charCodeAt(i);
    if (code === BACKSLASH) {
      // An escaped character is text, whatever it is.
      i += 2;
    } else if (code === BACKTICK) {
      backticks ??= new BacktickRuns(text, from, to);
      i = skipCodeSpan(text, i, to, backticks);
    } else if (code !== BRACKET) {
      i++;
    } else if (text.startsWith(OPEN_PREFIX, i) && !WORD_CHAR.test(text[i + OPEN_PREFIX.length] ?? '')) {
      OPEN.lastIndex = i;
      const tag = OPEN.exec(text);
      const ids = tag && tag.index + tag[0].length <= to ? parseIds(tag[1]!) : null;
      if (!tag || !ids) return 'a comment mark must be [comment id="<uuid>"] (one or more UUIDs separated by spaces)';
      if (open) return 'comment marks cannot nest: close the run with [/comment] first';
      open = { ids, start: i + tag[0].length };
      i = open.start;
    } else if (text.startsWith(CLOSE_PREFIX, i) && !WORD_CHAR.test(text[i + CLOSE_PREFIX.length] ?? '')) {
      if (!text.startsWith(CLOSE, i)) return 'a comment mark closes with [/comment]';
      if (!open) return '[/comment] without an open comment mark';
      scan.runs.push({ ids: open.ids, start: open.start, end: i, line });
      for (const id of open.ids) scan.ids.add(id);
      open = null;
      i += CLOSE.length;
    } else {
      i++;
    }
  }
  return open ? 'a comment mark must close ([/comment]) on the line it opens' : null;
}

/**
 * The backtick runs of one line, by length, to find code spans in linear time: the closer of a
 * run is the next run of the same length (each length's list is walked forward once).
 */
class BacktickRuns {
  private readonly byLength = new Map<number, { starts: number[]; next: number }>();

  constructor(text: string, from: number, to: number) {
    let i = text.indexOf('`', from);
    while (i !== -1 && i < to) {
      let end = i;
      while (end < to && text.charCodeAt(end) === BACKTICK) end++;
      const length = end - i;
      let runs = this.byLength.get(length);
      if (!runs) this.byLength.set(length, (runs = { starts: [], next: 0 }));
      runs.starts.push(i);
      i = text.indexOf('`', end);
    }
  }

  /** Where the code span opened by `length` backticks ending at `after` ends, or -1 when it is not closed. */
  closeAfter(length: number, after: number): number {
    const runs = this.byLength.get(length);
    if (!runs) return -1;
    while (runs.next < runs.starts.length && runs.starts[runs.next]! < after) runs.next++;
    return runs.next < runs.starts.length ? runs.starts[runs.next]! + length : -1;
  }
}

/** After the code span starting at `at` (a backtick run), or after the run when it is not closed on the line. */
function skipCodeSpan(text: string, at: number, to: number, runs: BacktickRuns): number {
  let n = at;
  while (n < to && text.charCodeAt(n) === BACKTICK) n++;
  const end = runs.closeAfter(n - at, n);
  return end === -1 ? n : end;
}

/** A UUID anchor (a comment-mark id), a block anchor's key, or neither. */
export function parseAnchor(anchor: string): { id: string } | { blockKey: string } | null {
  if (UUID.test(anchor)) return { id: anchor.toLowerCase() };
  const block = BLOCK_KEY_ANCHOR.exec(anchor);
  return block ? { blockKey: block[1]! } : null;
}

const INLINE =
  /\\([!-/:-@[-`{-~])|!?\[([^\]\n]*)\]\((?:[^()\n]|\([^()\n]*\))*\)|(`+)([^`]|[^`][\s\S]*?[^`])\3(?!`)|\*\*|__|~~|\*|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu;

/** The text of inline Markdown: escapes, emphasis and code markers dropped, links reduced to their text. */
export function plainText(markdown: string): string {
  return markdown.replace(
    INLINE,
    (_match, escaped?: string, linkText?: string, _ticks?: string, code?: string) => escaped ?? linkText ?? code ?? '',
  );
}

/** At most `max` characters, without splitting a surrogate pair. */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const code = text.charCodeAt(max - 1);
  return text.slice(0, code >= 0xd800 && code <= 0xdbff ? max - 1 : max);
}

const TAGS_ONLY = /^(?:\[\/comment\]|\[comment id="[^"\n]*"\])*$/;

/**
 * The plain text of the passage marked with `id`: its runs in order, joined (runs that follow one
 * another directly are one piece; others are separated by a space on the same line, a line break
 * across lines). Null when no run carries the id.
 */
export function passageText(markdown: string, scan: MarkdownScan, id: string): string | null {
  const wanted = id.toLowerCase();
  let text: string | null = null;
  let previous: CommentRun | null = null;
  for (const run of scan.runs) {
    if (!run.ids.includes(wanted)) continue;
    const piece = plainText(markdown.slice(run.start, run.end));
    if (previous === null) text = piece;
    else if (TAGS_ONLY.test(markdown.slice(previous.end, run.start))) text += piece;
    else text += (previous.line === run.line ? ' ' : '\n') + piece;
    previous = run;
  }
  return text;
}

/**
 * The text of the block carrying `key`: a code block's code, an image's alt text (or address), or
 * the plain text of the line after the key. Null when the key is not in the Markdown.
 */
export function blockText(markdown: string, key: string): string | null {
  const lines = markdown.split('\n');
  let fence: Fence | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!.replace(/\r$/, '');
    const at = contentStart(line, 0, line.length);
    if (fence) {
      if (closesFence(line, at, line.length, fence)) fence = null;
      continue;
    }
    fence = fenceOpen(line, at, line.length);
    if (fence) continue;
    if (BLOCK_KEY.exec(line.slice(at))?.[1] !== key) continue;
    const next = lines[index + 1]?.replace(/\r$/, '') ?? '';
    const nextAt = contentStart(next, 0, next.length);
    const code = fenceOpen(next, nextAt, next.length);
    if (code) {
      const body: string[] = [];
      for (let j = index + 2; j < lines.length; j++) {
        const codeLine = lines[j]!.replace(/\r$/, '');
        if (closesFence(codeLine, contentStart(codeLine, 0, codeLine.length), codeLine.length, code)) break;
        body.push(codeLine.slice(Math.min(nextAt, codeLine.length - codeLine.trimStart().length)));
      }
      return body.join('\n');
    }
    const image = /^!\[([^\]]*)\]\(([^)\s]*)/.exec(next.slice(nextAt));
    if (image) return image[1] || image[2]!;
    return plainText(next.slice(nextAt));
  }
  return null;
}
