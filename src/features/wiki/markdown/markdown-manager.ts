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
 * - marks on inline images (a link around a badge) and across hard breaks (`*a  ⏎b*`), written
 *   through text stand-ins, since the library writes the marks of text only;
 *
 * The text it writes (comment runs, escapes, destinations, code fences, stand-ins) is in
 * markdown-write.ts, the fixes to marked's inline tokens (entities, CommonMark's link rules) in
 * markdown-tokens.ts, the replaced node and mark hooks in markdown-nodes.ts, the schema fixes in
 * normalize-blocks.ts.
 * The normal form this writes is described in corpus/README.md.
 */
import {
  Extension,
  type AnyExtension,
  type JSONContent,
  type MarkdownToken,
  type Node,
  type NodeConfig,
} from '@tiptap/core';
import { Markdown, MarkdownManager } from '@tiptap/markdown';
import { Marked } from 'marked';
import {
  bulletListMarkdown,
  codeBlockMarkdown,
  codeSpanMarkdown,
  headingMarkdown,
  linkMarkdown,
  listItemMarkdown,
  listStart,
  orderedListMarkdown,
} from './markdown-nodes';
import {
  BREAK_STAND_IN,
  breakStandIn,
  IMAGE_STAND_IN,
  IMAGE_STAND_IN_PATTERN,
  escapeAutolinks,
  escapeLineStart,
  escapeMarkdownText,
  groupCommentRuns,
  isTableCell,
  renderCodeBlock,
  renderImage,
} from './markdown-write';
import { CHUNK_CHARS, splitMarkdownChunks } from './markdown-chunks';
import { decodeEntities, unnestLinks } from './markdown-tokens';
import { normalizeBlocks, withoutEdgeBreaks } from './normalize-blocks';

type MarkApplier = {
  applyMarkToContent: (markType: string, content: JSONContent[], attrs?: Record<string, unknown>) => JSONContent[];
};
type InlineLexer = { tokenizeInline: (src: string) => MarkdownToken[] };
type InlineParser = { parseInlineTokens: (tokens: MarkdownToken[]) => JSONContent[] };

/**
 * Stand for a space and a no-break space at the edge of a code span while a document is written
 * (control characters Markdown has no use for), so the library does not move them out of the span.
 */
const CODE_SPACES: Record<string, string> = { ' ': '\u0000', '\u00a0': '\u0001' };

export { splitMarkdownChunks } from './markdown-chunks';

type MarkedLike = NonNullable<ConstructorParameters<typeof MarkdownManager>[0]>['marked'];

const LISTS = new Set(['bulletList', 'orderedList', 'taskList']);

function isListItem(node: JSONContent | undefined): node is JSONContent {
  return node?.type === 'listItem' || node?.type === 'taskItem';
}

/**
 * Between two blocks of an item of a tight list: a line break where the next block can start
 * right under the previous one without joining it, else a blank line (which makes the list
 * loose, as it must be: two paragraphs, or text after a quote, table, image or list, cannot touch).
 */
function tightSeparator(previous: JSONContent | undefined, next: JSONContent): string {
  const type = previous?.type;
  if (!type || type === 'table' || type === 'image') return '\n\n';
  if (next.type === 'paragraph')
    return type === 'heading' || type === 'codeBlock' || type === 'horizontalRule' ? '\n' : '\n\n';
  if (next.type === 'table' || next.type === 'image') return '\n\n';
  // An ordered list starting at another number than 1 cannot interrupt a paragraph.
  if (next.type === 'orderedList' && type === 'paragraph' && Number(next.attrs?.start ?? 1) !== 1) return '\n\n';
  if (
    next.type &&
    (LISTS.has(next.type) || ['codeBlock', 'blockquote', 'heading', 'horizontalRule'].includes(next.type))
  )
    return '\n';
  return '\n\n';
}

/** Whether an item's first block is the empty paragraph the schema wants before another block. */
function startsEmpty(item: JSONContent): boolean {
  const first = item.content?.[0];
  return first?.type === 'paragraph' && !first.content?.length;
}

/**
 * Whether a list written tight would still have a blank line in an item (two paragraphs, say):
 * Markdown reads the whole list as loose then, so it is written loose, and reads back the same.
 */
function needsLoose(list: JSONContent): boolean {
  return (list.content ?? []).some((item) => {
    const children = item.content ?? [];
    // The block after an empty first paragraph goes on the marker line (not in a task item).
    const first = startsEmpty(item) && item.type !== 'taskItem' ? 1 : 0;
    return children.some(
      (child, j) =>
        j > first && tightSeparator(j === 1 && startsEmpty(item) ? undefined : children[j - 1], child) === '\n\n',
    );
  });
}

/** Whether a list is written loose: it was read loose, or Markdown needs a blank line in it. */
function isLoose(list: JSONContent): boolean {
  return list.attrs?.loose === true || needsLoose(list);
}

const BULLETED = new Set(['bulletList', 'taskList']);

/**
 * Whether the list at `index` continues the Markdown list before it: a bullet list and a task list
 * side by side are one list in Markdown (GFM, where some items are tasks), read back as the same
 * two, so they are written that way, without a blank line when tight. Not when the one before
 * uses the other bullet (`*`, after a list of its own type) or the two differ in looseness.
 */
function continuesList(siblings: JSONContent[], index: number): boolean {
  const node = siblings[index];
  const previous = siblings[index - 1];
  if (!node?.type || !previous?.type || !BULLETED.has(node.type) || !BULLETED.has(previous.type)) return false;
  if (node.type === previous.type || siblings[index - 2]?.type === previous.type) return false;
  return isLoose(node) === isLoose(previous);
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
        // Spaces at the edges of a code span are part of it: held as CODE_SPACES until the end.
        if (inCode)
          return parentNode && codeTypes.has(parentNode.type ?? '')
            ? text
            : text.replace(/^[ \u00a0]+|[ \u00a0]+$/g, (m) => [...m].map((c) => CODE_SPACES[c]).join(''));
        // A no-break space is invisible in the source: it is written as its entity.
        const escaped = escapeMarkdownText(text).replace(/\u00a0/g, '&nbsp;');
        return node.marks?.some((mark) => mark.type === 'link') ? escaped : escapeAutolinks(escaped);
      },
    });
    // Entity references are decoded once, all of HTML's (the library decodes only `&amp;`, `&lt;`,
    // `&gt;`, `&quot;` and numeric ones, so `&copy;` stayed text and was written back as
    // `\&copy;`). The decoded text's `&` is handed on as `&amp;`, which the library turns back.
    // A mark (a link, emphasis) applies to the images inside it too: the library marks only text,
    // so a linked badge `[![npm](…)](…)` lost its link.
    const applyMarkToContent = (this as unknown as MarkApplier).applyMarkToContent;
    Object.assign(this, {
      applyMarkToContent: (markType: string, content: JSONContent[], attrs?: Record<string, unknown>) =>
        applyMarkToContent.call(this, markType, content, attrs).map((node, i) =>
          node.type === 'image'
            ? {
                ...content[i],
                marks: [...(content[i]!.marks ?? []), attrs ? { type: markType, attrs } : { type: markType }],
              }
            : node,
        ),
    });
    // Links inside a link are read as CommonMark reads them: the inner one is the link.
    const parseInlineTokens = (this as unknown as InlineParser).parseInlineTokens;
    const lexInline = (src: string) => (this as unknown as InlineLexer).tokenizeInline(src);
    Object.assign(this, {
      parseInlineTokens: (tokens: MarkdownToken[]) =>
        parseInlineTokens.call(this, decodeEntities(unnestLinks(tokens, lexInline))),
    });
  }

  override registerExtension(extension: AnyExtension): void {
    const overrides: Record<string, object> = {
      link: linkMarkdown,
      heading: headingMarkdown,
      codeBlock: codeBlockMarkdown,
      code: codeSpanMarkdown,
      bulletList: bulletListMarkdown,
      listItem: listItemMarkdown,
      // marked's own list tokenizer follows CommonMark; the library's ordered-list one misreads
      // the indentation of content under `1. ` (three columns). Items are read like bullet ones.
      orderedList: { markdownTokenizer: null, ...orderedListMarkdown },
      // Task lists come from marked's list tokens (bulletListMarkdown): the library's own
      // tokenizer ends a task list at a blank line, so a loose one fell apart into several.
      taskList: { markdownTokenizer: null },
    };
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
      case 'doc': {
        // Blocks a blank line apart, except a list that continues the one before (continuesList).
        const children = node.content ?? [];
        return children
          .map((child, i) => {
            const out = this.renderNodeToMarkdown(child, node, i, level);
            if (i === 0) return out;
            return `${continuesList(children, i) && !isLoose(child) ? '\n' : '\n\n'}${out}`;
          })
          .join('');
      }
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
   * blocks indented to its content column. A loose list has a blank line between its items and
   * between an item's blocks; a tight one has none (a list where Markdown needs one in an item,
   * `needsLoose`, is loose whatever its attribute says). An item that starts with another block
   * than a paragraph (its paragraph is empty) writes that block on the marker line; an empty item
   * is its marker alone.
   */
  private renderList(node: JSONContent, parentNode: JSONContent | undefined, index: number, level: number): string {
    // How many lists of the same type directly precede this one: every other one changes its
    // marker, or Markdown would read the two as one list.
    let run = 0;
    while (parentNode?.content?.[index - run - 1]?.type === node.type) run += 1;
    const alternate = run % 2 === 1;
    const bullet = alternate ? '*' : '-';
    const delimiter = alternate ? ')' : '.';
    const start = listStart(node.attrs?.start);
    const loose = isLoose(node);
    // A list right after a paragraph line of its item: an empty first item there would read as
    // a setext underline (`-`) or as paragraph text, so it keeps a no-break space.
    const afterParagraph = !loose && isListItem(parentNode) && parentNode.content?.[index - 1]?.type === 'paragraph';
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
      let previous: JSONContent | undefined;
      children.forEach((child, j) => {
        if (j === 0 && child.type === 'paragraph' && !child.content?.length) {
          // An empty first paragraph: the next block goes on the marker line. A task item needs
          // text after its box, and an item nothing may leave empty keeps a no-break space.
          const placeholder = item.type === 'taskItem' || (children.length === 1 && afterParagraph && i === 0);
          blocks.push(children.length === 1 && placeholder ? '&nbsp;' : '');
          return;
        }
        let out = this.renderNodeToMarkdown(child, item, j, level + 1);
        if (j === 0 || (j === 1 && blocks[0] === '' && item.type !== 'taskItem')) {
          // A rule on the marker line is written in the other character, or `- ---` would be a
          // rule itself rather than an item holding one.
          if (child.type === 'horizontalRule') out = bullet === '-' ? '***' : '---';
          blocks[0] = out;
        } else {
          const separator = loose ? '\n\n' : tightSeparator(previous, child);
          // A rule right under a paragraph line would make it a setext heading.
          if (child.type === 'horizontalRule' && separator === '\n') out = '***';
          blocks.push(`${separator}${out}`);
        }
        previous = child;
      });
      const body = blocks.join('');
      const pad = ' '.repeat(width);
      const indented = body
        .split('\n')
        .map((line, k) => (k === 0 || line === '' ? line : pad + line))
        .join('\n');
      return `${marker}${indented}`.replace(/[ \t]+$/, '');
    });
    return items.join(loose ? '\n\n' : '\n');
  }

  /** The Markdown of inline images being written, by the number in their stand-in text. */
  private readonly imageStandIns = new Map<number, string>();
  private nextStandIn = 0;

  override renderNodes(
    nodeOrNodes: JSONContent | JSONContent[],
    parentNode?: JSONContent,
    separator = '',
    index = 0,
    level = 0,
  ): string {
    if (!Array.isArray(nodeOrNodes)) return super.renderNodes(nodeOrNodes, parentNode, separator, index, level);
    // The library writes the marks of text only: an inline image goes through as a text stand-in
    // with its marks (a link around a badge, emphasis, a comment run), replaced by its Markdown.
    const withStandIns = nodeOrNodes.map((node) => {
      if (node.type !== 'inlineImage') return node;
      const id = this.nextStandIn++;
      this.imageStandIns.set(id, renderImage({ ...node, attrs: { ...node.attrs, blockKey: null } }));
      const text = `${IMAGE_STAND_IN[0]}${id}${IMAGE_STAND_IN[1]}`;
      return node.marks?.length ? { type: 'text', text, marks: node.marks } : { type: 'text', text };
    });
    const grouped = groupCommentRuns(withStandIns);
    const nodes = grouped.map((node, i) =>
      node.type === 'hardBreak' ? (breakStandIn(grouped[i - 1], grouped[i + 1]) ?? node) : node,
    );
    const out = super.renderNodes(nodes, parentNode, separator, index, level);
    return out.replaceAll(BREAK_STAND_IN, '  \n').replace(IMAGE_STAND_IN_PATTERN, (standIn, id: string) => {
      const markdown = this.imageStandIns.get(Number(id));
      this.imageStandIns.delete(Number(id));
      return markdown ?? standIn;
    });
  }

  override serialize(docOrContent: JSONContent): string {
    const out = super
      .serialize(docOrContent)
      .replace(/\s+$/, '')
      .replaceAll(CODE_SPACES[' ']!, ' ')
      .replaceAll(CODE_SPACES['\u00a0']!, '\u00a0');
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
