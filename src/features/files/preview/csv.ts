/**
 * Splits CSV (RFC 4180: quoted fields, doubled quotes, CRLF or LF) or TSV text into rows of
 * cells, at most `maxRows` rows. `partial` says the text was cut: its last line may be incomplete
 * and is dropped.
 */
export function parseDelimited(
  text: string,
  {
    delimiter = ',',
    maxRows = 1000,
    partial = false,
  }: { delimiter?: string; maxRows?: number; partial?: boolean } = {},
): { rows: string[][]; more: boolean } {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endRow = () => {
    row.push(cell);
    rows.push(row);
    row = [];
    cell = '';
  };
  while (index < text.length) {
    const char = text[index]!;
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      index++;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === delimiter) {
      row.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[index + 1] === '\n') index++;
      endRow();
      if (rows.length > maxRows) return { rows: rows.slice(0, maxRows), more: true };
    } else cell += char;
    index++;
  }
  if (!partial && (cell !== '' || row.length > 0)) endRow();
  return { rows: rows.slice(0, maxRows), more: rows.length > maxRows || partial };
}
