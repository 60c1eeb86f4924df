import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, type FileNode, isApiError, unwrap } from '@/api';

/** How much of a text file the preview reads. */
export const TEXT_PREVIEW_BYTES = 1024 * 1024;

/** A signed URL for a file, absolute, with the time it stays valid. */
export type SignedUrl = { url: string; expiresAt: number };

/**
 * Asks the server for a signed URL: `inline` for a preview, else an attachment (download). The
 * local-disk backend answers a path (`/api/storage/…`); it is resolved against the API's own
 * address, which is where those paths are served.
 */
export async function fetchSignedUrl(nodeId: string, inline: boolean, signal?: AbortSignal): Promise<SignedUrl> {
  const call = api.GET('/client/files/{nodeId}/download-url', {
    params: { path: { nodeId }, query: { inline: inline ? 'true' : 'false' } },
    signal,
  });
  const data = await unwrap(call);
  const { response } = await call;
  const base = response.url || (typeof location === 'undefined' ? 'http://localhost/' : location.href);
  return { url: new URL(data.signedUrl, base).href, expiresAt: Date.now() + data.expiresIn * 1000 };
}

/**
 * Tries once more only what another try may cure: no connection, a server hiccup, or a storage
 * URL that expired meanwhile (each try asks for a new one).
 */
const retryOnce = (failures: number, error: unknown) =>
  failures < 1 && isApiError(error) && (error.status === 0 || error.status === 403 || error.status >= 500);

/** The parts of a node that decide which bytes a URL reads. */
type NodeVersion = Pick<FileNode, 'id' | 'storagePath'>;

export const previewQueries = {
  /** The inline URL of a file's current bytes; fresh until shortly before it expires. */
  inlineUrl: (node: NodeVersion) =>
    queryOptions({
      queryKey: ['files', 'preview', node.id, node.storagePath, 'url'] as const,
      queryFn: ({ signal }) => fetchSignedUrl(node.id, true, signal),
      staleTime: (query) => Math.max(0, (query.state.data?.expiresAt ?? 0) - Date.now() - 30_000),
      gcTime: 60_000,
      // A new URL would reload the image or restart the video: only when it is needed.
      refetchOnWindowFocus: false,
      retry: retryOnce,
      retryDelay: 300,
    }),
  /** The first megabyte of a text file, decoded as UTF-8 (the bytes of a version never change). */
  text: (node: NodeVersion) =>
    queryOptions({
      queryKey: ['files', 'preview', node.id, node.storagePath, 'text'] as const,
      queryFn: async ({ signal }) => readText((await fetchSignedUrl(node.id, true, signal)).url, signal),
      staleTime: Infinity,
      gcTime: 60_000,
      retry: retryOnce,
      retryDelay: 300,
    }),
};

/** Text read for a preview: at most TEXT_PREVIEW_BYTES, and whether the file holds more. */
export type TextPreview = { text: string; truncated: boolean; totalBytes: number | undefined };

/**
 * Reads the start of a file with a `Range` request (the server answers 206 with the slice; a
 * server without ranges answers 200 with everything, which is cut here). A partial character at
 * the cut is dropped by the decoder.
 */
export async function readText(url: string, signal?: AbortSignal): Promise<TextPreview> {
  let response: Response;
  try {
    response = await fetch(url, { headers: { Range: `bytes=0-${TEXT_PREVIEW_BYTES - 1}` }, signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, 'Cannot reach the file. Check your connection and try again.', 'NETWORK_ERROR');
  }
  if (response.status === 416) return { text: '', truncated: false, totalBytes: 0 };
  if (!response.ok) throw await storageError(response);
  const total = Number(/\/(\d+)$/.exec(response.headers.get('content-range') ?? '')?.[1] ?? NaN);
  const bytes = new Uint8Array(await response.arrayBuffer());
  const slice = bytes.length > TEXT_PREVIEW_BYTES ? bytes.subarray(0, TEXT_PREVIEW_BYTES) : bytes;
  const totalBytes = Number.isFinite(total) ? total : bytes.length;
  return {
    text: new TextDecoder('utf-8').decode(stripPartialCharacter(slice)),
    truncated: totalBytes > slice.length,
    totalBytes,
  };
}

/** Drops an incomplete UTF-8 sequence at the end of a cut, so no replacement character shows. */
function stripPartialCharacter(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  let back = 0;
  while (end - back - 1 >= 0 && back < 4 && (bytes[end - back - 1]! & 0xc0) === 0x80) back++;
  const lead = bytes[end - back - 1];
  if (lead === undefined || lead < 0xc0) return bytes;
  const length = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : 2;
  if (back + 1 < length) end -= back + 1;
  return bytes.subarray(0, end);
}

/** The storage's refusal as an ApiError with its message (the error envelope), or a plain one. */
export async function storageError(response: Response): Promise<ApiError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null;
  if (body && typeof body.error === 'string') {
    return new ApiError(response.status, body.error, typeof body.code === 'string' ? body.code : undefined);
  }
  return new ApiError(response.status, `The file could not be read (${response.status}).`);
}

/**
 * Why a URL the browser failed to show (an image, a video) fails: the storage's message, from a
 * one-byte request. Undefined when the URL answers fine (the bytes themselves are the problem).
 */
export async function diagnoseUrl(url: string): Promise<ApiError | undefined> {
  try {
    const response = await fetch(url, { headers: { Range: 'bytes=0-0' } });
    if (response.ok || response.status === 416) return undefined;
    return await storageError(response);
  } catch {
    return new ApiError(0, 'Cannot reach the file. Check your connection and try again.', 'NETWORK_ERROR');
  }
}

/**
 * Downloads a file: asks for an attachment URL and follows it with a temporary link, so the
 * browser saves it under its name (the URL's `Content-Disposition` says attachment either way).
 */
export async function downloadFile(node: Pick<FileNode, 'id' | 'name'>): Promise<void> {
  const { url } = await fetchSignedUrl(node.id, false);
  const link = document.createElement('a');
  link.href = url;
  link.download = node.name;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
