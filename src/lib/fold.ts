/**
 * The combining-mark blocks search strips after NFD decomposition (the server's fold does the
 * same; see server/lib/fold.ts), so highlights line up with what the server matched.
 */
const COMBINING_MARKS: [number, number][] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

function foldChar(char: string): string {
  let folded = '';
  for (const part of char.normalize('NFD')) {
    const code = part.codePointAt(0)!;
    if (!COMBINING_MARKS.some(([from, to]) => code >= from && code <= to)) folded += part;
  }
  return folded.toLowerCase();
}

/** "Zoë Café" → "zoe cafe". */
export function fold(value: string): string {
  return Array.from(value, foldChar).join('');
}

/**
 * Where `query` matches `text` once both are folded, as [start, end) ranges of `text` (the
 * original, accents and all), for highlighting. Only the first match.
 */
export function matchRanges(text: string, query: string): [number, number][] {
  const needle = fold(query.trim());
  if (!needle) return [];
  // Fold character by character, remembering where each folded character came from.
  let folded = '';
  const origin: number[] = [];
  let offset = 0;
  for (const char of Array.from(text)) {
    const piece = foldChar(char);
    folded += piece;
    for (let i = 0; i < piece.length; i++) origin.push(offset);
    offset += char.length;
  }
  origin.push(offset);
  const at = folded.indexOf(needle);
  if (at < 0) return [];
  const start = origin[at]!;
  const lastChar = origin[at + needle.length - 1]!;
  const end = lastChar + Array.from(text.slice(lastChar))[0]!.length;
  return [[start, end]];
}
