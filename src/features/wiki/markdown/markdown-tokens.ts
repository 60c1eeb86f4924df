/**
 * Fixes to marked's inline tokens, made before @tiptap/markdown reads them (`WikiMarkdownManager`
 * runs them on every inline token list): entity references decoded once, and CommonMark's link
 * rules marked does not follow (a link holds no link; an autolink binds tighter than brackets).
 */
import type { MarkdownToken } from '@tiptap/core';
import { decodeHTMLStrict } from 'entities';

/** The text tokens of `tokens` with their entity references decoded (see the constructor). */
export function decodeEntities(tokens: MarkdownToken[]): MarkdownToken[] {
  for (const token of tokens) {
    if (token.type === 'text' && typeof token.text === 'string' && token.text.includes('&')) {
      // Only what CommonMark calls a reference: up to 7 decimal or 6 hex digits, or a name.
      token.text = token.text
        .replace(/&(?:#[0-9]{1,7}|#[xX][0-9a-fA-F]{1,6}|[A-Za-z][A-Za-z0-9]{1,31});/g, (match) =>
          decodeHTMLStrict(match),
        )
        .replace(/&/g, '&amp;');
    }
  }
  return tokens;
}

/** A CommonMark autolink at the start of a string: `<scheme:…>` or `<address@domain>`. */
const AUTOLINK =
  /^<(?:[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*|[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*)>/;

/** Whether `tokens` hold a link, at any depth outside images. */
function holdsLink(tokens: MarkdownToken[] | undefined): boolean {
  return (tokens ?? []).some(
    (token) => token.type === 'link' || (token.type !== 'image' && holdsLink(token.tokens as MarkdownToken[])),
  );
}

/**
 * CommonMark's "links may not contain other links": marked reads `[a [b](/x)](/y)` as one link to
 * `/y` around the text `a b`; CommonMark keeps the inner link and the rest as text
 * (`[a <a href="/x">b</a>](/y)`). A link holding a link becomes `[`, its content, and its source
 * after the text read again (`](/y)` is text; `][ref]` may hold a reference link). In an image's
 * description too, whose text is the image's alt.
 */
export function unnestLinks(tokens: MarkdownToken[], lexInline: (src: string) => MarkdownToken[]): MarkdownToken[] {
  const out: MarkdownToken[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    const token = tokens[i]!;
    if (token.type === 'image' && token.tokens) token.tokens = unnestLinks(token.tokens, lexInline);
    const label = typeof token.text === 'string' ? token.text : null;
    const raw = typeof token.raw === 'string' ? token.raw : '';
    const autolinkAt = token.type === 'link' && label !== null ? label.indexOf('<') : -1;
    if (autolinkAt >= 0 && raw.startsWith(`[${label}]`)) {
      // An autolink binds tighter than link brackets: `[a<https://x?q=](y)>` is `[a` and a link
      // to `https://x?q=](y)`. The source from the `<` on (the rest of the line) is read again.
      const rest =
        raw.slice(1 + autolinkAt) +
        tokens
          .slice(i + 1)
          .map((next) => String(next.raw ?? ''))
          .join('');
      const autolink = AUTOLINK.exec(rest);
      if (autolink && autolink[0].length > label!.length - autolinkAt) {
        out.push({ type: 'text', raw: '[', text: '[' }, ...lexInline(label!.slice(0, autolinkAt)), ...lexInline(rest));
        break;
      }
    }
    if (token.type === 'link' && label !== null && raw.startsWith(`[${label}]`) && holdsLink(token.tokens)) {
      out.push(
        { type: 'text', raw: '[', text: '[' },
        ...unnestLinks(token.tokens ?? [], lexInline),
        ...lexInline(raw.slice(label.length + 1)),
      );
    } else {
      out.push(token);
    }
  }
  return out;
}
