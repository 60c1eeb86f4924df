/** The wiki's Markdown layer: editor extensions, the comment mark, block keys, parse/serialize. */
export { wikiExtensions, type WikiExtensionsOptions } from './extensions';
export { parseMarkdown, serializeMarkdown, editorMarkdown } from './markdown';
export { CommentMark, commentRanges, commentIdsAt, type CommentRange } from './comment-mark';
export { BlockKey, ensureBlockKey } from './block-key';
export { isAllowedImageSrc, isAllowedLinkHref } from './urls';
export { tableEditingReady } from './table';
