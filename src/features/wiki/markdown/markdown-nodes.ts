/**
 * The wiki's Markdown hooks for some of the library's nodes and marks, which `WikiMarkdownManager`
 * registers in place of the library's own: headings deeper than 4, any code token, ordered lists,
 * the task list's start probe, and links (kept whatever their address; autolinks).
 */
import type { JSONContent, MarkdownParseHelpers, MarkdownToken } from '@tiptap/core';
import { escapeMarkdownText, markdownDestination, markdownTitle } from './markdown-write';

/** Headings, levels 1 to 6 (setext ones are levels 1 and 2). */
export const headingMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const level = Math.min(Math.max(Number(token.depth) || 1, 1), 6);
    return helpers.createNode('heading', { level }, helpers.parseInline(token.tokens ?? []));
  },
};

/**
 * Code blocks: any fenced or indented code token is a code block (the library drops a fence
 * indented by one to three spaces, as a list item's content can be).
 */
export const codeBlockMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const text = indentedFenceText(token) ?? (typeof token.text === 'string' ? token.text : '');
    const language = typeof token.lang === 'string' && token.lang.trim() ? token.lang.trim() : null;
    return helpers.createNode('codeBlock', { language }, text ? [helpers.createTextNode(text)] : []);
  },
};

/**
 * The code of a closed fence indented by one to three spaces: CommonMark takes up to that many
 * spaces off each line (marked left them on a line indented less than the fence). Null otherwise.
 */
function indentedFenceText(token: MarkdownToken): string | null {
  const raw = typeof token.raw === 'string' ? token.raw : '';
  const open = /^( {1,3})(`{3,}|~{3,})[^\n]*\n/.exec(raw);
  if (!open) return null;
  const lines = raw.slice(open[0].length).replace(/\n+$/, '').split('\n');
  const fence = open[2]!;
  const close = new RegExp(`^ {0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
  if (lines.length === 0 || !close.test(lines.at(-1)!)) return null;
  const indent = new RegExp(`^ {0,${open[1]!.length}}`);
  return lines
    .slice(0, -1)
    .map((line) => line.replace(indent, ''))
    .join('\n');
}

/** An ordered list's start number (a token's or a node's): 0 or more, as CommonMark allows; else 1. */
export function listStart(value: unknown): number {
  const start = Number(value ?? 1);
  return Number.isInteger(start) && start >= 0 ? start : 1;
}

/** Ordered lists from marked's list tokens (start, tight or loose), items read by `listItemMarkdown`. */
export const orderedListMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    if (token.type !== 'list' || !token.ordered) return [];
    const start = listStart(token.start);
    const attrs = { ...(start === 1 ? {} : { start }), ...(token.loose ? { loose: true } : {}) };
    const content = helpers.parseChildren(token.items ?? []);
    return Object.keys(attrs).length ? { type: 'orderedList', attrs, content } : { type: 'orderedList', content };
  },
};

/**
 * An item's tokens without the checkbox marked puts first, or first in its first paragraph, for a
 * GFM task item; `asText` keeps the box as the text it was (`[ ] `), for items of ordered lists,
 * which the schema has no tasks in.
 */
function withoutCheckbox(tokens: MarkdownToken[], asText = false): MarkdownToken[] {
  const [first, second, ...rest] = tokens;
  const box = first?.type === 'checkbox' ? first : first?.tokens?.[0]?.type === 'checkbox' ? first.tokens[0] : null;
  if (!first || !box) return tokens;
  const text = asText ? [{ type: 'text', raw: box.raw, text: box.raw }] : [];
  if (box !== first) return [{ ...first, tokens: [...text, ...first.tokens!.slice(1)] }, ...tokens.slice(1)];
  if (!asText) return tokens.slice(1);
  // A tight item: the box, then the text token of its first line.
  if (second?.type === 'text') return [{ ...second, tokens: [...text, ...(second.tokens ?? [])] }, ...rest];
  return [{ type: 'text', raw: box.raw, text: box.raw, tokens: text }, ...tokens.slice(1)];
}

/**
 * Bullet lists, tight or loose, from marked's list tokens (GFM: an item starting `[ ]` or `[x]`
 * is a task). A list mixing tasks and other items becomes a bullet list and a task list for each
 * run of them, since the schema keeps the two apart; written back, they are one Markdown list
 * again. Task lists are read here too, so a loose one stays one list.
 */
export const bulletListMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    if (token.type !== 'list' || token.ordered) return [];
    const parse = helpers.parseBlockChildren ?? helpers.parseChildren;
    const attrs = token.loose ? { loose: true } : undefined;
    const lists: JSONContent[] = [];
    for (const item of (token.items ?? []) as MarkdownToken[]) {
      const type = item.task ? 'taskList' : 'bulletList';
      const node: JSONContent = item.task
        ? {
            type: 'taskItem',
            attrs: { checked: Boolean(item.checked) },
            content: parse(withoutCheckbox(item.tokens ?? [])),
          }
        : { type: 'listItem', content: item.tokens?.length ? parse(item.tokens) : [] };
      const last = lists.at(-1);
      if (last?.type === type) last.content!.push(node);
      else lists.push(attrs ? { type, attrs, content: [node] } : { type, content: [node] });
    }
    return lists;
  },
};

/**
 * A list item is its blocks as Markdown has them: a heading, code block, quote, rule or list may
 * come first (the library turned a first heading into a paragraph and read `1. - 2. x` as text);
 * `normalizeBlocks` then puts the empty paragraph the schema wants in front.
 */
export const listItemMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    if (token.type !== 'list_item') return [];
    const parse = helpers.parseBlockChildren ?? helpers.parseChildren;
    const tokens = token.task ? withoutCheckbox(token.tokens ?? [], true) : (token.tokens ?? []);
    return { type: 'listItem', content: tokens.length ? parse(tokens) : [] };
  },
};

/**
 * Code spans: fenced by the shortest backtick run the code does not hold, and padded by a space
 * on each side where CommonMark would otherwise take one away or read a backtick as the fence
 * (code starting or ending with a backtick, or with a space at both ends, not only spaces).
 */
export const codeSpanMarkdown = {
  renderMarkdown(
    node: JSONContent,
    helpers: { renderChildren: (nodes: JSONContent[]) => string },
    context?: { meta?: { markText?: string } },
  ) {
    if (!node.content) return '';
    const text = context?.meta?.markText ?? '';
    const runs = new Set((text.match(/`+/g) ?? []).map((run) => run.length));
    let fence = 1;
    while (runs.has(fence)) fence += 1;
    const pad = /^`|`$/.test(text) || (/^ [\s\S]* $/.test(text) && /[^ ]/.test(text)) ? ' ' : '';
    const ticks = '`'.repeat(fence);
    return `${ticks}${pad}${helpers.renderChildren(node.content)}${pad}${ticks}`;
  },
};

/** Markdown hooks replacing those of the library's link mark. */
export const linkMarkdown = {
  parseMarkdown(token: MarkdownToken, helpers: MarkdownParseHelpers) {
    const content = helpers.parseInline(token.tokens ?? []);
    // Every link is kept as written, whatever its address: one the wiki does not open (no address,
    // javascript:, an unknown scheme) is drawn without an `href` (link.ts) and written back as it was.
    return helpers.applyMark('link', content, {
      href: typeof token.href === 'string' ? token.href : '',
      title: token.title || null,
    });
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
