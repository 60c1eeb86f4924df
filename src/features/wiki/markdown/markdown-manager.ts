/**
 * The wiki's Markdown manager and extension, on top of @tiptap/markdown 3.32:
 *
 * - its own `marked` instance (the library's default is the global one, which every editor would
 *   add its tokenizers to, again and again), with raw HTML switched off: block HTML and inline tags
 *   are plain text, except `<br>` (table cells write hard breaks that way);
 * - comment marks serialized as flat runs (one run per distinct set of ids) instead of the
 *   library's mark nesting, which loses a thread when two overlap;
 * - text escaped so it reads back as the same text (`[`, `<`, `&`, line-start block syntax);
 * - lists, code blocks, images and links written here (the library misplaces content under `1. `,
 *   fences code holding backticks with three, and writes URLs with spaces or parentheses raw);
 * - a few parsers replaced: ordered lists (the library's own tokenizer misreads indentation and
 *   its item parser drops inline formatting), indented fences, headings deeper than 4, unsafe
 *   links; the task list's paragraph-interruption probe fixed ("a - [ ] b" split the paragraph);
 * - parsed content made valid for the schema (`normalizeBlocks`);
 * - large documents parsed in chunks split at safe blank lines (marked's block lexer rescans the
 *   rest of the document at every paragraph, so its cost grows with the square of the length);
 * - a final newline on non-empty output.
 *
 * The normal form this writes is described in corpus/README.md.
 */
import {
  Extension,
  getExtensionField,
  type AnyExtension,
  type JSONContent,
  type MarkdownParseHelpers,
  type MarkdownToken,
  type MarkdownTokenizer,
  type Node,
  type NodeConfig,
} from '@tiptap/core';
import { Markdown, MarkdownManager } from '@tiptap/markdown';
import { Marked } from 'marked';
import { blockKeyPrefix } from './block-key';
import { isAllowedImageSrc, isAllowedLinkHref } from './urls';

type MarkedLike = NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'];

/** Chunks are cut at the first safe blank line after this many characters. */
const CHUNK_CHARS = 12_000;

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

/** Is `line` one a chunk may start with: not blank, not indented, not a list item? */
function safeChunkStart(line: string | undefined): boolean {
  if (!line || /^[ \t]/.test(line) || line.trim() === '') return false;
  return !/^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/.test(line);
}

/**
 * Splits Markdown into chunks that parse to the same blocks as the whole: only at a single blank
 * line outside code fences, followed by a non-indented line that is not a list item. Documents with
 * link reference definitions are not split (a definition applies to the whole document).
 */
export function splitMarkdownChunks(markdown: string, chunkChars = CHUNK_CHARS): string[] {
  if (markdown.length <= chunkChars) return [markdown];
  if (/^ {0,3}\[[^\]\n]+\]:/m.test(markdown)) return [markdown];
  const lines = markdown.split('\n');
  const chunks: string[] = [];
  let fence: string | null = null;
  let chunk: string[] = [];
  let size = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fenceMatch = /^[ \t]*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) {
        if (line.trim() === fenceMatch[1]) fence = null;
      }
    } else if (fenceMatch && !(fenceMatch[1]![0] === '`' && line.slice(fenceMatch[0].length).includes('`'))) {
      fence = fenceMatch[1]!;
    } else if (
      size >= chunkChars &&
      i >= 2 &&
      safeChunkStart(line) &&
      lines[i - 1]!.trim() === '' &&
      lines[i - 2]!.trim() !== ''
    ) {
      // Cut before the single blank line: it separates two blocks, nothing else.
      chunk.pop();
      chunks.push(chunk.join('\n'));
      chunk = [];
      size = 0;
    }
    chunk.push(line);
    size += line.length + 1;
  }
  chunks.push(chunk.join('\n'));
  return chunks;
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
function markdownTitle(title: unknown): string {
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

function renderCodeBlock(node: JSONContent): string {
  const text = (node.content ?? []).map((child) => child.text ?? '').join('');
  const language = typeof node.attrs?.language === 'string' ? node.attrs.language.replace(/\s+/g, ' ').trim() : '';
  const fence = codeFence(text, language);
  return `${blockKeyPrefix(node)}${fence}${language}\n${text}${text ? '\n' : ''}${fence}`;
}

function isTableCell(node: JSONContent | undefined): boolean {
  return node?.type === 'tableCell' || node?.type === 'tableHeader';
}

function renderImage(node: JSONContent): string {
  const src = typeof node.attrs?.src === 'string' ? node.attrs.src : '';
  const alt = typeof node.attrs?.alt === 'string' ? node.attrs.alt : '';
  const escapedAlt = alt.replace(/[\\[\]]/g, '\\$&').replace(/\n+/g, ' ');
  return `${blockKeyPrefix(node)}![${escapedAlt}](${markdownDestination(src)}${markdownTitle(node.attrs?.title)})`;
}

/** Headings below level 4 (the editor's deepest) become level 4 instead of paragraphs. */
const headingMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const level = Math.min(Math.max(Number(token.depth) || 1, 1), 4);
    return helpers.createNode('heading', { level }, helpers.parseInline(token.tokens ?? []));
  },
};

/**
 * Code blocks: any fenced or indented code token is a code block (the library drops a fence
 * indented by one to three spaces, as a list item's content can be).
 */
const codeBlockMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const text = typeof token.text === 'string' ? token.text : '';
    const language = typeof token.lang === 'string' && token.lang.trim() ? token.lang.trim() : null;
    return helpers.createNode('codeBlock', { language }, text ? [helpers.createTextNode(text)] : []);
  },
};

/** Ordered lists from marked's list tokens, each item read by the list item's own parser. */
const orderedListMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    if (token.type !== 'list' || !token.ordered) return [];
    const start = Number(token.start) || 1;
    const content = helpers.parseChildren(token.items ?? []);
    return start === 1 ? { type: 'orderedList', content } : { type: 'orderedList', attrs: { start }, content };
  },
};

const TASK_ITEM_START = /^[ \t]*[-+*][ \t]+\[[ xX]\][ \t]/;

function taskListStart(src: string): number {
  const at = /\n[ \t]*[-+*][ \t]+\[[ xX]\][ \t]/.exec(src)?.index;
  return at === undefined ? -1 : at + 1;
}

/** Markdown hooks replacing those of the library's link mark. */
const linkMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const content = helpers.parseInline(token.tokens ?? []);
    // A link to a scheme the wiki does not allow (javascript:, data:, …) keeps its text only.
    if (!isAllowedLinkHref(token.href)) return content;
    return helpers.applyMark('link', content, { href: token.href, title: token.title || null });
  },
  renderMarkdown(
    node: JSONContent,
    helpers: { renderChildren: (nodes: JSONContent) => string },
    context?: { meta?: { markText?: string } },
  ) {
    const href = typeof node.attrs?.href === 'string' ? node.attrs.href : '';
    const text = context?.meta?.markText;
    const title = node.attrs?.title;
    // A link whose text is its address is written as an autolink, `<https://…>` or `<a@b.c>`.
    if (!title && text !== undefined && escapeMarkdownText(text) === text) {
      if (text === href && /^https?:\/\/[^\s<>]+$/i.test(href)) return `<${helpers.renderChildren(node)}>`;
      if (href === `mailto:${text}` && /^[\w.+-]+@[\w-]+(?:\.[\w-]+)+$/.test(text)) {
        return `<${helpers.renderChildren(node)}>`;
      }
    }
    return `[${helpers.renderChildren(node)}](${markdownDestination(href)}${markdownTitle(title)})`;
  },
};

const TEXTBLOCKS = new Set(['paragraph', 'heading']);
const INLINE = new Set(['text', 'hardBreak']);
const FIRST_CHILD_PARAGRAPH = new Set(['listItem', 'taskItem']);

/**
 * An image the wiki does not render (data:, javascript:, …) is kept as the text of its Markdown,
 * so nothing is lost and nothing is loaded.
 */
function blockedImageText(node: JSONContent): JSONContent {
  return { type: 'text', text: renderImage({ ...node, attrs: { ...node.attrs, blockKey: null } }) };
}

/**
 * A soft line break inside a paragraph reads as a space: the normal form writes a paragraph on one
 * line (hard breaks aside), so a comment run never spans two lines.
 */
function joinSoftBreaks(node: JSONContent): JSONContent {
  if (node.type !== 'text' || !node.text?.includes('\n')) return node;
  const inCode = node.marks?.some((m) => m.type === 'code');
  return inCode ? node : { ...node, text: node.text.replace(/[ \t]*\n[ \t]*/g, ' ') };
}

/** A hard break at the start or end of a paragraph is no line break in Markdown: it goes. */
function withoutEdgeBreaks(inline: JSONContent[]): JSONContent[] {
  let start = 0;
  let end = inline.length;
  while (start < end && inline[start]!.type === 'hardBreak') start += 1;
  while (end > start && inline[end - 1]!.type === 'hardBreak') end -= 1;
  return start === 0 && end === inline.length ? inline : inline.slice(start, end);
}

/** A paragraph's content starts and ends without whitespace, as CommonMark reads it. */
function trimEdges(inline: JSONContent[]): JSONContent[] {
  const out = withoutEdgeBreaks(inline);
  let emptied = false;
  const first = out[0];
  if (first?.type === 'text' && /^\s/.test(first.text ?? '') && !first.marks?.some((m) => m.type === 'code')) {
    out[0] = { ...first, text: first.text!.replace(/^\s+/, '') };
    emptied ||= out[0].text === '';
  }
  const lastIndex = out.length - 1;
  const last = out[lastIndex];
  if (last?.type === 'text' && /\s$/.test(last.text ?? '') && !last.marks?.some((m) => m.type === 'code')) {
    out[lastIndex] = { ...last, text: last.text!.replace(/\s+$/, '') };
    emptied ||= out[lastIndex].text === '';
  }
  return emptied ? out.filter((n) => n.type !== 'text' || n.text) : out;
}

/**
 * Makes parsed content valid for the schema: an image inside a paragraph splits it (images are
 * blocks), a list item starts with a paragraph, headings stop at level 4, blocked images are text.
 */
export function normalizeBlocks(nodes: JSONContent[]): JSONContent[] {
  // The parsed JSON is fresh: nodes are changed in place where that is enough.
  const out: JSONContent[] = [];
  for (const node of nodes) {
    if (node.type === 'image') {
      out.push(isAllowedImageSrc(node.attrs?.src) ? node : { type: 'paragraph', content: [blockedImageText(node)] });
    } else if (node.type && TEXTBLOCKS.has(node.type)) {
      if (node.type === 'heading' && Number(node.attrs?.level) > 4) node.attrs = { ...node.attrs, level: 4 };
      const children = node.content ?? [];
      if (children.every((child) => child.type === 'text' || child.type === 'hardBreak')) {
        node.content = trimEdges(children.map(joinSoftBreaks));
        out.push(node);
      } else {
        out.push(...splitTextblock(node));
      }
    } else {
      if (node.content && node.type !== 'codeBlock') {
        const content = normalizeBlocks(node.content);
        if (node.type === 'blockquote' && content.length === 0) content.push({ type: 'paragraph', content: [] });
        if (node.type && FIRST_CHILD_PARAGRAPH.has(node.type) && content[0]?.type !== 'paragraph') {
          content.unshift({ type: 'paragraph', content: [] });
        }
        node.content = content;
      }
      out.push(node);
    }
  }
  return out;
}

/** A paragraph or heading holding images (blocks) becomes pieces around them. */
function splitTextblock(node: JSONContent): JSONContent[] {
  const pieces: JSONContent[] = [];
  let inline: JSONContent[] = [];
  const flush = () => {
    const content = trimEdges(inline.map(joinSoftBreaks));
    if (content.length > 0) pieces.push({ ...node, content });
    inline = [];
  };
  for (const child of node.content ?? []) {
    if (child.type === 'image') {
      if (!isAllowedImageSrc(child.attrs?.src)) {
        inline.push(blockedImageText(child));
        continue;
      }
      flush();
      pieces.push(child);
    } else if (child.type && !INLINE.has(child.type) && child.content) {
      inline.push(...child.content);
    } else {
      inline.push(child);
    }
  }
  if (pieces.length === 0) return [{ ...node, content: trimEdges(inline.map(joinSoftBreaks)) }];
  flush();
  return pieces;
}

export class WikiMarkdownManager extends MarkdownManager {
  /** Chunk size for `parse` (characters); `Infinity` parses in one piece. */
  readonly chunkChars: number;

  constructor(options: {
    extensions: AnyExtension[];
    indentation?: { style?: 'space' | 'tab'; size?: number };
    chunkChars?: number;
  }) {
    const marked = new Marked({ gfm: true, breaks: false });
    marked.use({
      tokenizer: {
        // No raw HTML: a block of it is a paragraph, a tag is text. `<br>` stays a hard break.
        html: () => undefined,
        tag: (src: string) => {
          const br = /^<br\s*\/?>/i.exec(src);
          return br
            ? { type: 'html', raw: br[0], text: br[0], inLink: false, inRawBlock: false, block: false }
            : undefined;
        },
      },
    });
    super({
      extensions: options.extensions,
      indentation: options.indentation,
      marked: marked as unknown as MarkedLike,
    });
    this.chunkChars = options.chunkChars ?? CHUNK_CHARS;
    // Replaces the library's private text encoder (entities for every `&`, `<`, `>`).
    Object.assign(this, {
      encodeTextForMarkdown: (text: string, node: JSONContent, parentNode?: JSONContent) => {
        const codeTypes = (this as unknown as { codeTypes: Set<string> }).codeTypes;
        const inCode =
          (parentNode?.type != null && codeTypes.has(parentNode.type)) ||
          (node.marks ?? []).some((m) => codeTypes.has(m.type));
        return inCode ? text : escapeMarkdownText(text);
      },
    });
  }

  override registerExtension(extension: AnyExtension): void {
    const overrides: Record<string, object> = {
      link: linkMarkdown,
      heading: headingMarkdown,
      codeBlock: codeBlockMarkdown,
      // marked's own list tokenizer follows CommonMark; the library's ordered-list one misreads
      // the indentation of content under `1. ` (three columns). Items are read like bullet ones.
      orderedList: { markdownTokenizer: null, ...orderedListMarkdown },
    };
    if (extension.name === 'taskList') {
      const tokenizer = getExtensionField<MarkdownTokenizer | undefined>(extension, 'markdownTokenizer');
      // The library's start probe matches `- [ ]` anywhere on the probed line, so "a - [ ] b"
      // would split into a paragraph and a task list; only a later line's start may interrupt.
      if (tokenizer) {
        const tokenize = tokenizer.tokenize;
        overrides.taskList = {
          markdownTokenizer: {
            ...tokenizer,
            start: taskListStart,
            // Asked at every block: skip its (costly) scan unless a task item starts here.
            tokenize: (...args: Parameters<typeof tokenize>) =>
              TASK_ITEM_START.test(args[0]) ? tokenize(...args) : undefined,
          },
        };
      }
    }
    const override = overrides[extension.name];
    // Every extension overridden here is a node or a mark; `extend` keeps its options.
    super.registerExtension(override ? (extension as Node).extend(override as Partial<NodeConfig>) : extension);
  }

  override renderNodeToMarkdown(
    node: JSONContent,
    parentNode?: JSONContent,
    index = 0,
    level = 0,
    meta: Record<string, unknown> = {},
  ): string {
    switch (node.type) {
      case 'codeBlock':
        return renderCodeBlock(node);
      case 'image':
        // A table cell is one line: no room for a block key there (ensureBlockKey refuses).
        return isTableCell(parentNode)
          ? renderImage({ ...node, attrs: { ...node.attrs, blockKey: null } })
          : renderImage(node);
      case 'paragraph': {
        const content = withoutEdgeBreaks(node.content ?? []);
        const trimmed = content === node.content ? node : { ...node, content };
        const out = super.renderNodeToMarkdown(trimmed, parentNode, index, level, meta);
        return out.includes('\n') ? out.split('\n').map(escapeLineStart).join('\n') : escapeLineStart(out);
      }
      case 'bulletList':
      case 'orderedList':
      case 'taskList':
        return this.renderList(node, parentNode, index, level);
      case 'table':
        // The library pads a table with blank lines of its own; the document adds them anyway.
        return super.renderNodeToMarkdown(node, parentNode, index, level, meta).replace(/^\n+|\n+$/g, '');
      case 'heading': {
        // A heading ending in ` #` would lose it as a closing sequence.
        const out = super.renderNodeToMarkdown(node, parentNode, index, level, meta);
        return out.replace(/([ \t])(#+)$/, '$1\\$2');
      }
      default:
        return super.renderNodeToMarkdown(node, parentNode, index, level, meta);
    }
  }

  /**
   * Lists, written here rather than by the library (whose nesting under `1. ` is off by a column):
   * `-` bullets and `1.` numbers counted from `start` (`*` and `1)` for a list that directly
   * follows one of its type, which would otherwise merge with it), `- [ ]`/`- [x]` tasks; an item's
   * blocks indented to its content column, a list nested without a blank line, other blocks
   * after one.
   */
  private renderList(node: JSONContent, parentNode: JSONContent | undefined, index: number, level: number): string {
    // How many lists of the same type directly precede this one: every other one changes its
    // marker, or Markdown would read the two as one list.
    let run = 0;
    while (parentNode?.content?.[index - run - 1]?.type === node.type) run += 1;
    const alternate = run % 2 === 1;
    const bullet = alternate ? '*' : '-';
    const delimiter = alternate ? ')' : '.';
    const start = Number(node.attrs?.start ?? 1) || 1;
    const items = (node.content ?? []).map((item, i) => {
      let marker: string;
      let width: number;
      if (node.type === 'orderedList') {
        marker = `${start + i}${delimiter} `;
        width = marker.length;
      } else if (item.type === 'taskItem') {
        marker = `${bullet} [${item.attrs?.checked ? 'x' : ' '}] `;
        width = 2;
      } else {
        marker = `${bullet} `;
        width = 2;
      }
      const children = item.content ?? [];
      const blocks: string[] = [];
      children.forEach((child, j) => {
        // An empty first paragraph: nothing on the marker line (an image after it moves up).
        if (j === 0 && child.type === 'paragraph' && !child.content?.length) {
          blocks.push(children[1]?.type === 'image' ? '' : '&nbsp;');
          return;
        }
        const out = this.renderNodeToMarkdown(child, item, j, level + 1);
        const isList = child.type === 'bulletList' || child.type === 'orderedList' || child.type === 'taskList';
        if (j === 0) blocks.push(out);
        else if (j === 1 && blocks[0] === '') blocks[0] = out;
        else blocks.push(`${isList ? '\n' : '\n\n'}${out}`);
      });
      const body = blocks.join('');
      const pad = ' '.repeat(width);
      const indented = body
        .split('\n')
        .map((line, k) => (k === 0 || line === '' ? line : pad + line))
        .join('\n');
      return `${marker}${indented}`.replace(/[ \t]+$/, '');
    });
    return items.join('\n');
  }

  override renderNodes(
    nodeOrNodes: JSONContent | JSONContent[],
    parentNode?: JSONContent,
    separator = '',
    index = 0,
    level = 0,
  ): string {
    const nodes = Array.isArray(nodeOrNodes) ? groupCommentRuns(nodeOrNodes) : nodeOrNodes;
    return super.renderNodes(nodes, parentNode, separator, index, level);
  }

  override serialize(docOrContent: JSONContent): string {
    const out = super.serialize(docOrContent).replace(/\s+$/, '');
    return out ? `${out}\n` : '';
  }

  override parse(markdown: string): JSONContent {
    // Blank lines at the end would read as empty paragraphs, which are not written back.
    const source = markdown.replace(/\r\n?/g, '\n').replace(/\n[ \t\n]*$/, '\n');
    const chunks = splitMarkdownChunks(source, this.chunkChars);
    const content: JSONContent[] = [];
    for (const chunk of chunks) content.push(...(super.parse(chunk).content ?? []));
    return { type: 'doc', content: normalizeBlocks(content) };
  }
}

/**
 * A block-level `text` token (marked makes them inside list items, e.g. for a line after a nested
 * list) is a paragraph of its inline tokens; the library would keep its raw source as text.
 */
export const BlockTextMarkdown = Extension.create({
  name: 'wikiBlockText',
  // Ahead of the text node's own handler, which keeps the raw source.
  priority: 1001,
  markdownTokenName: 'text',
  parseMarkdown(token, helpers) {
    return token.tokens?.length ? { type: 'paragraph', content: helpers.parseInline(token.tokens) } : [];
  },
});

/**
 * @tiptap/markdown's extension with the wiki's manager: `editor.getMarkdown()`, `editor.markdown`
 * and `contentType: 'markdown'` all go through `WikiMarkdownManager`.
 */
export const WikiMarkdown = Markdown.extend({
  addStorage() {
    return { manager: new WikiMarkdownManager({ extensions: [] }) };
  },

  onBeforeCreate() {
    const manager = new WikiMarkdownManager({
      indentation: this.options.indentation,
      extensions: this.editor.extensionManager.baseExtensions,
    });
    this.storage.manager = manager;
    this.editor.markdown = manager;
    this.editor.getMarkdown = () => manager.serialize(this.editor.getJSON());

    const { content, contentType } = this.editor.options;
    if (contentType !== 'markdown' || typeof content !== 'string') return;
    const json = manager.parse(content);
    if (json.content?.length) this.editor.options.content = json;
  },
});
