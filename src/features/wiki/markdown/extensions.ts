/**
 * The wiki editor's extensions. Everything the toolbar offers is registered here, because
 * @tiptap/markdown drops what no extension parses or renders when a page is saved.
 */
import { mergeAttributes, type AnyExtension } from '@tiptap/core';
import { Image } from '@tiptap/extension-image';
import { TaskItem, TaskList } from '@tiptap/extension-list';
import { Table, TableCell, TableHeader, TableRow } from '@tiptap/extension-table';
import { Placeholder } from '@tiptap/extensions';
import { StarterKit } from '@tiptap/starter-kit';
import { BlockKey } from './block-key';
import { CommentMark } from './comment-mark';
import { BlockTextMarkdown, WikiMarkdown } from './markdown-manager';
import { isAllowedImageSrc, isAllowedLinkHref } from './urls';

/** Images: only http(s) and this server's `/api/…` paths are ever put in a `src`. */
const WikiImage = Image.extend({
  renderHTML({ HTMLAttributes }) {
    const { src, ...rest } = HTMLAttributes as { src?: unknown };
    const attrs = isAllowedImageSrc(src) ? { ...rest, src } : rest;
    return ['img', mergeAttributes(this.options.HTMLAttributes, attrs)];
  },
}).configure({ inline: false, allowBase64: false });

export type WikiExtensionsOptions = {
  /** Shown in an empty document. */
  placeholder?: string;
};

/** The complete, ordered extension list of the wiki editor (and of the headless parser). */
export function wikiExtensions(options: WikiExtensionsOptions = {}): AnyExtension[] {
  const extensions: AnyExtension[] = [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4] },
      underline: false,
      link: {
        openOnClick: false,
        autolink: true,
        linkOnPaste: true,
        defaultProtocol: 'https',
        protocols: [],
        isAllowedUri: (url) => isAllowedLinkHref(url),
        HTMLAttributes: { rel: 'noopener noreferrer nofollow', target: null },
      },
      codeBlock: { languageClassPrefix: 'language-', defaultLanguage: null },
    }),
    TaskList,
    TaskItem.configure({ nested: true }),
    Table.configure({ resizable: false }),
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
