/**
 * The `comment` mark: a passage some comment threads are anchored to.
 *
 * In the editor each thread is its own mark (`excludes: ''`, so several overlap). In Markdown the
 * passage is written as flat runs, one per distinct set of thread ids, never nested:
 * `[comment id="a"]one [/comment][comment id="a b"]two[/comment][comment id="b"] three[/comment]`
 * (ids sorted ascending, separated by one space). A run lives inside one line of one text block; a
 * passage over two paragraphs is two runs with the same id. The runs are grouped by
 * `WikiMarkdownManager` (markdown-manager.ts), which hands this mark's `renderMarkdown` a synthetic
 * `comment` node per run, so the mark nesting of @tiptap/markdown (which breaks on overlaps) never
 * sees these marks.
 */
import { Mark, mergeAttributes, type JSONContent, type MarkdownToken, type MarkdownTokenizer } from '@tiptap/core';
import type { Node as PMNode } from '@tiptap/pm/model';
import type { EditorState } from '@tiptap/pm/state';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    comment: {
      /** Marks the selection as the passage of thread `id`. */
      setComment: (id: string) => ReturnType;
      /** Removes thread `id`'s mark from the whole document. */
      unsetComment: (id: string) => ReturnType;
    };
  }
}

/** What a thread id may look like inside `id="…"` (the server accepts lowercase UUIDs only). */
const ID = /^[A-Za-z0-9_-]{1,64}$/;
const OPEN = /^\[comment id="([A-Za-z0-9_ -]{1,2000})"\]/;
const CLOSE = '[/comment]';

/** The sorted, distinct ids of an `id="…"` attribute; `null` when one of them is malformed. */
export function parseCommentIds(value: string): string[] | null {
  const ids = value.split(' ');
  if (ids.some((id) => !ID.test(id))) return null;
  return [...new Set(ids)].sort();
}

/** The opening of a run: `[comment id="a b"]` (ids sorted). */
export function commentRunOpening(ids: readonly string[]): string {
  return `[comment id="${[...ids].sort().join(' ')}"]`;
}

/**
 * Where the `[/comment]` closing the run that starts at 0 is, or -1. The search stays on the first
 * line, skips backslash escapes and code spans, and refuses a nested opening.
 */
function findClose(src: string, from: number): number {
  let i = from;
  while (i < src.length) {
    const ch = src[i];
    if (ch === '\n') return -1;
    if (ch === '\\') {
      // A backslash before the end of the line is a hard break: the run would span two lines.
      if (src[i + 1] === '\n') return -1;
      i += 2;
      continue;
    }
    if (ch === '`') {
      let run = 1;
      while (src[i + run] === '`') run += 1;
      const fence = '`'.repeat(run);
      const lineEnd = src.indexOf('\n', i + run);
      const limit = lineEnd === -1 ? src.length : lineEnd;
      let j = src.indexOf(fence, i + run);
      // A closing run of exactly the same length on the same line ends the code span.
      while (j !== -1 && j < limit && src[j + run] === '`') {
        let k = j;
        while (src[k] === '`') k += 1;
        j = src.indexOf(fence, k);
      }
      if (j !== -1 && j < limit) {
        i = j + run;
        continue;
      }
      i += run;
      continue;
    }
    if (ch === '[') {
      if (src.startsWith(CLOSE, i)) return i;
      if (OPEN.test(src.slice(i, i + 2100))) return -1;
    }
    i += 1;
  }
  return -1;
}

/** Index of the next possible run opening that is not backslash-escaped, or -1. */
function findStart(src: string): number {
  let index = src.indexOf('[comment id="');
  while (index > 0) {
    let slashes = 0;
    while (src[index - 1 - slashes] === '\\') slashes += 1;
    if (slashes % 2 === 0) return index;
    index = src.indexOf('[comment id="', index + 1);
  }
  return index;
}

const tokenizer: MarkdownTokenizer = {
  name: 'comment',
  level: 'inline',
  start: findStart,
  tokenize(src, _tokens, lexer) {
    const open = OPEN.exec(src);
    if (!open) return undefined;
    const ids = parseCommentIds(open[1]!);
    if (!ids) return undefined;
    const close = findClose(src, open[0].length);
    if (close === -1) return undefined;
    const inner = src.slice(open[0].length, close);
    return {
      type: 'comment',
      raw: src.slice(0, close + CLOSE.length),
      text: inner,
      ids,
      tokens: lexer.inlineTokens(inner),
    };
  },
};

type CommentToken = MarkdownToken & { ids?: string[] };

function withComments(nodes: JSONContent[], ids: readonly string[]): JSONContent[] {
  return nodes.map((node) => ({
    ...node,
    marks: [...(node.marks ?? []), ...ids.map((id) => ({ type: 'comment', attrs: { id } }))],
  }));
}

export const CommentMark = Mark.create({
  name: 'comment',
  excludes: '',
  inclusive: false,
  spanning: true,

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-comment-id'),
        renderHTML: (attributes) => ({ 'data-comment-id': attributes.id as string }),
      },
    };
  },

  parseHTML() {
    return [
      {
        tag: 'span[data-comment-id]',
        getAttrs: (element) => (ID.test(element.getAttribute('data-comment-id') ?? '') ? null : false),
      },
    ];
  },

  renderHTML({ HTMLAttributes }) {
    return ['span', mergeAttributes({ class: 'wiki-comment' }, HTMLAttributes), 0];
  },

  markdownTokenName: 'comment',
  markdownTokenizer: tokenizer,

  parseMarkdown(token: CommentToken, helpers) {
    const content = helpers.parseInline(token.tokens ?? []);
    return withComments(content, token.ids ?? []);
  },

  /**
   * Renders one run. `node` is the synthetic run node made by the manager (`attrs.ids`, inline
   * content without comment marks); when called for a lone mark (`attrs.id`) it renders that one.
   */
  renderMarkdown(node, helpers) {
    const attrs = (node.attrs ?? {}) as { ids?: string[]; id?: string };
    const ids = attrs.ids ?? (attrs.id ? [attrs.id] : []);
    let inner = helpers.renderChildren(node.content ?? []);
    // `[comment id="…"]: x` at the start of a line would read as a link reference definition.
    if (inner.startsWith(':')) inner = `\\${inner}`;
    return ids.length > 0 ? `${commentRunOpening(ids)}${inner}${CLOSE}` : inner;
  },

  addCommands() {
    return {
      setComment:
        (id) =>
        ({ tr, state, dispatch }) => {
          if (!ID.test(id)) return false;
          const { from, to, empty } = state.selection;
          if (empty) return false;
          // Only text carries the mark (a selected code block or image anchors by block key).
          let hasText = false;
          state.doc.nodesBetween(from, to, (node) => {
            if (node.isText) hasText = true;
            return !hasText;
          });
          if (!hasText) return false;
          if (dispatch) tr.addMark(from, to, this.type.create({ id }));
          return true;
        },
      unsetComment:
        (id) =>
        ({ tr, state, dispatch }) => {
          let found = false;
          state.doc.descendants((node, pos) => {
            const mark = node.marks.find((m) => m.type === this.type && m.attrs.id === id);
            if (mark) {
              found = true;
              if (dispatch) tr.removeMark(pos, pos + node.nodeSize, mark);
            }
          });
          return found;
        },
    };
  },
});

export type CommentRange = { from: number; to: number };

/**
 * Every comment id of the document with the ranges its passage covers (adjacent pieces merged),
 * in document order.
 */
export function commentRanges(doc: PMNode): Map<string, CommentRange[]> {
  const ranges = new Map<string, CommentRange[]>();
  doc.descendants((node, pos) => {
    if (!node.isInline) return true;
    for (const mark of node.marks) {
      if (mark.type.name !== 'comment') continue;
      const id = mark.attrs.id as string | null;
      if (!id) continue;
      const from = pos;
      const to = pos + node.nodeSize;
      const list = ranges.get(id);
      const last = list?.[list.length - 1];
      if (last && last.to === from) last.to = to;
      else if (list) list.push({ from, to });
      else ranges.set(id, [{ from, to }]);
    }
    return false;
  });
  return ranges;
}

/**
 * The comment ids (sorted) on the character at `pos`, or on the one before it when `pos` ends a
 * text block. Accepts the document or an editor state.
 */
export function commentIdsAt(docOrState: PMNode | EditorState, pos: number): string[] {
  const doc = 'doc' in docOrState ? docOrState.doc : docOrState;
  if (pos < 0 || pos > doc.content.size) return [];
  const $pos = doc.resolve(pos);
  const node = $pos.nodeAfter ?? $pos.nodeBefore;
  if (!node) return [];
  return node.marks
    .filter((m) => m.type.name === 'comment' && typeof m.attrs.id === 'string')
    .map((m) => m.attrs.id as string)
    .sort();
}
