import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { contentDisposition, servedDisposition, servedType } from './delivery.ts';
import type { FileStorage, StoredPart, UploadTarget } from './types.ts';

const MiB = 1024 * 1024;
/** S3's own limits: parts of at least 5 MiB (but the last), URLs valid at most 7 days. */
const MIN_PART_SIZE = 5 * MiB;
const MAX_URL_SECONDS = 7 * 24 * 3600;
/**
 * At most this many parts per upload (S3 allows 10,000): each presigned URL costs about 1 ms and
 * 600 bytes of the upload-url response, so larger files get larger parts instead.
 */
export const MAX_PARTS = 1000;

export type S3StorageOptions = {
  bucket: string;
  /** Prepended to every key (`s3://bucket/prefix`), without slashes at either end. */
  prefix?: string;
  /** An S3-compatible service's URL (MinIO, R2, …); AWS itself when absent. */
  endpoint?: string;
  region: string;
  /** `https://endpoint/bucket/key` rather than `https://bucket.endpoint/key`. */
  forcePathStyle: boolean;
  /** When absent, the SDK's own chain (environment, profile, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Files larger than this upload in parts. Default 64 MiB. */
  multipartThreshold?: number;
  /** Size of each part (the last may be smaller); raised as needed to stay within `MAX_PARTS`. Default 16 MiB. */
  partSize?: number;
};

/** An S3 error that is the request's fault (4xx: no such object, upload or part), not the service's. */
const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
const isClientError = (error: unknown) => {
  const status = statusOf(error);
  return status !== undefined && status >= 400 && status < 500;
};
const isNotFound = (error: unknown) => statusOf(error) === 404;

/**
 * An S3-compatible bucket: the client uploads and downloads with URLs presigned here and never
 * sends the bytes through the app. Files up to `multipartThreshold` are one presigned `PutObject`
 * whose `Content-Type` and `Content-Length` are signed; larger ones a multipart upload with one
 * presigned `UploadPart` URL per part, completed with the parts' ETags the client reports.
 */
export class S3Storage implements FileStorage {
  readonly kind = 's3';
  readonly client: S3Client;
  private readonly bucket: string;
  private readonly prefix: string;
  private readonly multipartThreshold: number;
  private readonly partSize: number;

  constructor(options: S3StorageOptions) {
    this.client = new S3Client({
      endpoint: options.endpoint,
      region: options.region,
      forcePathStyle: options.forcePathStyle,
      credentials: options.credentials,
      // Since 3.729 the SDK adds CRC32 checksums by default: a presigned PUT would carry the
      // checksum of an empty body, which S3-compatible stores reject for the real one.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    this.bucket = options.bucket;
    this.prefix = options.prefix ? `${options.prefix.replace(/^\/+|\/+$/g, '')}/` : '';
    this.multipartThreshold = options.multipartThreshold ?? 64 * MiB;
    this.partSize = Math.max(MIN_PART_SIZE, options.partSize ?? 16 * MiB);
  }

  async createUpload(input: {
    key: string;
    size: number;
    contentType: string;
    expiresIn: number;
  }): Promise<UploadTarget> {
    const Key = this.objectKey(input.key);
    const expiresIn = Math.min(input.expiresIn, MAX_URL_SECONDS);
    if (input.size <= this.multipartThreshold) {
      const command = new PutObjectCommand({
        Bucket: this.bucket,
        Key,
        ContentType: input.contentType,
        ContentLength: input.size,
      });
      return {
        mode: 'single',
        // The presigner leaves Content-Type out of the signature unless told: sign it, so the URL
        // stores only the declared type (Content-Length is signed already).
        signedUrl: await getSignedUrl(this.client, command, { expiresIn, signableHeaders: new Set(['content-type']) }),
        method: 'PUT',
        headers: { 'Content-Type': input.contentType },
        expiresIn,
      };
    }
    const partSize = this.partSizeFor(input.size);
    const created = await this.client.send(
      new CreateMultipartUploadCommand({ Bucket: this.bucket, Key, ContentType: input.contentType }),
    );
    const uploadId = created.UploadId!;
    const parts: { partNumber: number; signedUrl: string; size: number }[] = [];
    // One after the other: presigning is CPU work, and all at once is slower (measured).
    for (let offset = 0, partNumber = 1; offset < input.size; offset += partSize, partNumber++) {
      const size = Math.min(partSize, input.size - offset);
      const command = new UploadPartCommand({
        Bucket: this.bucket,
        Key,
        UploadId: uploadId,
        PartNumber: partNumber,
        ContentLength: size,
      });
      parts.push({ partNumber, signedUrl: await getSignedUrl(this.client, command, { expiresIn }), size });
    }
    return { mode: 'multipart', uploadId, partSize, expiresIn, parts };
  }

  /**
   * Completes a multipart upload with the reported parts, then reports what the bucket holds. A
   * completion the store refuses (unknown upload, wrong ETags, missing parts) is not an error
   * here: what is stored (nothing, or a size that does not match) tells the service.
   */
  async completeUpload(input: { key: string; uploadId?: string; parts?: StoredPart[] }) {
    if (input.uploadId) {
      const parts = [...(input.parts ?? [])].sort((a, b) => a.partNumber - b.partNumber);
      try {
        await this.client.send(
          new CompleteMultipartUploadCommand({
            Bucket: this.bucket,
            Key: this.objectKey(input.key),
            UploadId: input.uploadId,
            MultipartUpload: { Parts: parts.map((part) => ({ PartNumber: part.partNumber, ETag: part.etag })) },
          }),
        );
      } catch (error) {
        if (!isClientError(error)) throw error;
      }
    }
    return this.stat(input.key);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0 };
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  /** A presigned `GetObject` whose response carries the served type and disposition (delivery.ts). */
  async downloadUrl(input: { key: string; fileName: string; contentType: string; inline: boolean; expiresIn: number }) {
    const expiresIn = Math.min(input.expiresIn, MAX_URL_SECONDS);
    const command = new GetObjectCommand({
      Bucket: this.bucket,
      Key: this.objectKey(input.key),
      ResponseContentType: servedType(input.contentType).contentType,
      ResponseContentDisposition: contentDisposition(
        servedDisposition(input.contentType, input.inline),
        input.fileName,
      ),
      ResponseCacheControl: `private, max-age=${expiresIn}`,
    });
    return getSignedUrl(this.client, command, { expiresIn });
  }

  async delete(key: string, uploadId?: string): Promise<void> {
    const Key = this.objectKey(key);
    if (uploadId) {
      try {
        await this.client.send(new AbortMultipartUploadCommand({ Bucket: this.bucket, Key, UploadId: uploadId }));
      } catch (error) {
        // No such upload (completed or aborted already), or a store without abort (s3rver): the
        // bucket's lifecycle rule for incomplete multipart uploads removes any parts left.
        if (!isClientError(error)) throw error;
      }
    }
    // Also when an upload id is given: the upload may have completed since it was recorded.
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key }));
  }

  private objectKey(key: string) {
    return `${this.prefix}${key}`;
  }

  /** The configured part size, raised to whole MiB so that `size` needs at most `MAX_PARTS` parts. */
  private partSizeFor(size: number) {
    return Math.max(this.partSize, Math.ceil(size / MAX_PARTS / MiB) * MiB);
  }
}
