const units = ['KB', 'MB', 'GB', 'TB'];

/** "512 bytes", "1.4 MB", "12 GB": one decimal below 10, none above. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1).replace(/\.0$/, '') : Math.round(value)} ${units[unit]}`;
}

/** What kind of file a MIME type is, for its icon and whether it has a thumbnail. */
export type FileKind = 'folder' | 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'sheet' | 'archive' | 'other';

export function fileKind(node: { type: 'folder' | 'file'; mimeType: string | null }): FileKind {
  if (node.type === 'folder') return 'folder';
  const mime = node.mimeType ?? '';
  if (mime.startsWith('image/')) return 'image';
  if (mime.startsWith('video/')) return 'video';
  if (mime.startsWith('audio/')) return 'audio';
  if (mime === 'application/pdf') return 'pdf';
  if (/spreadsheet|excel|csv/.test(mime)) return 'sheet';
  if (/zip|tar|gzip|compressed|7z|rar/.test(mime)) return 'archive';
  if (mime.startsWith('text/') || /json|xml|markdown|javascript|yaml/.test(mime)) return 'text';
  return 'other';
}

/** Words for a kind, read out with the name ("Folder", "Image"). */
export const kindLabels: Record<FileKind, string> = {
  folder: 'Folder',
  image: 'Image',
  video: 'Video',
  audio: 'Audio',
  pdf: 'PDF',
  text: 'Text',
  sheet: 'Spreadsheet',
  archive: 'Archive',
  other: 'File',
};

/**
 * What is wrong with a file or folder name, in words a person acts on, or undefined: the server's
 * rules (no `/`, no control characters, not `.` or `..`), checked before anything is sent.
 */
export function nameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Enter a name.';
  if (trimmed.includes('/')) return 'A name cannot contain /.';
  // The server's test: a code unit below U+0020, or U+007F.
  if ([...trimmed].some((character) => character.charCodeAt(0) < 0x20 || character.charCodeAt(0) === 0x7f))
    return 'A name cannot contain control characters (such as a tab).';
  if (trimmed === '.' || trimmed === '..') return 'A name cannot be . or .. on its own.';
  return undefined;
}
