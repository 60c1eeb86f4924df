/**
 * The storage of file bytes, chosen at start: local disk (default) or an S3-compatible bucket.
 * Both implement `FileStorage` (types.ts), the only thing the files service uses.
 */
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LocalDiskStorage } from './local.ts';
import type { S3StorageOptions } from './s3.ts';
import type { FileStorage } from './types.ts';

export type { FileStorage, StoredPart, UploadTarget } from './types.ts';
export { LocalDiskStorage } from './local.ts';
export { registerStorageRoutes } from './http.ts';

export type StorageOptions = { kind: 'local'; root: string } | ({ kind: 's3' } & S3StorageOptions);

/** The storage settings of the environment (server/env.ts documents each variable). */
export type StorageEnv = {
  DATA_DIR: string;
  STORAGE_URL?: string;
  S3_ENDPOINT?: string;
  S3_REGION: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE?: boolean;
};

/**
 * `STORAGE_URL` unset: local disk under `${DATA_DIR}/files`; `file:///abs/path`: local disk there;
 * `s3://bucket[/prefix]`: that bucket, with the `S3_*` settings.
 */
export function storageOptions(env: StorageEnv): StorageOptions {
  const url = env.STORAGE_URL;
  if (!url) return { kind: 'local', root: resolve(join(env.DATA_DIR, 'files')) };
  if (url.startsWith('file://')) return { kind: 'local', root: fileURLToPath(url) };
  const parsed = new URL(url);
  const credentials =
    env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
      ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
      : undefined;
  return {
    kind: 's3',
    bucket: parsed.hostname,
    prefix: decodeURIComponent(parsed.pathname).replace(/^\/+|\/+$/g, '') || undefined,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? Boolean(env.S3_ENDPOINT),
    credentials,
  };
}

/**
 * The backend for `options`; `secret` signs the local-disk URLs (`Secrets.storage`). The AWS SDK
 * is loaded only for S3 (it costs about 200 ms of start-up).
 */
export async function createStorage(options: StorageOptions, secret: string): Promise<FileStorage> {
  if (options.kind === 'local') return new LocalDiskStorage({ root: options.root, secret });
  const { S3Storage } = await import('./s3.ts');
  return new S3Storage(options);
}

/** One line for the start-up log: which backend, and where. */
export function describeStorage(options: StorageOptions): string {
  if (options.kind === 'local') return `local disk in ${options.root}`;
  const where = `s3://${options.bucket}${options.prefix ? `/${options.prefix}` : ''}`;
  return `S3 ${where}${options.endpoint ? ` at ${options.endpoint}` : ''}`;
}

/**
 * The origins browsers reach the bytes at, for the SPA's CSP: none for local disk (our origin);
 * the endpoint's for S3 path-style URLs, the bucket's own host otherwise.
 */
export function storageOrigins(options: StorageOptions): string[] {
  if (options.kind === 'local') return [];
  if (options.endpoint) {
    const url = new URL(options.endpoint);
    return [options.forcePathStyle ? url.origin : `${url.protocol}//${options.bucket}.${url.host}`];
  }
  return [`https://${options.bucket}.s3.${options.region}.amazonaws.com`, `https://${options.bucket}.s3.amazonaws.com`];
}
