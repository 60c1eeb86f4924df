/**
 * The wiki editor's extensions. Everything the toolbar offers is registered here, because
 * @tiptap/markdown drops what no extension parses or renders when a page is saved.
 */
import { Node, nodeInputRule, type AnyExtension, type MarkdownToken } from '@tiptap/core';
import type { DOMOutputSpec } from '@tiptap/pm/model';
import { decodeHTMLStrict } from 'entities';
import { Blockquote } from '@tiptap/extension-blockquote';
import { Bold } from '@tiptap/extension-bold';
import { Code } from '@tiptap/extension-code';
import { CodeBlock } from '@tiptap/extension-code-block';
import { Document } from '@tiptap/extension-document';
import { HardBreak } from '@tiptap/extension-hard-break';
import { Heading } from '@tiptap/extension-heading';
import { HorizontalRule } from '@tiptap/extension-horizontal-rule';
import { Italic } from '@tiptap/extension-italic';
import { BulletList, ListItem, ListKeymap, OrderedList, TaskItem, TaskList } from '@tiptap/extension-list';
import { Paragraph } from '@tiptap/extension-paragraph';
import { Strike } from '@tiptap/extension-strike';
import { Text } from '@tiptap/extension-text';
import { Dropcursor, Gapcursor, Placeholder, TrailingNode, UndoRedo } from '@tiptap/extensions';
import { BlockKey } from './block-key';
import { CommentMark } from './comment-mark';
import { WikiLink } from './link';
import { BlockTextMarkdown, WikiMarkdown } from './markdown-manager';
import { Table, TableCell, TableHeader, TableRow } from './table';
import { renderImage } from './markdown-write';
import { isAllowedImageSrc } from './urls';

/**
 * How an image is drawn: an `<img>` when its address is one the wiki loads (`isAllowedImageSrc`),
 * else its alt text in a marked box, so the document keeps the image (and writes it back) without
 * the browser fetching anything.
 */
function renderImageHTML(HTMLAttributes: Record<string, unknown>): DOMOutputSpec {
  const { src, alt, title, ...rest } = HTMLAttributes as { src?: unknown; alt?: unknown; title?: unknown };
  if (isAllowedImageSrc(src)) return ['img', { ...rest, src, alt, title }];
  const text = typeof alt === 'string' && alt ? alt : 'Image';
  return [
    'span',
    { ...rest, class: 'wiki-image-blocked', role: 'img', 'aria-label': `${text} (image not loaded)` },
    text,
  ];
}

const imageAttributes = () => ({ src: { default: null }, alt: { default: null }, title: { default: null } });

/**
 * Images alone in their paragraph: blocks, as @tiptap/extension-image made them, less its resizing
 * node view (a 2 kB part of @tiptap/core the wiki does not use). A code of this block can anchor
 * comments (block keys). `![alt](src "title")` typed inserts one. Images inside a line of text or a
 * link are `inlineImage`s (normalize-blocks.ts decides which a parsed image is).
 */
const WikiImage = Node.create({
  name: 'image',
  group: 'block',
  draggable: true,
  addAttributes: imageAttributes,
  parseHTML() {
    return [{ tag: 'img[src]:not([src^="data:"])' }];
  },
  renderHTML: ({ HTMLAttributes }) => renderImageHTML(HTMLAttributes),
  parseMarkdown: (token, helpers) =>
    helpers.createNode('image', { src: token.href ?? '', title: token.title || null, alt: plainText(token) }),
  addInputRules() {
    return [
      nodeInputRule({
        find: /(?:^|\s)(!\[(.+|:?)]\((\S+)(?:(?:\s+)["'](\S+)["'])?\))$/,
        type: this.type,
        getAttributes: ([, , alt, src, title]) => ({ src, alt, title }),
      }),
    ];
  },
});

/**
 * An image inside a line of text, a heading, a table cell or a link (a badge such as
 * `[![npm](…/v.svg)](…)`): written back where it was, with its marks.
 */
const WikiInlineImage = Node.create({
  name: 'inlineImage',
  group: 'inline',
  inline: true,
  atom: true,
  draggable: true,
  addAttributes: imageAttributes,
  parseHTML() {
    // Pasted HTML: an image inside a paragraph or heading stays in its line.
    return [{ tag: 'img[src]:not([src^="data:"])', context: 'paragraph/|heading/', priority: 60 }];
  },
  renderHTML: ({ HTMLAttributes }) => renderImageHTML(HTMLAttributes),
  renderMarkdown: (node) => renderImage({ ...node, attrs: { ...node.attrs, blockKey: null } }),
});

/** The plain text of a token's inline content: CommonMark's alt text of an image (`![a *b*]` → `a b`). */
function plainText(token: MarkdownToken): string {
  if (token.type === 'image' || token.tokens?.length) {
    if (!token.tokens?.length) return typeof token.text === 'string' ? token.text : '';
    return token.tokens.map(plainText).join('');
  }
  if (token.type === 'br') return ' ';
  return typeof token.text === 'string' ? decodeHTMLStrict(token.text) : '';
}

/**
 * A list is loose (blank lines between its items, each item's text a paragraph) or tight, as the
 * Markdown it was read from says: the layer writes it back the same way, so the rendering stays.
 * Lists made in the editor are tight.
 */
const looseAttribute = {
  addAttributes(this: { parent?: () => Record<string, unknown> }) {
    return {
      ...this.parent?.(),
      loose: {
        default: false,
        parseHTML: (element: HTMLElement) => element.dataset.loose === 'true',
        renderHTML: (attributes: Record<string, unknown>) => (attributes.loose ? { 'data-loose': 'true' } : {}),
      },
    };
  },
};

export type WikiExtensionsOptions = {
  /** Shown in an empty document. */
  placeholder?: string;
};

/** The complete, ordered extension list of the wiki editor (and of the headless parser). */
export function wikiExtensions(options: WikiExtensionsOptions = {}): AnyExtension[] {
  const extensions: AnyExtension[] = [
    // What @tiptap/starter-kit registers, in its order, with the wiki's own link (see link.ts)
    // and without underline, which Markdown cannot write.
    Bold,
    Blockquote,
    BulletList.extend(looseAttribute),
    Code,
    CodeBlock.configure({ languageClassPrefix: 'language-', defaultLanguage: null }),
    Document,
    Dropcursor,
    Gapcursor,
    HardBreak,
    Heading.configure({ levels: [1, 2, 3, 4, 5, 6] }),
    UndoRedo,
    HorizontalRule,
    Italic,
    ListItem,
    ListKeymap,
    WikiLink,
    OrderedList.extend(looseAttribute),
    Paragraph,
    Strike,
    Text,
    TrailingNode,
    TaskList,
    TaskItem.configure({ nested: true }),
    Table,
    TableRow,
    TableHeader,
    TableCell,
    WikiImage,
    WikiInlineImage,
    CommentMark,
    BlockKey,
    BlockTextMarkdown,
    WikiMarkdown,
  ];
  if (options.placeholder) extensions.push(Placeholder.configure({ placeholder: options.placeholder }));
  return extensions;
}
