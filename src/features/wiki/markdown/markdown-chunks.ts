/**
 * Large documents are parsed in chunks split at safe blank lines (marked's block lexer rescans the
 * rest of the document at every paragraph, so its cost grows with the square of the length):
 * `WikiMarkdownManager.parse` cuts the Markdown with `splitMarkdownChunks`.
 */

/** Chunks are cut at the first safe blank line after this many characters. */
export const CHUNK_CHARS = 12_000;

/** Is `line` one a chunk may start with: not blank, not indented, not a list item? */
function safeChunkStart(line: string | undefined): boolean {
  if (!line || /^[ \t]/.test(line) || line.trim() === '') return false;
  return !/^(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)/.test(line);
}

/**
 * Splits Markdown into chunks that parse to the same blocks as the whole: only at a single blank
 * line outside code fences, followed by a non-indented line that is not a list item. Documents with
 * link reference definitions are not split (a definition applies to the whole document).
 */
export function splitMarkdownChunks(markdown: string, chunkChars = CHUNK_CHARS): string[] {
  if (markdown.length <= chunkChars) return [markdown];
  if (/^ {0,3}\[[^\]\n]+\]:/m.test(markdown)) return [markdown];
  const lines = markdown.split('\n');
  const chunks: string[] = [];
  let fence: string | null = null;
  let chunk: string[] = [];
  let size = 0;
  for (let i = 0; i < lines.length; i += 1) {
    const line = lines[i]!;
    const fenceMatch = /^[ \t]*(`{3,}|~{3,})/.exec(line);
    if (fence) {
      if (fenceMatch && fenceMatch[1]![0] === fence[0] && fenceMatch[1]!.length >= fence.length) {
        if (line.trim() === fenceMatch[1]) fence = null;
      }
    } else if (fenceMatch && !(fenceMatch[1]![0] === '`' && line.slice(fenceMatch[0].length).includes('`'))) {
      fence = fenceMatch[1]!;
    } else if (
      size >= chunkChars &&
      i >= 2 &&
      safeChunkStart(line) &&
      lines[i - 1]!.trim() === '' &&
      lines[i - 2]!.trim() !== ''
    ) {
      // Cut before the single blank line: it separates two blocks, nothing else.
      chunk.pop();
      chunks.push(chunk.join('\n'));
      chunk = [];
      size = 0;
    }
    chunk.push(line);
    size += line.length + 1;
  }
  chunks.push(chunk.join('\n'));
  return chunks;
}
