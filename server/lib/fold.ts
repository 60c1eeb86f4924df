/**
 * The combining-mark blocks removed after NFD decomposition. The database's `workspace_fold`
 * (migration 0003) strips exactly these, so a folded query matches folded names.
 */
const COMBINING_MARKS: [number, number][] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];

const isCombiningMark = (char: string) => {
  const code = char.codePointAt(0)!;
  return COMBINING_MARKS.some(([from, to]) => code >= from && code <= to);
};

/** "Zoë Café" → "zoe cafe": decomposed, combining marks removed, lower-cased. */
export function fold(value: string): string {
  let folded = '';
  for (const char of value.normalize('NFD')) if (!isCombiningMark(char)) folded += char;
  return folded.toLowerCase();
}

/** Escapes LIKE's wildcards so the text matches literally (with `escape '\'`). */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
