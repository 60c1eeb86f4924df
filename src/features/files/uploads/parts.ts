import { ApiError } from '@/api';
import { type StoredPart, UploadAborted, type UploadTransport } from './transport';

type Part = { partNumber: number; signedUrl: string; size: number };

/**
 * A multipart upload's bytes: each part's slice of the file to its URL, `concurrency` at a time,
 * keeping each response's ETag for `complete-upload`. `onProgress` gets the bytes sent over all
 * parts. One failed part stops the others (their bytes would be thrown away anyway).
 */
export async function sendParts(
  transport: UploadTransport,
  file: Blob,
  parts: Part[],
  options: { concurrency: number; signal: AbortSignal; onProgress: (sent: number) => void },
): Promise<StoredPart[]> {
  let offset = 0;
  const jobs = parts.map((part) => {
    const start = offset;
    offset += part.size;
    return { ...part, start };
  });
  const loaded = new Map<number, number>();
  const report = () => {
    let sum = 0;
    for (const value of loaded.values()) sum += value;
    options.onProgress(sum);
  };
  const stored: StoredPart[] = [];
  const partsController = new AbortController();
  const stop = () => partsController.abort();
  options.signal.addEventListener('abort', stop, { once: true });
  let next = 0;
  const worker = async () => {
    while (next < jobs.length) {
      if (partsController.signal.aborted) throw new UploadAborted();
      const job = jobs[next++]!;
      const { etag } = await transport.put(
        job.signedUrl,
        file.slice(job.start, job.start + job.size),
        {},
        (bytes) => {
          loaded.set(job.partNumber, bytes);
          report();
        },
        partsController.signal,
      );
      if (!etag) {
        throw new ApiError(
          0,
          'The storage did not return the part’s ETag (its CORS rules must expose the ETag header)',
        );
      }
      loaded.set(job.partNumber, job.size);
      stored.push({ partNumber: job.partNumber, etag });
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(options.concurrency, jobs.length) }, () =>
        worker().catch((error: unknown) => {
          stop();
          throw error;
        }),
      ),
    );
  } finally {
    options.signal.removeEventListener('abort', stop);
  }
  return stored.sort((a, b) => a.partNumber - b.partNumber);
}
