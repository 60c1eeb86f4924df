import { api, ApiError, unwrap } from '@/api';
import type { CreditTransactionType } from './types';

/** The ledger's filters, as the list and the export take them. */
export type LedgerFilters = { type?: CreditTransactionType; agentId?: string };

/**
 * Reads a streamed body to the end, reporting the bytes received so far, and returns it as a
 * Blob (the export streams every row; a big ledger takes a while).
 */
export async function readWithProgress(
  body: ReadableStream<Uint8Array>,
  onProgress: (bytes: number) => void,
  type = 'text/csv',
): Promise<Blob> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.byteLength;
    onProgress(bytes);
  }
  return new Blob(chunks as BlobPart[], { type });
}

/** The file name the server gives (`Content-Disposition`), else `credit-ledger-<day>.csv`. */
export function csvFileName(contentDisposition: string | null, now = new Date()): string {
  const match = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const given = match?.[1] ? decodeURIComponent(match[1]).replace(/[/\\]/g, '_') : '';
  return given || `credit-ledger-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves `blob` as a download named `name`, through a temporary link. */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has had time to start the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "12 kB" */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/**
 * Downloads the ledger as CSV (the same filters as the table, every row) with the session's
 * Bearer header through the typed client, and saves it as a file. Throws an ApiError with the
 * server's message when the export is refused.
 */
export async function downloadLedgerCsv(filters: LedgerFilters, onProgress: (bytes: number) => void): Promise<string> {
  const query = {
    ...(filters.type ? { type: filters.type } : {}),
    ...(filters.agentId ? { agentId: filters.agentId } : {}),
  };
  let disposition: string | null = null;
  // `parseAs: 'stream'` answers the body as it comes (the client's types describe the parsed text).
  const body = (await unwrap(
    api.GET('/subscriptions/credits/transactions/export', { params: { query }, parseAs: 'stream' }).then((result) => {
      disposition = result.response.headers.get('Content-Disposition');
      return result;
    }),
  )) as unknown as ReadableStream<Uint8Array> | null;
  if (!body) throw new ApiError(0, 'The export came back empty. Try again.');
  const blob = await readWithProgress(body, onProgress);
  const name = csvFileName(disposition);
  saveBlob(blob, name);
  return name;
}
