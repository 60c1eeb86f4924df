/**
 * The combining-mark blocks removed after NFD decomposition. The database's `workspace_fold`
 * (migration 0003) strips exactly these, so a folded query matches folded names.
 */
const COMBINING_MARKS = /[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g;

/** "Zoë Café" → "zoe cafe": decomposed, combining marks removed, lower-cased. */
export function fold(value: string): string {
  return value.normalize('NFD').replace(COMBINING_MARKS, '').toLowerCase();
}

/** Escapes LIKE's wildcards so the text matches literally (with `escape '\'`). */
export function likeLiteral(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
