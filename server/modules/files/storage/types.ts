/**
 * The one door of the files module to the bytes: where they are stored (local disk or an
 * S3-compatible store) is decided at start (storage/index.ts), and the service calls only this.
 * Both backends hand out signed URLs, so file bytes never pass through the API's JSON operations.
 */

/** Where and how the client sends a file's bytes (step 3 of the upload). */
export type UploadTarget =
  | {
      /** One `PUT` of the whole file to `signedUrl`, with `headers` (its `Content-Type`). */
      mode: 'single';
      signedUrl: string;
      method: 'PUT';
      headers: Record<string, string>;
      /** Seconds the URL stays valid. */
      expiresIn: number;
    }
  | {
      /**
       * S3 multipart: one `PUT` per part, each of exactly `size` bytes; the client keeps each
       * response's `ETag` and reports them all at completion (`StoredPart`).
       */
      mode: 'multipart';
      uploadId: string;
      partSize: number;
      expiresIn: number;
      parts: { partNumber: number; signedUrl: string; size: number }[];
    };

/** One uploaded part of a multipart upload, as the client reports it at completion. */
export type StoredPart = { partNumber: number; etag: string };

export interface FileStorage {
  readonly kind: 'local' | 's3';
  /** Signed URL(s) for uploading exactly `size` bytes of `contentType` to `key`. */
  createUpload(input: { key: string; size: number; contentType: string; expiresIn: number }): Promise<UploadTarget>;
  /** Finishes an upload (S3 multipart: CompleteMultipartUpload) and returns what is stored, or null if nothing. */
  completeUpload(input: { key: string; uploadId?: string; parts?: StoredPart[] }): Promise<{ size: number } | null>;
  stat(key: string): Promise<{ size: number } | null>;
  /** Signed GET URL; `inline` only for types safe to show inline (the storage decides the served type). */
  downloadUrl(input: {
    key: string;
    fileName: string;
    contentType: string;
    inline: boolean;
    expiresIn: number;
  }): Promise<string>;
  /** Removes the object (and aborts a multipart upload when uploadId is given). Missing is fine. */
  delete(key: string, uploadId?: string): Promise<void>;
  /**
   * Removes what interrupted uploads left behind before `before` (the local disk's temporary
   * files after a crash); returns how many. S3 needs none: an unfinished multipart upload is
   * aborted with its node.
   */
  removeLeftovers?(before: Date): Promise<number>;
}
