import { Readable } from 'node:stream';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../../../types.ts';
import { clientIp } from '../../../http/client-ip.ts';
import { handleNotFound } from '../../../http/error-handler.ts';
import { ApiError, ErrorCode, notFound } from '../../../http/errors.ts';
import { enforceRateLimit } from '../../../http/rate-limit.ts';
import { contentDisposition, servedType } from './delivery.ts';
import { bodyTooLarge, isValidKey, LocalDiskStorage } from './local.ts';
import { documentStorageRoutes } from './openapi.ts';
import { signatureInvalid } from './signer.ts';

/** The route of the signed URLs, relative to `/api`: the object key may hold `/`. */
const STORAGE_ROUTE = '/storage/:key{.+}';

/**
 * The policy of every stored file served: `sandbox` makes it an opaque origin without script,
 * forms or plugins, and it loads nothing else. Only the app's own pages may frame it (previews).
 * Chromium (156, headless, measured) still shows a PDF in a frame under this policy: its viewer
 * runs in its own extension process, outside the sandboxed document.
 */
export const FILE_POLICY = "sandbox; default-src 'none'; frame-ancestors 'self'";

/**
 * Mounts the signed URLs of the local-disk backend: `PUT` (upload) and `GET`/`HEAD` (download)
 * of `/api/storage/<key>`. They are public, the signature being the credential; a refused
 * signature counts as a failed authentication of the caller's address. Registered on the API
 * before its 1 MiB body limit and its `no-store`, which they do not want: uploads stream with
 * their signed cap, and downloads are cacheable privately until their URL expires. With the S3
 * backend these routes answer 404.
 */
export function registerStorageRoutes(api: OpenAPIHono<AppEnv>) {
  api.put(STORAGE_ROUTE, handleUpload);
  // Hono answers HEAD with the GET handler (the handler leaves out the body itself).
  api.get(STORAGE_ROUTE, handleDownload);
  documentStorageRoutes(api);
}

function localDisk(c: Context<AppEnv>): LocalDiskStorage | undefined {
  const storage = c.get('ctx').storage;
  return storage instanceof LocalDiskStorage ? storage : undefined;
}

/** Runs a signature check; a refusal counts against the caller's address (429 when too many). */
async function checkSignature<T>(c: Context<AppEnv>, verify: () => T): Promise<T> {
  try {
    return verify();
  } catch (error) {
    if (error instanceof ApiError && error.status === 403) {
      const ctx = c.get('ctx');
      await enforceRateLimit(c, ctx.limiters.authFailures, clientIp(c, ctx.config.trustProxy));
    }
    throw error;
  }
}

/** `type/subtype`, lower-cased, without parameters. */
const essence = (type: string | undefined) => type?.split(';', 1)[0]!.trim().toLowerCase() ?? '';

async function handleUpload(c: Context<AppEnv>) {
  const storage = localDisk(c);
  if (!storage) return handleNotFound(c);
  const key = c.req.param('key')!;
  const url = new URL(c.req.url);
  const grant = await checkSignature(c, () => storage.signer.verifyUpload(key, url.searchParams));
  if (!isValidKey(key)) throw notFound();
  // Like S3's signed Content-Type: the URL stores only the type it was made for.
  if (essence(c.req.header('content-type')) !== essence(grant.contentType)) {
    throw signatureInvalid(`This URL uploads ${grant.contentType}; send that as Content-Type`);
  }
  const declared = Number(c.req.header('content-length') ?? NaN);
  if (declared > grant.maxBytes) throw bodyTooLarge(grant.maxBytes);

  // On the Node server, read the socket's stream itself: no web-stream layer between socket and
  // disk. It is not destroyed when the body is refused, so the 413 still reaches the client (the
  // server drains or closes the connection afterwards). In process (tests), the Request's body.
  const incoming = c.env?.incoming;
  const source: AsyncIterable<Uint8Array> =
    incoming instanceof Readable
      ? { [Symbol.asyncIterator]: () => incoming.iterator({ destroyOnReturn: false }) }
      : chunksOf(c.req.raw.body);
  const size = await storage.receive(key, source, grant.maxBytes);
  return c.json({ size }, 200);
}

/** The chunks of a Request's body (none without one); stopping early cancels it. */
async function* chunksOf(body: ReadableStream<Uint8Array> | null): AsyncGenerator<Uint8Array> {
  if (!body) return;
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

type ByteRange = { start: number; end: number };

/**
 * The single range of a `Range: bytes=…` header (`a-b`, `a-`, `-n`), `unsatisfiable`, or
 * undefined for no usable header (absent, malformed or several ranges: served whole, as RFC 9110
 * allows).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | undefined {
  const match = header && /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return undefined;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return undefined;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

async function handleDownload(c: Context<AppEnv>) {
  const storage = localDisk(c);
  if (!storage) return handleNotFound(c);
  const key = c.req.param('key')!;
  const url = new URL(c.req.url);
  const grant = await checkSignature(c, () => storage.signer.verifyDownload(key, url.searchParams));
  const file = isValidKey(key) ? await storage.open(key) : null;
  if (!file) throw notFound('The file is not in storage');

  const served = servedType(grant.contentType);
  const disposition = grant.disposition === 'inline' && served.inline ? 'inline' : 'attachment';
  const etag = `"${file.size.toString(36)}-${file.modified.getTime().toString(36)}"`;
  const lastModified = file.modified.toUTCString();
  const headers: Record<string, string> = {
    'Content-Type': served.contentType,
    'Content-Disposition': contentDisposition(disposition, grant.fileName),
    'Accept-Ranges': 'bytes',
    ETag: etag,
    'Last-Modified': lastModified,
    // The URL is the credential: cached by this browser only, and no longer than the URL is valid.
    'Cache-Control': `private, max-age=${storage.signer.remainingSeconds(grant.expires)}`,
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': FILE_POLICY,
    'X-Frame-Options': 'SAMEORIGIN',
  };

  // A range applies only to the version the client has (`If-Range`, by ETag or date).
  const ifRange = c.req.header('if-range');
  const range =
    ifRange && ifRange !== etag && ifRange !== lastModified ? undefined : parseRange(c.req.header('range'), file.size);
  if (range === 'unsatisfiable') {
    await file.close();
    throw new ApiError(
      416,
      `The range is outside the file's ${file.size} bytes`,
      ErrorCode.rangeNotSatisfiable,
      {},
      { 'Content-Range': `bytes */${file.size}`, 'Accept-Ranges': 'bytes' },
    );
  }
  const { start, end } = range ?? { start: 0, end: file.size - 1 };
  const status = range ? 206 : 200;
  headers['Content-Length'] = String(end - start + 1);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  if (c.req.method === 'HEAD' || end < start) {
    await file.close();
    return c.body(null, status, headers);
  }
  return c.body(file.stream(start, end), status, headers);
}
