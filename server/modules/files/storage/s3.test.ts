import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PARTS, S3Storage } from './s3.ts';

/**
 * The S3 backend's whole flow against s3rver, a local S3-compatible server started here. It does
 * not check what a signature covers the way S3 does, so signing rules are tested on the local-disk
 * signer (signer.test.ts); this proves the requests, URLs and multipart bookkeeping.
 */
const MiB = 1024 * 1024;
const directory = mkdtempSync(join(tmpdir(), 'workspace-s3rver-'));
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: 'drive' }],
});
let storage: S3Storage;

beforeAll(async () => {
  const { port } = await server.run();
  storage = new S3Storage({
    bucket: 'drive',
    prefix: 'files',
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
    multipartThreshold: 6 * MiB,
    partSize: 5 * MiB,
  });
});

afterAll(async () => {
  storage?.client.destroy();
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

const newKey = () => `${randomUUID()}/${randomUUID()}/${randomUUID().slice(0, 8)}`;
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('the S3 backend against an S3-compatible server', () => {
  it('uploads with one presigned PUT (type and length signed, no checksum), then completes, stats and downloads', async () => {
    const key = newKey();
    const bytes = randomBytes(100_000);
    const target = await storage.createUpload({ key, size: bytes.length, contentType: 'image/png', expiresIn: 300 });
    if (target.mode !== 'single') throw new Error(`expected a single PUT, got ${target.mode}`);
    const url = new URL(target.signedUrl);
    expect(url.pathname).toBe(`/drive/files/${key}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;content-type;host');
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect([...url.searchParams.keys()].filter((name) => /checksum/i.test(name))).toEqual([]);
    expect(target.headers).toEqual({ 'Content-Type': 'image/png' });

    const put = await fetch(target.signedUrl, { method: 'PUT', headers: target.headers, body: bytes });
    expect(put.status).toBe(200);
    expect(await storage.completeUpload({ key })).toEqual({ size: 100_000 });
    expect(await storage.stat(key)).toEqual({ size: 100_000 });

    const download = await storage.downloadUrl({
      key,
      fileName: 'Zoë’s “plan”.png',
      contentType: 'image/png',
      inline: true,
      expiresIn: 300,
    });
    const got = await fetch(download);
    expect(got.status).toBe(200);
    expect(sha(new Uint8Array(await got.arrayBuffer()))).toBe(sha(bytes));
    expect(got.headers.get('content-type')).toBe('image/png');
    expect(got.headers.get('content-disposition')).toBe(
      `inline; filename="Zoe_s _plan_.png"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20%E2%80%9Cplan%E2%80%9D.png`,
    );
  });

  it('serves HTML as an octet-stream attachment even when inline is asked', async () => {
    const key = newKey();
    const body = Buffer.from('<script>alert(1)</script>');
    const target = await storage.createUpload({ key, size: body.length, contentType: 'text/html', expiresIn: 60 });
    if (target.mode !== 'single') throw new Error('expected a single PUT');
    expect((await fetch(target.signedUrl, { method: 'PUT', headers: target.headers, body })).status).toBe(200);
    const url = await storage.downloadUrl({
      key,
      fileName: 'x.html',
      contentType: 'text/html',
      inline: true,
      expiresIn: 60,
    });
    const got = await fetch(url);
    expect(got.headers.get('content-type')).toBe('application/octet-stream');
    expect(got.headers.get('content-disposition')).toMatch(/^attachment; filename="x.html"/);
    await got.arrayBuffer();
  });

  it('uploads a large file in parts and completes it with the parts’ ETags', async () => {
    const key = newKey();
    const bytes = randomBytes(11 * MiB + 123);
    const target = await storage.createUpload({
      key,
      size: bytes.length,
      contentType: 'video/mp4',
      expiresIn: 300,
    });
    if (target.mode !== 'multipart') throw new Error(`expected multipart, got ${target.mode}`);
    expect(target.partSize).toBe(5 * MiB);
    expect(target.parts.map((part) => [part.partNumber, part.size])).toEqual([
      [1, 5 * MiB],
      [2, 5 * MiB],
      [3, MiB + 123],
    ]);
    // Not complete yet: nothing is stored under the key.
    expect(await storage.stat(key)).toBeNull();

    const etags = await Promise.all(
      target.parts.map(async (part) => {
        const start = (part.partNumber - 1) * target.partSize;
        const response = await fetch(part.signedUrl, {
          method: 'PUT',
          body: bytes.subarray(start, start + part.size),
        });
        expect(response.status).toBe(200);
        return { partNumber: part.partNumber, etag: response.headers.get('etag')! };
      }),
    );
    expect(await storage.completeUpload({ key, uploadId: target.uploadId, parts: etags.reverse() })).toEqual({
      size: bytes.length,
    });
    const download = await storage.downloadUrl({
      key,
      fileName: 'clip.mp4',
      contentType: 'video/mp4',
      inline: false,
      expiresIn: 60,
    });
    const got = await fetch(download);
    expect(sha(new Uint8Array(await got.arrayBuffer()))).toBe(sha(bytes));
    expect(got.headers.get('content-disposition')).toMatch(/^attachment;/);

    await storage.delete(key, target.uploadId);
    expect(await storage.stat(key)).toBeNull();
  });

  it('reports what a completion with missing parts stored (less than declared), and deletes it', async () => {
    const key = newKey();
    const target = await storage.createUpload({ key, size: 7 * MiB, contentType: 'video/mp4', expiresIn: 60 });
    if (target.mode !== 'multipart') throw new Error('expected multipart');
    const first = target.parts[0]!;
    const response = await fetch(first.signedUrl, { method: 'PUT', body: randomBytes(first.size) });
    const parts = [{ partNumber: 1, etag: response.headers.get('etag')! }];
    // The files service compares this with the declared size (400 FILE_SIZE_MISMATCH).
    expect(await storage.completeUpload({ key, uploadId: target.uploadId, parts })).toEqual({ size: 5 * MiB });
    await storage.delete(key, target.uploadId);
    // Deleting what is not there (an object or an upload) is fine.
    await storage.delete(key, target.uploadId);
    await storage.delete(newKey());
    expect(await storage.stat(key)).toBeNull();
  });

  it('deletes an upload in progress', async () => {
    const key = newKey();
    const target = await storage.createUpload({ key, size: 7 * MiB, contentType: 'video/mp4', expiresIn: 60 });
    if (target.mode !== 'multipart') throw new Error('expected multipart');
    await fetch(target.parts[0]!.signedUrl, { method: 'PUT', body: randomBytes(target.parts[0]!.size) });
    await storage.delete(key, target.uploadId);
    expect(await storage.stat(key)).toBeNull();
  });

  it('keeps within 1,000 parts by raising the part size to whole MiB', async () => {
    const size = 6 * 1024 * MiB + 1;
    const plan = await storage.createUpload({ key: newKey(), size, contentType: 'video/mp4', expiresIn: 60 });
    if (plan.mode !== 'multipart') throw new Error('expected multipart');
    expect(plan.partSize).toBe(7 * MiB);
    expect(plan.parts.length).toBe(Math.ceil(size / (7 * MiB)));
    expect(plan.parts.length).toBeLessThanOrEqual(MAX_PARTS);
    expect(plan.parts.reduce((sum, part) => sum + part.size, 0)).toBe(size);
    expect(new Set(plan.parts.map((part) => part.signedUrl)).size).toBe(plan.parts.length);
  });
});
