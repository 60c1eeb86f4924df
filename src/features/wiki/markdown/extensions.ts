/**
 * The wiki editor's extensions. Everything the toolbar offers is registered here, because
 * @tiptap/markdown drops what no extension parses or renders when a page is saved.
 */
import { Node, nodeInputRule, type AnyExtension } from '@tiptap/core';
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
import { isAllowedImageSrc } from './urls';

/**
 * Images (block, never `data:`), as @tiptap/extension-image made them, less its resizing node view
 * (a 2 kB part of @tiptap/core the wiki does not use). Only http(s) and this server's `/api/…`
 * paths are ever put in a `src`. `![alt](src "title")` typed inserts one.
 */
const WikiImage = Node.create({
  name: 'image',
  group: 'block',
  draggable: true,
  addAttributes() {
    return { src: { default: null }, alt: { default: null }, title: { default: null } };
  },
  parseHTML() {
    return [{ tag: 'img[src]:not([src^="data:"])' }];
  },
  renderHTML({ HTMLAttributes }) {
    const { src, ...rest } = HTMLAttributes as { src?: unknown };
    return ['img', isAllowedImageSrc(src) ? { ...rest, src } : rest];
  },
  parseMarkdown: (token, helpers) =>
    helpers.createNode('image', { src: token.href, title: token.title, alt: token.text }),
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
    CommentMark,
    BlockKey,
    BlockTextMarkdown,
    WikiMarkdown,
  ];
  if (options.placeholder) extensions.push(Placeholder.configure({ placeholder: options.placeholder }));
  return extensions;
}
