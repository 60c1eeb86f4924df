import { randomUUID } from 'node:crypto';
import { type FileHandle, mkdir, open, readdir, rename, rm, rmdir, stat, unlink } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { ApiError, ErrorCode } from '../../../http/errors.ts';
import { servedDisposition } from './delivery.ts';
import { UrlSigner } from './signer.ts';
import type { FileStorage, UploadTarget } from './types.ts';

/**
 * Object keys: `/`-separated segments of letters, digits, `.`, `_` and `-`, each starting with a
 * letter or digit (so no `.`, `..` or hidden names), as the files service builds them
 * (`<companyId>/<nodeId>/<uploadId>`). Anything else is refused before the disk is touched.
 */
const KEY = /^[A-Za-z0-9][\w.-]*(?:\/[A-Za-z0-9][\w.-]*)*$/;
const MAX_KEY_LENGTH = 512;
/** Where uploads are written until complete, inside the root so the final rename stays on one disk. */
const INCOMING = '.incoming';
/** Read size of downloads: large reads keep throughput near the disk's with little memory. */
const READ_CHUNK = 1024 * 1024;

export const isValidKey = (key: string) => key.length <= MAX_KEY_LENGTH && KEY.test(key);

function assertKey(key: string) {
  if (!isValidKey(key)) throw new Error(`invalid storage key: ${JSON.stringify(key)}`);
}

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** A body longer than its signed maximum: 413, and nothing of it is kept. */
export const bodyTooLarge = (maxBytes: number) =>
  new ApiError(413, `The body is larger than the ${maxBytes} bytes this URL allows`, ErrorCode.payloadTooLarge);

const uploadInterrupted = () => new ApiError(400, 'The upload ended before the whole body arrived');

export type LocalDiskOptions = {
  /** Directory holding the objects (created when the first upload arrives). */
  root: string;
  /** Key of the URL signatures (`Secrets.storage`). */
  secret: string;
  /** Path the app serves the signed URLs at (storage/http.ts); relative URLs are built on it. */
  basePath?: string;
  /** The signer's clock; tests control it. */
  now?: () => number;
};

/**
 * Files on the local disk, one per key under `root`. The app itself serves the signed URLs it
 * hands out (storage/http.ts): uploads stream to a temporary file that is renamed into place only
 * when complete and within the signed size, and downloads stream from disk with `Range` support.
 */
export class LocalDiskStorage implements FileStorage {
  readonly kind = 'local';
  readonly root: string;
  readonly signer: UrlSigner;

  constructor(options: LocalDiskOptions) {
    this.root = resolve(options.root);
    this.signer = new UrlSigner(options.secret, options.basePath ?? '/api/storage', options.now);
  }

  async createUpload(input: { key: string; size: number; contentType: string; expiresIn: number }) {
    assertKey(input.key);
    const signedUrl = this.signer.uploadUrl(input.key, {
      expiresIn: input.expiresIn,
      maxBytes: input.size,
      contentType: input.contentType,
    });
    const target: UploadTarget = {
      mode: 'single',
      signedUrl,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType },
      expiresIn: input.expiresIn,
    };
    return target;
  }

  /** Nothing to finish on disk: a complete upload is already in place. */
  completeUpload(input: { key: string }) {
    return this.stat(input.key);
  }

  async stat(key: string): Promise<{ size: number } | null> {
    assertKey(key);
    try {
      const found = await stat(this.pathOf(key));
      return found.isFile() ? { size: found.size } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async downloadUrl(input: { key: string; fileName: string; contentType: string; inline: boolean; expiresIn: number }) {
    assertKey(input.key);
    return this.signer.downloadUrl(input.key, {
      expiresIn: input.expiresIn,
      fileName: input.fileName,
      contentType: input.contentType,
      disposition: servedDisposition(input.contentType, input.inline),
    });
  }

  async delete(key: string): Promise<void> {
    assertKey(key);
    try {
      await unlink(this.pathOf(key));
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    // The key's folders go with their last file, so a drive's deleted files leave nothing behind.
    for (let dir = dirname(this.pathOf(key)); dir.startsWith(this.root + sep); dir = dirname(dir)) {
      try {
        await rmdir(dir);
      } catch {
        break;
      }
    }
  }

  /**
   * Stores what `source` yields as `key`, refusing (413, `bodyTooLarge`) as soon as it passes
   * `maxBytes`. The bytes go to a temporary file renamed into place at the end, so a refused,
   * failed or aborted upload leaves nothing, and a download never sees half a file. Memory stays
   * constant: `source` is read only as fast as the disk takes it.
   */
  async receive(key: string, source: AsyncIterable<Uint8Array>, maxBytes: number): Promise<number> {
    assertKey(key);
    const incoming = join(this.root, INCOMING);
    await mkdir(incoming, { recursive: true });
    const temporary = join(incoming, randomUUID());
    // Opened before the pipeline starts: a write stream opens its file later, so a body refused at
    // its first chunk would have the file created after the removal below, and left behind.
    const file = await open(temporary, 'wx');
    let size = 0;
    try {
      await pipeline(
        source,
        async function* capped(chunks: AsyncIterable<Uint8Array>) {
          const iterator = chunks[Symbol.asyncIterator]();
          for (;;) {
            let next: IteratorResult<Uint8Array>;
            try {
              next = await iterator.next();
            } catch {
              // The client went away (or its stream broke): an expected end, not a server fault.
              throw uploadInterrupted();
            }
            if (next.done) return;
            size += next.value.byteLength;
            if (size > maxBytes) {
              // Stop reading; a Node request stream is left open, so the 413 can still be sent.
              await iterator.return?.();
              throw bodyTooLarge(maxBytes);
            }
            yield next.value;
          }
        },
        file.createWriteStream({ highWaterMark: READ_CHUNK }),
      );
      const path = this.pathOf(key);
      await mkdir(dirname(path), { recursive: true });
      await rename(temporary, path);
      return size;
    } catch (error) {
      await file.close().catch(() => undefined);
      await rm(temporary, { force: true });
      throw error;
    }
  }

  async removeLeftovers(before: Date): Promise<number> {
    const incoming = join(this.root, INCOMING);
    let names: string[];
    try {
      names = await readdir(incoming);
    } catch (error) {
      if (isMissing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names) {
      const path = join(incoming, name);
      try {
        if ((await stat(path)).mtime < before) {
          await rm(path, { force: true });
          removed++;
        }
      } catch (error) {
        if (!isMissing(error)) throw error;
      }
    }
    return removed;
  }

  /** An open stored file with its size and modification time, or null when there is none. */
  async open(key: string): Promise<StoredFile | null> {
    assertKey(key);
    let handle: FileHandle;
    try {
      handle = await open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
    try {
      const found = await handle.stat();
      if (!found.isFile()) {
        await handle.close();
        return null;
      }
      return new StoredFile(handle, found.size, found.mtime);
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  private pathOf(key: string) {
    return join(this.root, ...key.split('/'));
  }
}

/** An open file being served: read once (as a stream of a byte range) or closed unread. */
export class StoredFile {
  constructor(
    private readonly handle: FileHandle,
    readonly size: number,
    readonly modified: Date,
  ) {}

  close() {
    return this.handle.close();
  }

  /**
   * Bytes `start`..`end` (inclusive) as a stream read 1 MiB at a time, only as fast as the client
   * takes them; the file is closed when the stream ends or is cancelled.
   */
  stream(start: number, end: number): ReadableStream<Uint8Array> {
    const handle = this.handle;
    let position = start;
    return new ReadableStream<Uint8Array>({
      async pull(controller) {
        const length = Math.min(READ_CHUNK, end + 1 - position);
        if (length <= 0) {
          await handle.close();
          controller.close();
          return;
        }
        try {
          const { bytesRead, buffer } = await handle.read(Buffer.allocUnsafeSlow(length), 0, length, position);
          if (bytesRead === 0) throw new Error('the file is shorter than when it was opened');
          position += bytesRead;
          controller.enqueue(new Uint8Array(buffer.buffer, buffer.byteOffset, bytesRead));
        } catch (error) {
          await handle.close();
          controller.error(error);
        }
      },
      async cancel() {
        await handle.close();
      },
    });
  }
}
