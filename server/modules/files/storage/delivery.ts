/**
 * How stored bytes are served, the same for both backends: which media type a download carries,
 * whether it may be shown inline, and its `Content-Disposition`. An uploaded file is untrusted:
 * anything a browser could run as a document (HTML, SVG, XML, JavaScript…) is served as
 * `application/octet-stream` and always as an attachment, so it never executes in any origin.
 */

/** Image types browsers only ever draw (no script, no external loads): served as themselves. */
const SAFE_IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
/** Text types shown as plain text (a Markdown or CSV file is read, not rendered, by the browser). */
const PLAIN_TEXT = new Set(['text/plain', 'text/markdown', 'text/x-markdown', 'text/csv']);
const MEDIA = /^(audio|video)\/[a-z0-9][\w.+-]*$/;
const CHARSET = /;\s*charset\s*=\s*"?([\w.:-]{1,40})"?/i;

export const OCTET_STREAM = 'application/octet-stream';

export type ServedType = {
  /** The `Content-Type` the download carries. */
  contentType: string;
  /** Whether a browser may show it inline (images, PDF, audio, video, plain text). */
  inline: boolean;
};

/**
 * The type a file declared at upload as `declared` is served with: images, PDF, audio, video and
 * plain text as themselves (Markdown and CSV as `text/plain`, with the declared charset or UTF-8);
 * everything else as `application/octet-stream`, never inline.
 */
export function servedType(declared: string): ServedType {
  const essence = declared.split(';', 1)[0]!.trim().toLowerCase();
  if (SAFE_IMAGES.has(essence) || essence === 'application/pdf' || MEDIA.test(essence)) {
    return { contentType: essence, inline: true };
  }
  if (PLAIN_TEXT.has(essence)) {
    const charset = CHARSET.exec(declared)?.[1]?.toLowerCase() ?? 'utf-8';
    return { contentType: `text/plain; charset=${charset}`, inline: true };
  }
  return { contentType: OCTET_STREAM, inline: false };
}

/** The disposition actually served: inline only when asked for and the type allows it. */
export const servedDisposition = (declared: string, inline: boolean): 'inline' | 'attachment' =>
  inline && servedType(declared).inline ? 'inline' : 'attachment';

/** Characters RFC 5987's `attr-char` allows unencoded, besides letters and digits. */
const ATTR_CHAR = /[!#$&+\-.^_`|~]/;

/** RFC 5987 `value-chars`: UTF-8, percent-encoded except `attr-char`. */
function encodeRfc5987(value: string): string {
  let encoded = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const char = String.fromCharCode(byte);
    encoded +=
      /[A-Za-z0-9]/.test(char) || ATTR_CHAR.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return encoded;
}

/**
 * An ASCII stand-in for clients that ignore `filename*`: accents dropped (`ë` → `e`), other
 * non-ASCII characters, quotes and backslashes replaced by `_`.
 */
function asciiFallback(name: string): string {
  const plain = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_');
  return plain.trim() || 'download';
}

/**
 * `Content-Disposition` per RFC 6266: `attachment` or `inline`, with an ASCII `filename` and the
 * exact UTF-8 name in `filename*`. Path separators and control characters in the name become `_`.
 */
export function contentDisposition(disposition: 'inline' | 'attachment', fileName: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const name = fileName.replace(/[\u0000-\u001f\u007f/\\]/g, '_').trim() || 'download';
  return `${disposition}; filename="${asciiFallback(name)}"; filename*=UTF-8''${encodeRfc5987(name)}`;
}
