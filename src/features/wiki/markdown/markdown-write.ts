/**
 * How the wiki writes Markdown text, outside the manager: comment runs, escapes, link and image
 * destinations, code fences. `WikiMarkdownManager` (markdown-manager.ts) and its node overrides
 * (markdown-nodes.ts) use these; the normal form they produce is described in corpus/README.md.
 */
import type { JSONContent } from '@tiptap/core';
import { blockKeyPrefix } from './block-key';

function commentIdsOf(node: JSONContent): string[] {
  const ids: string[] = [];
  for (const mark of node.marks ?? []) {
    const id = mark.attrs?.id as unknown;
    if (mark.type === 'comment' && typeof id === 'string' && !ids.includes(id)) ids.push(id);
  }
  return ids.sort();
}

function withoutComments(node: JSONContent): JSONContent {
  const marks = (node.marks ?? []).filter((m) => m.type !== 'comment');
  const copy: JSONContent = { ...node };
  if (marks.length > 0) copy.marks = marks;
  else delete copy.marks;
  return copy;
}

/**
 * Groups inline content by its set of comment ids: each maximal run of nodes sharing a non-empty
 * set becomes one synthetic `comment` node (`attrs.ids`) holding those nodes without their comment
 * marks. A hard break ends a run (a run stays on one line) and drops its comment marks.
 */
export function groupCommentRuns(nodes: JSONContent[]): JSONContent[] {
  if (!nodes.some((n) => n.marks?.some((m) => m.type === 'comment'))) return nodes;
  const out: JSONContent[] = [];
  let run: JSONContent | null = null;
  let runKey = '';
  for (const node of nodes) {
    const ids = node.type === 'hardBreak' ? [] : commentIdsOf(node);
    const key = ids.join(' ');
    if (ids.length === 0) {
      run = null;
      runKey = '';
      out.push(node.marks ? withoutComments(node) : node);
      continue;
    }
    if (run && key === runKey) {
      run.content!.push(withoutComments(node));
      continue;
    }
    run = { type: 'comment', attrs: { ids }, content: [withoutComments(node)] };
    runKey = key;
    out.push(run);
  }
  return out;
}

/** Escapes text so Markdown reads it back as the same text (outside code). */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(/[ \t]*\n[ \t]*/g, ' ')
    .replace(/[\\`*_[\]~]/g, '\\$&')
    .replace(/&(?=#?[A-Za-z0-9]+;)/g, '\\&')
    .replace(/<(?=[A-Za-z/!?])/g, '\\<');
}

/**
 * Text that GFM would read as a link (a bare `https://…`, `www.…` or e-mail address) but is not one
 * in the document gets an escape that breaks the pattern and shows nothing: `https\://`, `www\.`,
 * `a\@b.c`. For text outside links, after `escapeMarkdownText`.
 */
export function escapeAutolinks(text: string): string {
  return text
    .replace(/\b((?:ftp|https?)):(?=\/\/)/gi, '$1\\:')
    .replace(/\bwww\.(?=[A-Za-z0-9-])/gi, (match) => `${match.slice(0, 3)}\\.`)
    .replace(/([A-Za-z0-9._+-])@(?=[A-Za-z0-9_-]+\.[A-Za-z0-9_-])/g, '$1\\@');
}

/** Escapes what would start a block at the beginning of a line of a paragraph. */
export function escapeLineStart(line: string): string {
  if (/^#{1,6}(?=[ \t]|$)/.test(line)) return `\\${line}`;
  if (/^[-+](?=[ \t]|$)/.test(line)) return `\\${line}`;
  if (/^(?:-[ \t]*){3,}$/.test(line) || /^=+[ \t]*$/.test(line)) return `\\${line}`;
  if (line.startsWith('>')) return `\\${line}`;
  const ordered = /^(\d{1,9})([.)])(?=[ \t]|$)/.exec(line);
  if (ordered) return `${ordered[1]}\\${line.slice(ordered[1]!.length)}`;
  return line;
}

/** A link or image destination: bare when it can be, else in angle brackets. */
export function markdownDestination(url: string): string {
  let depth = 0;
  let balanced = true;
  for (const ch of url) {
    if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    if (depth < 0) balanced = false;
  }
  // eslint-disable-next-line no-control-regex
  if (url !== '' && balanced && depth === 0 && !/[\s<>\u0000-\u001f\\]/.test(url)) return url;
  return `<${url.replace(/[\\<>]/g, '\\$&').replace(/\n/g, '%0A')}>`;
}

/** A link or image title, in double quotes. */
export function markdownTitle(title: unknown): string {
  if (typeof title !== 'string' || title === '') return '';
  return ` "${title.replace(/[\\"]/g, '\\$&').replace(/\n+/g, ' ')}"`;
}

/** The code fence for `text`: backticks, one more than the longest run inside (at least three). */
function codeFence(text: string, language: string): string {
  if (language.includes('`')) {
    const tildes = Math.max(3, ...Array.from(text.matchAll(/~+/g), (m) => m[0].length + 1));
    return '~'.repeat(tildes);
  }
  return '`'.repeat(Math.max(3, ...Array.from(text.matchAll(/`+/g), (m) => m[0].length + 1)));
}

export function renderCodeBlock(node: JSONContent): string {
  const text = (node.content ?? []).map((child) => child.text ?? '').join('');
  const language = typeof node.attrs?.language === 'string' ? node.attrs.language.replace(/\s+/g, ' ').trim() : '';
  const fence = codeFence(text, language);
  return `${blockKeyPrefix(node)}${fence}${language}\n${text}${text ? '\n' : ''}${fence}`;
}

export function isTableCell(node: JSONContent | undefined): boolean {
  return node?.type === 'tableCell' || node?.type === 'tableHeader';
}

export function renderImage(node: JSONContent): string {
  const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  const escapedAlt = alt.replace(/[\\[\]]/g, '\\$&').replace(/\n+/g, ' ');
  return `${blockKeyPrefix(node)}![${escapedAlt}](${markdownDestination(src)}${markdownTitle(node.attrs?.title)})`;
}

/** Private-use characters around an inline image's number while its line is written. */
export const IMAGE_STAND_IN = ['\ue000', '\ue001'] as const;
export const IMAGE_STAND_IN_PATTERN = /\ue000(\d+)\ue001/g;

/** A hard break inside emphasis, strike-through or a link while its line is written. */
export const BREAK_STAND_IN = '\ue002';

/**
 * A hard break between two pieces of text that share marks (other than code and comments): a text
 * stand-in with those marks, so they stay open across the break (`*a  \nb*`, one emphasis, where
 * the library closed and reopened them: `*a*  \n*b*`). Null when they share none.
 */
export function breakStandIn(previous: JSONContent | undefined, next: JSONContent | undefined): JSONContent | null {
  if (previous?.type !== 'text' || next?.type !== 'text') return null;
  const key = (mark: { type: string; attrs?: Record<string, unknown> }) =>
    JSON.stringify([mark.type, mark.attrs ?? {}]);
  const after = new Set((next.marks ?? []).map(key));
  const shared = (previous.marks ?? []).filter(
    (mark) => mark.type !== 'code' && mark.type !== 'comment' && after.has(key(mark)),
  );
  return shared.length ? { type: 'text', text: BREAK_STAND_IN, marks: shared } : null;
}
