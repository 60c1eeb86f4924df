import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, testStorageRoot, useTestApp } from '../../../test/harness.ts';
import { LocalDiskStorage } from './local.ts';
import { S3Storage } from './s3.ts';

const t = useTestApp();
const storage = () => t.ctx.storage as LocalDiskStorage;
const newKey = () => `${randomUUID()}/${randomUUID()}/${randomUUID().slice(0, 8)}`;
const env = { incoming: { socket: { remoteAddress: '203.0.113.50' } } } as never;

type Init = RequestInit & { duplex?: 'half' };
/** A request to the app in process; `url` is a signed URL as the storage returns it (`/api/storage/…`). */
const send = (url: string, init: Init = {}) => t.app.request(url, init, env);

/** The `code` of an error envelope. */
const codeOf = async (response: Response) => ((await response.json()) as { code?: string }).code;

async function uploadUrl(key: string, size: number, contentType = 'application/octet-stream') {
  const target = await storage().createUpload({ key, size, contentType, expiresIn: 600 });
  if (target.mode !== 'single') throw new Error('local uploads are single');
  return target;
}

async function put(key: string, bytes: Uint8Array, contentType = 'application/octet-stream') {
  const target = await uploadUrl(key, bytes.byteLength, contentType);
  return send(target.signedUrl, { method: 'PUT', headers: target.headers, body: bytes });
}

/** Stores `bytes` as `key` and returns its download URL. */
async function stored(bytes: Uint8Array, options: { name?: string; type?: string; inline?: boolean } = {}) {
  const key = newKey();
  const type = options.type ?? 'application/octet-stream';
  expect((await put(key, bytes, type)).status).toBe(200);
  const url = await storage().downloadUrl({
    key,
    fileName: options.name ?? 'file.bin',
    contentType: type,
    inline: options.inline ?? false,
    expiresIn: 600,
  });
  return { key, url };
}

/** Nothing of `key` on disk, and no upload in progress left behind. */
function expectNothingLeft(key: string) {
  expect(existsSync(join(testStorageRoot, ...key.split('/')))).toBe(false);
  const incoming = join(testStorageRoot, '.incoming');
  expect(existsSync(incoming) ? readdirSync(incoming) : []).toEqual([]);
}

/** A body stream of `chunks`, then `end()`: closes, or errors as a dropped connection does. */
function streamOf(chunks: Uint8Array[], end: 'close' | 'error' = 'close') {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(chunk);
      if (end === 'close') controller.close();
      else controller.error(new Error('connection reset'));
    },
  });
}

describe('uploading through a signed PUT', () => {
  it('stores the bytes and answers their size; the storage reports them', async () => {
    const key = newKey();
    const bytes = randomBytes(100_000);
    const response = await put(key, bytes);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ size: 100_000 });
    expect(await storage().stat(key)).toEqual({ size: 100_000 });
    expect(await storage().completeUpload({ key })).toEqual({ size: 100_000 });
    expectNothingLeft(newKey());
  });

  it('is not held to the API’s 1 MiB body limit', async () => {
    const key = newKey();
    const response = await put(key, randomBytes(3 * 1024 * 1024));
    expect(response.status).toBe(200);
    expect(await storage().stat(key)).toEqual({ size: 3 * 1024 * 1024 });
  });

  it('refuses a declared body larger than the signed maximum with 413 before reading it', async () => {
    const key = newKey();
    const target = await uploadUrl(key, 10);
    const response = await send(target.signedUrl, { method: 'PUT', headers: target.headers, body: randomBytes(11) });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'PAYLOAD_TOO_LARGE' });
    expectNothingLeft(key);
  });

  it('cuts off a streamed body once it passes the signed maximum: 413 and nothing left on disk', async () => {
    const key = newKey();
    const target = await uploadUrl(key, 150_000);
    const body = streamOf([randomBytes(100_000), randomBytes(100_000), randomBytes(100_000)]);
    const response = await send(target.signedUrl, { method: 'PUT', headers: target.headers, body, duplex: 'half' });
    expect(response.status).toBe(413);
    expect(await codeOf(response)).toBe('PAYLOAD_TOO_LARGE');
    expectNothingLeft(key);
  });

  it('leaves nothing when the client goes away mid-upload', async () => {
    const key = newKey();
    const target = await uploadUrl(key, 1_000_000);
    const body = streamOf([randomBytes(300_000)], 'error');
    const response = await send(target.signedUrl, { method: 'PUT', headers: target.headers, body, duplex: 'half' });
    expect(response.status).toBe(400);
    expectNothingLeft(key);
  });

  it('refuses a Content-Type other than the signed one with 403', async () => {
    const key = newKey();
    const target = await uploadUrl(key, 4, 'image/png');
    const response = await send(target.signedUrl, {
      method: 'PUT',
      headers: { 'Content-Type': 'text/html' },
      body: 'abcd',
    });
    expect(response.status).toBe(403);
    expect(await codeOf(response)).toBe('SIGNATURE_INVALID');
    expectNothingLeft(key);
  });

  it('refuses expired, tampered and other-object URLs with 403 and the envelope, counted as auth failures', async () => {
    const key = newKey();
    const past = new LocalDiskStorage({
      root: testStorageRoot,
      secret: t.ctx.secrets.storage,
      now: () => Date.now() - 3_600_000,
    });
    const expired = await past.createUpload({ key, size: 4, contentType: 'text/plain', expiresIn: 60 });
    const valid = await uploadUrl(key, 4, 'text/plain');
    const tampered = valid.signedUrl.replace('max=4', 'max=5');
    const otherObject = valid.signedUrl.replace(key, newKey());
    const cases: [string, string][] = [
      [expired.signedUrl, 'SIGNATURE_EXPIRED'],
      [tampered, 'SIGNATURE_INVALID'],
      [otherObject, 'SIGNATURE_INVALID'],
      [`/api/storage/${key}`, 'SIGNATURE_INVALID'],
    ];
    for (const [url, code] of cases) {
      const response = await send(url, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: 'abcd' });
      expect(response.status, url).toBe(403);
      expect(await response.json()).toEqual({ error: expect.any(String), code });
      expect(response.headers.get('RateLimit')).toMatch(/^"auth-failures";/);
    }
    expectNothingLeft(key);
  });
});

describe('downloading through a signed GET', () => {
  const bytes = randomBytes(5000);
  let url: string;
  beforeAll(async () => {
    ({ url } = await stored(bytes, { name: 'Zoë’s “plan”.pdf', type: 'application/pdf', inline: true }));
  });

  it('streams the whole file with its headers', async () => {
    const response = await send(url);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer()).equals(bytes)).toBe(true);
    const headers = response.headers;
    expect(headers.get('Content-Type')).toBe('application/pdf');
    expect(headers.get('Content-Length')).toBe('5000');
    expect(headers.get('Accept-Ranges')).toBe('bytes');
    expect(headers.get('Content-Disposition')).toBe(
      `inline; filename="Zoe_s _plan_.pdf"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20%E2%80%9Cplan%E2%80%9D.pdf`,
    );
    expect(headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'; frame-ancestors 'self'");
    expect(headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    expect(headers.get('Cache-Control')).toMatch(/^private, max-age=(59\d|600)$/);
    expect(headers.get('ETag')).toMatch(/^"[\w-]+"$/);
  });

  it('serves the first bytes, an open-ended range and a suffix range as 206', async () => {
    const ranges: [string, number, number][] = [
      ['bytes=0-99', 0, 99],
      ['bytes=4900-', 4900, 4999],
      ['bytes=-10', 4990, 4999],
      ['bytes=100-99999', 100, 4999],
    ];
    for (const [range, start, end] of ranges) {
      const response = await send(url, { headers: { Range: range } });
      expect(response.status, range).toBe(206);
      expect(response.headers.get('Content-Range')).toBe(`bytes ${start}-${end}/5000`);
      expect(response.headers.get('Content-Length')).toBe(String(end - start + 1));
      expect(Buffer.from(await response.arrayBuffer()).equals(bytes.subarray(start, end + 1))).toBe(true);
    }
  });

  it('answers 416 with the envelope and the size for a range past the end', async () => {
    const response = await send(url, { headers: { Range: 'bytes=5000-' } });
    expect(response.status).toBe(416);
    expect(response.headers.get('Content-Range')).toBe('bytes */5000');
    expect(await response.json()).toEqual({ error: expect.any(String), code: 'RANGE_NOT_SATISFIABLE' });
  });

  it('serves the whole file when If-Range names another version', async () => {
    const response = await send(url, { headers: { Range: 'bytes=0-9', 'If-Range': '"another"' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Length')).toBe('5000');
    await response.arrayBuffer();
  });

  it('answers HEAD with the headers of a GET and no body', async () => {
    const response = await send(url, { method: 'HEAD' });
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Length')).toBe('5000');
    expect(response.headers.get('Content-Type')).toBe('application/pdf');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });

  it('sandboxes inline images and text', async () => {
    const image = await stored(randomBytes(10), { type: 'image/png', inline: true });
    const response = await send(image.url);
    expect(response.headers.get('Content-Type')).toBe('image/png');
    expect(response.headers.get('Content-Disposition')).toMatch(/^inline;/);
    expect(response.headers.get('Content-Security-Policy')).toBe("sandbox; default-src 'none'; frame-ancestors 'self'");
    const text = await stored(Buffer.from('# Notes'), { type: 'text/markdown', inline: true });
    const served = await send(text.url);
    expect(served.headers.get('Content-Type')).toBe('text/plain; charset=utf-8');
    expect(await served.text()).toBe('# Notes');
  });

  it.each([
    ['text/html', '<script>parent.document.title = "owned"</script>'],
    ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
  ])('serves %s as an octet-stream attachment in a sandbox, even with inline asked for', async (type, content) => {
    const file = await stored(Buffer.from(content), { type, inline: true, name: 'page.html' });
    const response = await send(file.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="page.html"/);
    expect(response.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(response.headers.get('Content-Security-Policy')).toMatch(/^sandbox; default-src 'none'/);
    await response.arrayBuffer();
  });

  it('refuses a URL whose disposition or type was changed, or that names another object', async () => {
    const file = await stored(Buffer.from('<b>hi</b>'), { type: 'text/html' });
    const urls = [
      file.url.replace('disposition=attachment', 'disposition=inline'),
      file.url.replace('type=text%2Fhtml', 'type=text%2Fplain'),
      file.url.replace(file.key, newKey()),
    ];
    for (const changed of urls) {
      expect(changed).not.toBe(file.url);
      const response = await send(changed);
      expect(response.status).toBe(403);
      expect(await codeOf(response)).toBe('SIGNATURE_INVALID');
    }
  });

  it('answers 404 for a signed URL of a file that is not (or no longer) stored', async () => {
    const file = await stored(Buffer.from('bye'));
    await storage().delete(file.key);
    await storage().delete(file.key);
    expect(await storage().stat(file.key)).toBeNull();
    const response = await send(file.url);
    expect(response.status).toBe(404);
    expect(await codeOf(response)).toBe('NOT_FOUND');
    // The deleted file's folders went with it.
    expect(existsSync(join(testStorageRoot, file.key.split('/')[0]!))).toBe(false);
  });

  it('serves an empty file', async () => {
    const file = await stored(new Uint8Array(0));
    const response = await send(file.url);
    expect(response.status).toBe(200);
    expect(response.headers.get('Content-Length')).toBe('0');
    expect((await response.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('over a real socket (the Node server reads the request stream itself)', () => {
  let server: ReturnType<typeof serve>;
  let port: number;
  beforeAll(async () => {
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise<void>((resolve) => server.once('listening', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A PUT written chunk by chunk; `abortAfter` destroys the connection after that many chunks. */
  function rawPut(url: string, chunks: Buffer[], options: { abortAfter?: number; length?: number } = {}) {
    return new Promise<{ status: number; body: string } | 'aborted'>((resolve, reject) => {
      const request = httpRequest(`http://127.0.0.1:${port}${url}`, {
        method: 'PUT',
        headers: {
          'Content-Type': 'application/octet-stream',
          ...(options.length === undefined ? {} : { 'Content-Length': options.length }),
        },
      });
      request.on('response', (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', (error) => (options.abortAfter === undefined ? reject(error) : resolve('aborted')));
      void (async () => {
        for (const [index, chunk] of chunks.entries()) {
          if (index === options.abortAfter) {
            request.destroy();
            resolve('aborted');
            return;
          }
          if (!request.write(chunk)) await new Promise((done) => request.once('drain', done));
          await new Promise((done) => setTimeout(done, 5));
        }
        request.end();
      })();
    });
  }

  it('stores a streamed upload and serves it back', async () => {
    const key = newKey();
    const chunks = Array.from({ length: 8 }, () => randomBytes(256 * 1024));
    const target = await uploadUrl(key, 8 * 256 * 1024);
    const result = await rawPut(target.signedUrl, chunks, { length: 8 * 256 * 1024 });
    expect(result).toEqual({ status: 200, body: JSON.stringify({ size: 8 * 256 * 1024 }) });
    const url = await storage().downloadUrl({ key, fileName: 'f', contentType: 'x/y', inline: false, expiresIn: 60 });
    const response = await fetch(`http://127.0.0.1:${port}${url}`);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('answers 413 to a chunked body that passes the signed maximum, and keeps nothing', async () => {
    const key = newKey();
    const target = await uploadUrl(key, 300_000);
    const result = await rawPut(target.signedUrl, [randomBytes(200_000), randomBytes(200_000), randomBytes(200_000)]);
    expect(result).not.toBe('aborted');
    expect(result).toMatchObject({ status: 413 });
    expectNothingLeft(key);
  });

  it('keeps nothing of an upload whose connection drops', async () => {
    const key = newKey();
    const target = await uploadUrl(key, 1_000_000);
    const chunks = Array.from({ length: 10 }, () => randomBytes(100_000));
    expect(await rawPut(target.signedUrl, chunks, { abortAfter: 4, length: 1_000_000 })).toBe('aborted');
    // The server notices the dropped connection a moment later.
    for (let i = 0; i < 50 && existsSync(join(testStorageRoot, '.incoming')); i++) {
      if (readdirSync(join(testStorageRoot, '.incoming')).length === 0) break;
      await new Promise((done) => setTimeout(done, 20));
    }
    expectNothingLeft(key);
  });
});

describe('with the S3 backend', () => {
  it('answers 404 on the local-disk URLs', async () => {
    const s3 = await buildTestApp({
      storage: () =>
        new S3Storage({ bucket: 'b', region: 'us-east-1', forcePathStyle: true, endpoint: 'http://127.0.0.1:9' }),
    });
    const response = await s3.app.request(
      `/api/storage/${newKey()}?expires=1&sig=x`,
      { method: 'PUT', body: 'x' },
      env,
    );
    expect(response.status).toBe(404);
    expect(await codeOf(response)).toBe('NOT_FOUND');
    expect((await s3.app.request(`/api/storage/${newKey()}`, {}, env)).status).toBe(404);
    s3.ctx.hub.close();
    await s3.ctx.bus.close();
  });
});
