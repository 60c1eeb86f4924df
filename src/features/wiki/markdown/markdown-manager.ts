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
 * The text it writes (comment runs, escapes, destinations, code fences) is in markdown-write.ts,
 * the replaced node and mark hooks in markdown-nodes.ts, the schema fixes in normalize-blocks.ts.
 * The normal form this writes is described in corpus/README.md.
 */
import {
  Extension,
  getExtensionField,
  type AnyExtension,
  type JSONContent,
  type MarkdownTokenizer,
  type Node,
  type NodeConfig,
} from '@tiptap/core';
import { Markdown, MarkdownManager } from '@tiptap/markdown';
import { Marked } from 'marked';
import {
  codeBlockMarkdown,
  headingMarkdown,
  linkMarkdown,
  orderedListMarkdown,
  TASK_ITEM_START,
  taskListStart,
} from './markdown-nodes';
import {
  escapeLineStart,
  escapeMarkdownText,
  groupCommentRuns,
  isTableCell,
  renderCodeBlock,
  renderImage,
} from './markdown-write';
import { normalizeBlocks, withoutEdgeBreaks } from './normalize-blocks';

type MarkedLike = NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'];

/** Chunks are cut at the first safe blank line after this many characters. */
const CHUNK_CHARS = 12_000;

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
