/**
 * The combining-mark blocks removed after NFD decomposition. The database's `workspace_fold`
 * (migration 0003) strips exactly these, so a folded query matches folded names.
 */
const COMBINING_MARKS = /[\u{0300}-\u{036f}\u{1ab0}-\u{1aff}\u{1dc0}-\u{1dff}\u{20d0}-\u{20ff}\u{fe20}-\u{fe2f}]/gu;

/** "Zoë Café" → "zoe cafe": decomposed, combining marks removed, lower-cased. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Escapes LIKE's wildcards so the text matches literally (with `escape '\'`). */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
