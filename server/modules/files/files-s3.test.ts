/**
 * The drive's upload and download flow against an S3-compatible server (s3rver, started here):
 * the same steps as files.test.ts, with presigned URLs the test fetches over HTTP, a multipart
 * upload, a replace and a cancel. s3rver does not check signatures; the local-disk signer's tests
 * (storage/signer.test.ts, storage/local-http.test.ts) cover those.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, useTestApp } from '../../test/harness.ts';
import { createStorage } from './storage/index.ts';

const MiB = 1024 * 1024;
const bucket = 'workspace-files-test';
const directory = mkdtempSync(join(tmpdir(), 's3rver-files-'));
const server = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory,
  configureBuckets: [{ name: bucket }],
});
const { port } = await server.run();
const endpoint = `http://127.0.0.1:${port}`;

const t = useTestApp({
  storage: () =>
    createStorage(
      {
        kind: 's3',
        bucket,
        endpoint,
        region: 'us-east-1',
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
        multipartThreshold: 6 * MiB,
        partSize: 5 * MiB,
      },
      'unused',
    ),
});
let org: Awaited<ReturnType<TestApp['createOrg']>>;

beforeAll(async () => {
  org = await t.createOrg();
});

afterAll(async () => {
  await server.close();
  rmSync(directory, { recursive: true, force: true });
});

async function create(name: string, bytes: Buffer, extra: Record<string, unknown> = {}) {
  const created = await t.call('POST', '/client/files/nodes', {
    token: org.memberToken,
    body: { type: 'file', name, fileSize: bytes.length, mimeType: 'application/octet-stream', ...extra },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  const target = await t.call('POST', `/client/files/${created.body.id}/upload-url`, { token: org.memberToken });
  expect(target.status, JSON.stringify(target.body)).toBe(200);
  return { id: created.body.id as string, target: target.body };
}

async function complete(id: string, body: unknown = {}) {
  return t.call('POST', `/client/files/${id}/complete-upload`, { token: org.memberToken, body });
}

async function downloaded(id: string): Promise<Buffer> {
  const url = await t.call('GET', `/client/files/${id}/download-url`, { token: org.memberToken });
  expect(url.status).toBe(200);
  const response = await fetch(url.body.signedUrl);
  expect(response.status).toBe(200);
  return Buffer.from(await response.arrayBuffer());
}

describe('the drive on S3', () => {
  it('uploads with one presigned PUT, completes, and downloads the same bytes', async () => {
    const bytes = Buffer.from('A small file on S3');
    const { id, target } = await create('small.txt', bytes);
    expect(target.mode).toBe('single');
    expect(target.signedUrl).toContain(endpoint);
    const put = await fetch(target.signedUrl, { method: 'PUT', headers: target.headers, body: bytes });
    expect(put.status).toBe(200);
    const done = await complete(id);
    expect(done.body).toMatchObject({ status: 'ready', fileSize: bytes.length });
    expect(await downloaded(id)).toEqual(bytes);
  });

  it('uploads a large file in parts, refuses to complete without them, and completes with their ETags', async () => {
    const bytes = Buffer.alloc(11 * MiB, 7);
    bytes.write('start', 0);
    bytes.write('end', bytes.length - 3);
    const { id, target } = await create('large.bin', bytes);
    expect(target.mode).toBe('multipart');
    expect(target.parts.map((part: { size: number }) => part.size)).toEqual([5 * MiB, 5 * MiB, MiB]);
    const withoutParts = await complete(id);
    expect(withoutParts.status).toBe(400);
    const parts = [];
    let offset = 0;
    for (const part of target.parts as { partNumber: number; signedUrl: string; size: number }[]) {
      const response = await fetch(part.signedUrl, { method: 'PUT', body: bytes.subarray(offset, offset + part.size) });
      expect(response.status).toBe(200);
      parts.push({ partNumber: part.partNumber, etag: response.headers.get('etag')! });
      offset += part.size;
    }
    const done = await complete(id, { parts });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.fileSize).toBe(bytes.length);
    expect((await downloaded(id)).equals(bytes)).toBe(true);
  });

  it('replaces a file’s content on completion and removes the old bytes', async () => {
    const first = Buffer.from('version one');
    const original = await create('plan.txt', first);
    await fetch(original.target.signedUrl, { method: 'PUT', headers: original.target.headers, body: first });
    const done = await complete(original.id);
    const oldKey = done.body.storagePath as string;
    const second = Buffer.from('version two, longer');
    const replacement = await create('plan.txt', second, { onConflict: 'replace' });
    await fetch(replacement.target.signedUrl, { method: 'PUT', headers: replacement.target.headers, body: second });
    const replaced = await complete(replacement.id);
    expect(replaced.body).toMatchObject({ id: original.id, fileSize: second.length });
    expect(await downloaded(original.id)).toEqual(second);
    expect(await t.ctx.storage.stat(oldKey)).toBeNull();
  });

  it('cancels a multipart upload in progress', async () => {
    const bytes = Buffer.alloc(7 * MiB, 1);
    const { id, target } = await create('cancelled.bin', bytes);
    expect(target.mode).toBe('multipart');
    await fetch(target.parts[0].signedUrl, { method: 'PUT', body: bytes.subarray(0, 5 * MiB) });
    const cancelled = await t.call('DELETE', `/client/files/${id}`, { token: org.memberToken });
    expect(cancelled.body).toMatchObject({ trashed: false });
    expect((await t.call('GET', `/client/files/${id}`, { token: org.memberToken })).status).toBe(404);
  });
});
