import { api, ApiError, unwrap } from '@/api';
import { filterQuery, type SubscriberFilters } from './queries';

/** The file name the server gives (`Content-Disposition`), else `newsletter-subscribers-<day>.csv`. */
export function csvFileName(contentDisposition: string | null, now = new Date()): string {
  const match = contentDisposition?.match(/filename\*?=(?:UTF-8'')?"?([^";]+)"?/i);
  const given = match?.[1] ? decodeURIComponent(match[1]).replace(/[/\\]/g, '_') : '';
  return given || `newsletter-subscribers-${now.toISOString().slice(0, 10)}.csv`;
}

/** Saves `blob` as a download named `name`, through a temporary link. */
function saveBlob(blob: Blob, name: string) {
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

/**
 * Downloads the subscribers under the list's filters as the server's CSV, with the session's
 * Bearer header through the typed client (a bare link would carry no session), and saves it as a
 * file. Returns the file's name; throws an ApiError with the server's message when refused.
 */
export async function downloadSubscribersCsv(filters: SubscriberFilters): Promise<string> {
  let disposition: string | null = null;
  const text = (await unwrap(
    api
      .GET('/newsletter-subscribers/export', { params: { query: filterQuery(filters) }, parseAs: 'text' })
      .then((result) => {
        disposition = result.response.headers.get('Content-Disposition');
        return result;
      }),
  )) as unknown;
  if (typeof text !== 'string') throw new ApiError(0, 'The export came back empty. Try again.');
  const name = csvFileName(disposition);
  saveBlob(new Blob([text], { type: 'text/csv' }), name);
  return name;
}
