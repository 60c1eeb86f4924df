/** CSV for the exports (credit ledger, newsletter subscribers). */

/**
 * One CSV field (RFC 4180). Text that a spreadsheet would run as a formula (a leading `=`, `+`,
 * `-`, `@`, tab or carriage return) gets a leading `'`; numbers are written as they are, so a
 * negative amount stays a number. A field holding a comma, a quote or a line break is quoted,
 * its quotes doubled. `null` and `undefined` are empty.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return String(value);
  const text = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One CSV line, CRLF-terminated. */
export const csvLine = (fields: (string | number | null | undefined)[]) => `${fields.map(csvField).join(',')}\r\n`;

/** An export's file name: `<what>-<company name in ASCII>-<YYYY-MM-DD>.csv`. */
export function csvFileName(what: string, companyName: string, now: Date): string {
  const slug = companyName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${what}-${slug || 'company'}-${now.toISOString().slice(0, 10)}.csv`;
}
