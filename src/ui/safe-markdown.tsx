import { Marked, type Token, type Tokens } from 'marked';
import { Fragment, type ReactNode, useMemo } from 'react';
import './safe-markdown.css';

/** Shows a run of plain text (a mention's chip, say); by default the text itself. */
export type TextRenderer = (text: string) => ReactNode;

type SafeMarkdownProps = {
  markdown: string;
  className?: string;
  /** How runs of plain text are shown (after entities are decoded): by default as the text. */
  renderText?: TextRenderer;
};

/**
 * Renders Markdown someone else wrote (an uploaded file, an agent's reply) as React elements
 * built from marked's tokens: no HTML string is ever produced or injected, so raw HTML in it
 * (`<script>`, `<img onerror>`) shows as the text it is, links keep only http, https and mailto,
 * and images are not loaded (a link to them instead: the text must not make the browser fetch
 * other servers).
 */
export function SafeMarkdown({ markdown, className, renderText = plain }: SafeMarkdownProps) {
  const tokens = useMemo(() => lexMarkdown(markdown), [markdown]);
  return (
    <div className={className ? `safe-markdown ${className}` : 'safe-markdown'}>{renderBlocks(tokens, renderText)}</div>
  );
}

const plain: TextRenderer = (text) => text;

const marked = new Marked({ gfm: true, breaks: false });

/** Characters per lexed chunk: marked's block lexer rescans, so long documents go in pieces. */
const CHUNK = 32 * 1024;

/**
 * marked's tokens for a document, lexed in chunks cut at blank lines outside code fences (one
 * lexer pass over a large document has been measured quadratic). A list or reference definition
 * cut at a chunk boundary reads as two; a fair price for a preview.
 */
export function lexMarkdown(markdown: string): Token[] {
  if (markdown.length <= CHUNK) return marked.lexer(markdown);
  const tokens: Token[] = [];
  const lines = markdown.split('\n');
  let chunk: string[] = [];
  let size = 0;
  let fence: string | null = null;
  for (const line of lines) {
    const marker = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
    if (marker && !fence) fence = marker;
    else if (marker && fence && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
    chunk.push(line);
    size += line.length + 1;
    if (!fence && size >= CHUNK && line.trim() === '') {
      tokens.push(...marked.lexer(chunk.join('\n')));
      chunk = [];
      size = 0;
    }
  }
  if (chunk.length > 0) tokens.push(...marked.lexer(chunk.join('\n')));
  return tokens;
}

/** Browsers ignore control characters and whitespace inside a scheme (`java\tscript:`). */
function compact(url: string): string {
  // eslint-disable-next-line no-control-regex -- exactly the characters a browser drops
  return url.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '');
}

/** The href a link in a previewed file may have: absolute http, https or mailto; else none. */
export function safeHref(href: string | null | undefined): string | undefined {
  if (!href) return undefined;
  const url = compact(href);
  return /^(https?:\/\/[^/]|mailto:)/i.test(url) ? url : undefined;
}

const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  copy: '©',
  reg: '®',
  trade: '™',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  laquo: '«',
  raquo: '»',
  middot: '·',
  times: '×',
  euro: '€',
};

/** Decodes character references in Markdown text (`&amp;`, `&#39;`, `&#x1F600;`) into text. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(/&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : '\ufffd';
    }
    return NAMED_ENTITIES[ref] ?? whole;
  });
}

function renderBlocks(tokens: Token[], text: TextRenderer): ReactNode[] {
  return tokens.map((token, index) => renderBlock(token, index, text));
}

function renderBlock(token: Token, key: number, show: TextRenderer): ReactNode {
  switch (token.type) {
    case 'space':
    case 'def':
      return null;
    case 'heading': {
      const { depth, tokens } = token as Tokens.Heading;
      const Tag = `h${Math.min(6, Math.max(1, depth))}` as 'h1';
      return <Tag key={key}>{renderInline(tokens, show)}</Tag>;
    }
    case 'paragraph':
      return <p key={key}>{renderInline((token as Tokens.Paragraph).tokens, show)}</p>;
    case 'text': {
      // A block-level text token (a tight list item's content).
      const text = token as Tokens.Text;
      return <span key={key}>{text.tokens ? renderInline(text.tokens, show) : show(decodeEntities(text.text))}</span>;
    }
    case 'code': {
      const code = token as Tokens.Code;
      return (
        <pre key={key} data-language={code.lang || undefined}>
          <code>{code.text}</code>
        </pre>
      );
    }
    case 'blockquote':
      return <blockquote key={key}>{renderBlocks((token as Tokens.Blockquote).tokens, show)}</blockquote>;
    case 'hr':
      return <hr key={key} />;
    case 'list': {
      const list = token as Tokens.List;
      const items = list.items.map((item, index) => (
        <li key={index} data-task={item.task || undefined}>
          {renderBlocks(item.tokens, show)}
        </li>
      ));
      return list.ordered ? (
        <ol key={key} start={typeof list.start === 'number' && list.start !== 1 ? list.start : undefined}>
          {items}
        </ol>
      ) : (
        <ul key={key}>{items}</ul>
      );
    }
    case 'checkbox':
      return (
        <input
          key={key}
          type="checkbox"
          checked={(token as Tokens.Checkbox).checked}
          disabled
          readOnly
          aria-label={(token as Tokens.Checkbox).checked ? 'Done' : 'Not done'}
        />
      );
    case 'table': {
      const table = token as Tokens.Table;
      const align = (index: number) => table.align[index] ?? undefined;
      return (
        <div key={key} className="table-scroll" tabIndex={0}>
          <table>
            <thead>
              <tr>
                {table.header.map((cell, index) => (
                  <th key={index} style={{ textAlign: align(index) }}>
                    {renderInline(cell.tokens, show)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index} style={{ textAlign: align(index) }}>
                      {renderInline(cell.tokens, show)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    }
    case 'html':
      // Raw HTML is shown as the text it is, never parsed.
      return (
        <pre key={key} className="safe-markdown-raw-html">
          {(token as Tokens.HTML).text.trimEnd()}
        </pre>
      );
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? (
        <div key={key}>{renderBlocks(token.tokens, show)}</div>
      ) : (
        <p key={key}>{token.raw}</p>
      );
  }
}

function renderInline(tokens: Token[] | undefined, text: TextRenderer): ReactNode[] {
  return (tokens ?? []).map((token, index) => renderSpan(token, index, text));
}

function renderSpan(token: Token, key: number, show: TextRenderer): ReactNode {
  switch (token.type) {
    case 'text': {
      const text = token as Tokens.Text;
      return text.tokens ? (
        <span key={key}>{renderInline(text.tokens, show)}</span>
      ) : (
        <Fragment key={key}>{show(decodeEntities(text.text))}</Fragment>
      );
    }
    case 'escape':
      return (token as Tokens.Escape).text;
    case 'strong':
      return <strong key={key}>{renderInline((token as Tokens.Strong).tokens, show)}</strong>;
    case 'em':
      return <em key={key}>{renderInline((token as Tokens.Em).tokens, show)}</em>;
    case 'del':
      return <del key={key}>{renderInline((token as Tokens.Del).tokens, show)}</del>;
    case 'codespan':
      return <code key={key}>{(token as Tokens.Codespan).text}</code>;
    case 'br':
      return <br key={key} />;
    case 'link': {
      const link = token as Tokens.Link;
      const href = safeHref(link.href);
      const content = renderInline(link.tokens, show);
      if (!href) return <span key={key}>{content}</span>;
      return (
        <a key={key} href={href} title={link.title ?? undefined} target="_blank" rel="noopener noreferrer">
          {content}
        </a>
      );
    }
    case 'image': {
      const image = token as Tokens.Image;
      const href = safeHref(image.href);
      const label = `Image: ${image.text || image.href}`;
      return href ? (
        <a key={key} href={href} target="_blank" rel="noopener noreferrer" className="safe-markdown-image-link">
          {label}
        </a>
      ) : (
        <span key={key}>{label}</span>
      );
    }
    case 'html':
      return <code key={key}>{(token as Tokens.Tag).text}</code>;
    case 'checkbox':
      return renderBlock(token, key, show);
    default:
      return 'tokens' in token && Array.isArray(token.tokens) ? (
        <span key={key}>{renderInline(token.tokens, show)}</span>
      ) : (
        token.raw
      );
  }
}
