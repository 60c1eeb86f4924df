/**
 * Which preview a file gets, from its declared MIME type and its name. Images, PDFs, audio and
 * video are shown from the inline URL, so they follow the types the storage serves inline
 * (server/modules/files/storage/delivery.ts); anything else it serves as an
 * `application/octet-stream` attachment. Text is fetched and rendered by us as text, never as a
 * document, so any text-like file may be read that way, HTML and SVG included (as source).
 */
export type PreviewKind = 'image' | 'pdf' | 'audio' | 'video' | 'markdown' | 'csv' | 'json' | 'text' | 'none';

/** Images a browser only draws (no script): the storage serves exactly these inline. */
const IMAGES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif']);
const MARKDOWN_TYPES = new Set(['text/markdown', 'text/x-markdown']);
const MARKDOWN_EXTENSIONS = new Set(['md', 'markdown', 'mdown', 'mkd']);
const CSV_TYPES = new Set(['text/csv', 'text/tab-separated-values']);
const CSV_EXTENSIONS = new Set(['csv', 'tsv']);
/** Non-`text/*` types that are text all the same (shown as source). */
const TEXT_TYPES = new Set([
  'application/xml',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'application/x-yaml',
  'application/yaml',
  'application/toml',
  'application/x-sh',
  'application/sql',
  'application/x-httpd-php',
  'image/svg+xml',
]);
const TEXT_EXTENSIONS = new Set(
  (
    'txt text log ini cfg conf env toml yaml yml xml html htm svg css scss js mjs cjs jsx ts tsx py rb go ' +
    'rs java kt c h cpp hpp cs php sh bash zsh sql graphql proto diff patch srt vtt rst adoc tex ' +
    'gitignore dockerfile makefile'
  ).split(' '),
);
/** Types that say nothing about the content: the extension decides. */
const UNKNOWN_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream', 'text/plain']);

/** `type/subtype`, lower-cased, without parameters. */
export function mimeEssence(mimeType: string | null | undefined): string {
  return (mimeType ?? '').split(';', 1)[0]!.trim().toLowerCase();
}

/** The lower-cased extension of a name (`report.PDF` → `pdf`), or the whole name for `Makefile`. */
export function fileExtension(name: string): string {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(dot + 1) : dot === 0 ? name.slice(1) : name).toLowerCase();
}

/** The preview for a file of this MIME type and name. */
export function previewKind(mimeType: string | null | undefined, name: string): PreviewKind {
  const type = mimeEssence(mimeType);
  const extension = fileExtension(name);
  if (IMAGES.has(type)) return 'image';
  if (type === 'application/pdf') return 'pdf';
  if (type.startsWith('audio/')) return 'audio';
  if (type.startsWith('video/')) return 'video';
  if (MARKDOWN_TYPES.has(type)) return 'markdown';
  if (CSV_TYPES.has(type)) return 'csv';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (UNKNOWN_TYPES.has(type)) {
    if (MARKDOWN_EXTENSIONS.has(extension)) return 'markdown';
    if (CSV_EXTENSIONS.has(extension)) return 'csv';
    if (extension === 'json') return 'json';
    if (type === 'text/plain' || TEXT_EXTENSIONS.has(extension)) return 'text';
    return 'none';
  }
  if (type.startsWith('text/') || TEXT_TYPES.has(type) || type.endsWith('+xml')) return 'text';
  return 'none';
}

/** Kinds whose bytes we fetch and render ourselves. */
export const isTextKind = (kind: PreviewKind): kind is 'markdown' | 'csv' | 'json' | 'text' =>
  kind === 'markdown' || kind === 'csv' || kind === 'json' || kind === 'text';

/** "Markdown", "PDF document"… for the panel's Type line. */
export function describeType(mimeType: string | null | undefined, name: string): string {
  const labels: Record<PreviewKind, string> = {
    image: 'Image',
    pdf: 'PDF document',
    audio: 'Audio',
    video: 'Video',
    markdown: 'Markdown',
    csv: 'Spreadsheet (CSV)',
    json: 'JSON',
    text: 'Text',
    none: 'File',
  };
  const type = mimeEssence(mimeType);
  const label = labels[previewKind(mimeType, name)];
  return type && type !== 'application/octet-stream' ? `${label} · ${type}` : label;
}
