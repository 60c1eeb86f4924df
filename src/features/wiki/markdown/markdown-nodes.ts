/**
 * The wiki's Markdown hooks for some of the library's nodes and marks, which `WikiMarkdownManager`
 * registers in place of the library's own: headings deeper than 4, any code token, ordered lists,
 * the task list's start probe, and links (unsafe schemes keep their text; autolinks).
 */
import type { JSONContent, MarkdownParseHelpers, MarkdownToken } from '@tiptap/core';
import { isAllowedLinkHref } from './urls';
import { escapeMarkdownText, markdownDestination, markdownTitle } from './markdown-write';

/** Headings below level 4 (the editor's deepest) become level 4 instead of paragraphs. */
export const headingMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const level = Math.min(Math.max(Number(token.depth) || 1, 1), 4);
    return helpers.createNode('heading', { level }, helpers.parseInline(token.tokens ?? []));
  },
};

/**
 * Code blocks: any fenced or indented code token is a code block (the library drops a fence
 * indented by one to three spaces, as a list item's content can be).
 */
export const codeBlockMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const text = typeof token.text === 'string' ? token.text : '';
    const language = typeof token.lang === 'string' && token.lang.trim() ? token.lang.trim() : null;
    return helpers.createNode('codeBlock', { language }, text ? [helpers.createTextNode(text)] : []);
  },
};

/** Ordered lists from marked's list tokens, each item read by the list item's own parser. */
export const orderedListMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    if (token.type !== 'list' || !token.ordered) return [];
    const start = Number(token.start) || 1;
    const content = helpers.parseChildren(token.items ?? []);
    return start === 1 ? { type: 'orderedList', content } : { type: 'orderedList', attrs: { start }, content };
  },
};

export const TASK_ITEM_START = /^[ \t]*[-+*][ \t]+\[[ xX]\][ \t]/;

export function taskListStart(src: string): number {
  const at = /\n[ \t]*[-+*][ \t]+\[[ xX]\][ \t]/.exec(src)?.index;
  return at === undefined ? -1 : at + 1;
}

/** Markdown hooks replacing those of the library's link mark. */
export const linkMarkdown = {
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
