import crypto from 'node:crypto';
import { ApiError, ErrorCode } from '../../../http/errors.ts';

/**
 * Signed URLs of the local-disk backend: the app serves them itself (storage/http.ts), and the
 * signature is the only credential. Each is an HMAC-SHA256, under a key derived from the server's
 * signing secret, over the method, the object key, the expiry and what the URL grants: for an
 * upload the maximum length and the content type, for a download the file name, the content type
 * and the disposition. Changing any of them, or using the URL for another object, breaks it.
 */

export type UploadGrant = { key: string; expires: number; maxBytes: number; contentType: string };
export type DownloadGrant = {
  key: string;
  expires: number;
  fileName: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
};

const SIGNATURE_BYTES = 32;

export const signatureInvalid = (message = 'This storage URL’s signature is not valid') =>
  new ApiError(403, message, ErrorCode.signatureInvalid);
const signatureExpired = () =>
  new ApiError(403, 'This storage URL has expired; ask for a new one', ErrorCode.signatureExpired);

export class UrlSigner {
  constructor(
    private readonly secret: string,
    /** Path the storage routes are served at, e.g. `/api/storage`. */
    private readonly basePath: string,
    private readonly now: () => number = Date.now,
  ) {}

  /** A `PUT` URL for at most `maxBytes` bytes of `contentType` to `key`, valid `expiresIn` seconds. */
  uploadUrl(key: string, input: { expiresIn: number; maxBytes: number; contentType: string }): string {
    const expires = this.expiry(input.expiresIn);
    const params = new URLSearchParams({
      expires: String(expires),
      max: String(input.maxBytes),
      type: input.contentType,
    });
    params.set('sig', this.sign(['PUT', key, expires, input.maxBytes, input.contentType]));
    return `${this.basePath}/${key}?${params}`;
  }

  /** A `GET` (and `HEAD`) URL for `key`, served with this name, type and disposition. */
  downloadUrl(key: string, input: Omit<DownloadGrant, 'key' | 'expires'> & { expiresIn: number }): string {
    const expires = this.expiry(input.expiresIn);
    const params = new URLSearchParams({
      expires: String(expires),
      name: input.fileName,
      type: input.contentType,
      disposition: input.disposition,
    });
    params.set('sig', this.sign(['GET', key, expires, input.fileName, input.contentType, input.disposition]));
    return `${this.basePath}/${key}?${params}`;
  }

  /** The grant of an upload URL, or 403 `SIGNATURE_INVALID` / `SIGNATURE_EXPIRED`. */
  verifyUpload(key: string, query: URLSearchParams): UploadGrant {
    const expires = integer(query.get('expires'));
    const maxBytes = integer(query.get('max'));
    const contentType = query.get('type');
    if (expires === undefined || maxBytes === undefined || contentType === null) throw signatureInvalid();
    this.check(query.get('sig'), ['PUT', key, expires, maxBytes, contentType], expires);
    return { key, expires, maxBytes, contentType };
  }

  /** The grant of a download URL, or 403 `SIGNATURE_INVALID` / `SIGNATURE_EXPIRED`. */
  verifyDownload(key: string, query: URLSearchParams): DownloadGrant {
    const expires = integer(query.get('expires'));
    const fileName = query.get('name');
    const contentType = query.get('type');
    const disposition = query.get('disposition');
    if (
      expires === undefined ||
      fileName === null ||
      contentType === null ||
      (disposition !== 'inline' && disposition !== 'attachment')
    ) {
      throw signatureInvalid();
    }
    this.check(query.get('sig'), ['GET', key, expires, fileName, contentType, disposition], expires);
    return { key, expires, fileName, contentType, disposition };
  }

  /** Seconds from now until `expires` (at least 0). */
  remainingSeconds(expires: number): number {
    return Math.max(0, expires - Math.floor(this.now() / 1000));
  }

  private expiry(expiresIn: number): number {
    return Math.floor(this.now() / 1000) + Math.max(1, Math.floor(expiresIn));
  }

  /** JSON of the fields: unambiguous whatever characters a name holds. */
  private mac(fields: (string | number)[]): Buffer {
    return crypto.createHmac('sha256', this.secret).update(JSON.stringify(fields)).digest();
  }

  private sign(fields: (string | number)[]): string {
    return this.mac(fields).toString('base64url');
  }

  /** The signature first (a forged expiry is "invalid", not "expired"), compared in constant time. */
  private check(signature: string | null, fields: (string | number)[], expires: number) {
    const given = signature && /^[\w-]+$/.test(signature) ? Buffer.from(signature, 'base64url') : undefined;
    if (!given || given.length !== SIGNATURE_BYTES) throw signatureInvalid();
    if (!crypto.timingSafeEqual(given, this.mac(fields))) throw signatureInvalid();
    if (this.remainingSeconds(expires) <= 0) throw signatureExpired();
  }
}

function integer(value: string | null): number | undefined {
  return value !== null && /^\d{1,15}$/.test(value) ? Number(value) : undefined;
}
