/**
 * The wiki's link mark, in place of @tiptap/extension-link: that one finds addresses with
 * linkifyjs, about 6 kB (gzip) of the editor's chunk for a list of every top-level domain. Here an
 * address is what GitHub-flavoured Markdown links by itself — `http(s)://…`, `www.…`, an email
 * address — so what the editor links as it is typed or pasted is what the next read of the
 * Markdown would link anyway (a bare `example.com` stays text in both).
 *
 * - typed: an address followed by a space becomes a link, and so does `[text](url)`;
 * - pasted: addresses and `[text](url)` in pasted text become links; an address pasted over a
 *   selection links the selection;
 * - `setLink` / `unsetLink` for the toolbar; only allowed URLs (`isAllowedLinkHref`) are linked
 *   or rendered.
 *
 * Its Markdown is read and written by the Markdown manager (`linkMarkdown`).
 */
import { InputRule, Mark, markInputRule, markPasteRule, mergeAttributes, type InputRuleMatch } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { isAllowedLinkHref } from './urls';

declare module '@tiptap/core' {
  interface Commands<ReturnType> {
    link: {
      /** Links the selection. */
      setLink: (attributes: { href: string; title?: string | null }) => ReturnType;
      /** Removes the link from the selection (or the link at the cursor). */
      unsetLink: () => ReturnType;
    };
  }
}

/** An address in text: where it starts, its text, and the URL it links to. */
export type FoundAddress = { index: number; text: string; href: string };

/*
 * GFM's extended autolinks: after a line start, a space or `*_~(`; trailing punctuation and an
 * unbalanced `)` are not part of the address.
 */
const ADDRESS = /(?<=^|[\s*_~(])(?:(?:https?:\/\/|www\.)[^\s<]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)/gi;
const WEB = /^(?:https?:\/\/|www\.)[\p{L}\p{N}_-]+(?:\.[\p{L}\p{N}_-]+)*/iu;

function trimAddress(text: string): string {
  let end = text.length;
  for (;;) {
    const last = text[end - 1];
    if (last && '?!.,:*_~\'"'.includes(last)) end -= 1;
    else if (last === ')' && count(text.slice(0, end), '(') < count(text.slice(0, end), ')')) end -= 1;
    else return text.slice(0, end);
  }
}

function count(text: string, ch: string): number {
  return text.split(ch).length - 1;
}

function hrefOf(address: string): string | null {
  if (address.includes('@') && !/^https?:|^www\./i.test(address)) {
    return /[\w]$/.test(address) ? `mailto:${address}` : null;
  }
  if (!WEB.test(address)) return null;
  return /^www\./i.test(address) ? `https://${address}` : address;
}

/** The addresses in `text` that would be links, in order. */
export function findAddresses(text: string): FoundAddress[] {
  const found: FoundAddress[] = [];
  for (const match of text.matchAll(ADDRESS)) {
    const address = trimAddress(match[0]);
    const href = address ? hrefOf(address) : null;
    if (href && isAllowedLinkHref(href)) found.push({ index: match.index, text: address, href });
  }
  return found;
}

/** `[text](url)`, not an image's `![…](…)` and not escaped. */
const MARKDOWN_LINK = /(?<![!\\])\[([^[\]\n]+)\]\(([^\s()]+)\)/g;

function markdownLinks(text: string): InputRuleMatch[] {
  const found: InputRuleMatch[] = [];
  for (const match of text.matchAll(MARKDOWN_LINK)) {
    const [whole, label, href] = match as unknown as [string, string, string];
    if (label.trim() && isAllowedLinkHref(href))
      found.push({ index: match.index, text: whole, replaceWith: label, data: { href } });
  }
  return found;
}

export const WikiLink = Mark.create({
  name: 'link',
  // Before the other marks, as the library's link: the outermost one, so Markdown writes
  // `[**a**](u)` rather than `**[a](u)**`.
  priority: 1000,
  keepOnSplit: false,
  exitable: true,
  // Typing at the end of a link continues it.
  inclusive: true,

  addAttributes() {
    return {
      href: { default: null, parseHTML: (element) => element.getAttribute('href') },
      title: { default: null },
    };
  },

  parseHTML() {
    return [{ tag: 'a[href]', getAttrs: (dom) => (isAllowedLinkHref(dom.getAttribute('href')) ? null : false) }];
  },

  renderHTML({ HTMLAttributes }) {
    const { href, ...rest } = HTMLAttributes as { href?: unknown };
    const attrs = isAllowedLinkHref(href) ? { ...rest, href } : rest;
    return ['a', mergeAttributes({ rel: 'noopener noreferrer nofollow' }, attrs), 0];
  },

  addCommands() {
    return {
      setLink:
        (attributes) =>
        ({ chain }) =>
          isAllowedLinkHref(attributes.href) && chain().setMark(this.name, attributes).run(),
      unsetLink:
        () =>
        ({ chain }) =>
          chain().unsetMark(this.name, { extendEmptyMarkRange: true }).run(),
    };
  },

  addInputRules() {
    const type = this.type;
    return [
      // An address, when the space after it is typed (the last word before the space).
      new InputRule({
        find: (text) => {
          // Asked at every keystroke: only a space ends an address, and only the last word counts.
          if (!/\s/.test(text.slice(-1))) return null;
          let start = text.length - 1;
          while (start > 0 && !/\s/.test(text[start - 1]!)) start -= 1;
          const address = findAddresses(text.slice(start, -1)).at(-1);
          return address ? { index: start, text: text.slice(start), data: { ...address } } : null;
        },
        handler: ({ state, range, match }) => {
          const address = match.data as FoundAddress;
          const from = range.from + address.index;
          const to = from + address.text.length;
          if (state.doc.rangeHasMark(from, to, type)) return null;
          state.tr.addMark(from, to, type.create({ href: address.href }));
        },
      }),
      markInputRule({
        find: (text) =>
          text.endsWith(')')
            ? (markdownLinks(text).find((m) => m.index + m.text.length === text.length) ?? null)
            : null,
        type,
        getAttributes: (match) => ({ href: (match.data as { href: string }).href }),
      }),
    ];
  },

  addPasteRules() {
    return [
      markPasteRule({
        find: (text) => {
          const links = markdownLinks(text);
          const inLink = (index: number) => links.some((l) => index >= l.index && index < l.index + l.text.length);
          const addresses = findAddresses(text)
            .filter((a) => !inLink(a.index))
            .map((a) => ({ index: a.index, text: a.text, data: { href: a.href } }));
          return [...links, ...addresses].sort((a, b) => a.index - b.index);
        },
        type: this.type,
        getAttributes: (match) => ({ href: (match.data as { href: string }).href }),
      }),
    ];
  },

  addProseMirrorPlugins() {
    const { editor, type } = this;
    return [
      // An address pasted over a selection links the selection.
      new Plugin({
        key: new PluginKey('wikiLinkPaste'),
        props: {
          handlePaste: (view, _event, slice) => {
            if (view.state.selection.empty) return false;
            const text = slice.content.textBetween(0, slice.content.size, ' ').trim();
            const address = findAddresses(text)[0];
            if (!address || address.index !== 0 || address.text !== text) return false;
            return editor.commands.setMark(type, { href: address.href });
          },
        },
      }),
    ];
  },
});
