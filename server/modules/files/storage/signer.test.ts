import crypto from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../http/errors.ts';
import { contentDisposition, servedDisposition, servedType } from './delivery.ts';
import { parseRange } from './http.ts';
import { UrlSigner } from './signer.ts';

const SECRET = 'test-storage-secret';
const KEY = 'company/node/upload1';
const now = 1_800_000_000_000;
const signer = new UrlSigner(SECRET, '/api/storage', () => now);

const upload = { expiresIn: 600, maxBytes: 1234, contentType: 'application/pdf' };
const download = {
  expiresIn: 600,
  fileName: 'Zoë.pdf',
  contentType: 'application/pdf',
  disposition: 'inline',
} as const;

/** The URL's key (its path after the base) and query. */
function parts(url: string) {
  const parsed = new URL(url, 'http://localhost');
  return { key: parsed.pathname.replace('/api/storage/', ''), query: parsed.searchParams };
}

/** The error `verify` throws, as the envelope and status a client would get. */
function refusal(verify: () => unknown) {
  try {
    verify();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, body: error.toEnvelope() };
    throw error;
  }
  throw new Error('expected a refusal');
}

afterEach(() => vi.restoreAllMocks());

describe('the local-disk URL signer', () => {
  it('makes relative URLs under the base path that verify to what they grant', () => {
    const url = signer.uploadUrl(KEY, upload);
    expect(url.startsWith(`/api/storage/${KEY}?`)).toBe(true);
    const { key, query } = parts(url);
    expect(signer.verifyUpload(key, query)).toEqual({
      key: KEY,
      expires: now / 1000 + 600,
      maxBytes: 1234,
      contentType: 'application/pdf',
    });
    const get = parts(signer.downloadUrl(KEY, download));
    expect(signer.verifyDownload(get.key, get.query)).toMatchObject({
      fileName: 'Zoë.pdf',
      contentType: 'application/pdf',
      disposition: 'inline',
    });
  });

  it('refuses an expired URL with 403 SIGNATURE_EXPIRED', () => {
    const earlier = new UrlSigner(SECRET, '/api/storage', () => now - 601_000);
    const { key, query } = parts(earlier.uploadUrl(KEY, upload));
    expect(refusal(() => signer.verifyUpload(key, query))).toEqual({
      status: 403,
      body: { error: expect.any(String), code: 'SIGNATURE_EXPIRED' },
    });
    const get = parts(earlier.downloadUrl(KEY, download));
    expect(refusal(() => signer.verifyDownload(get.key, get.query)).body.code).toBe('SIGNATURE_EXPIRED');
  });

  it('refuses a tampered signature, a signature of another secret, and a missing one', () => {
    const { key, query } = parts(signer.uploadUrl(KEY, upload));
    const sig = query.get('sig')!;
    const flipped = new URLSearchParams(query);
    flipped.set('sig', `${sig[0] === 'A' ? 'B' : 'A'}${sig.slice(1)}`);
    const truncated = new URLSearchParams(query);
    truncated.set('sig', sig.slice(0, -2));
    const missing = new URLSearchParams(query);
    missing.delete('sig');
    const foreign = parts(new UrlSigner('another-secret', '/api/storage', () => now).uploadUrl(KEY, upload)).query;
    for (const candidate of [flipped, truncated, missing, foreign]) {
      expect(refusal(() => signer.verifyUpload(key, candidate))).toEqual({
        status: 403,
        body: { error: expect.any(String), code: 'SIGNATURE_INVALID' },
      });
    }
  });

  it.each([
    ['max', '999999999'],
    ['type', 'text/html'],
    ['expires', String(now / 1000 + 86_400)],
  ])('refuses an upload URL whose %s was changed', (name, value) => {
    const { key, query } = parts(signer.uploadUrl(KEY, upload));
    query.set(name, value);
    expect(refusal(() => signer.verifyUpload(key, query)).body.code).toBe('SIGNATURE_INVALID');
  });

  it.each([
    ['name', 'other.pdf'],
    ['type', 'text/html'],
    ['disposition', 'attachment'],
    ['expires', String(now / 1000 + 86_400)],
  ])('refuses a download URL whose %s was changed', (name, value) => {
    const { key, query } = parts(signer.downloadUrl(KEY, download));
    query.set(name, value);
    expect(refusal(() => signer.verifyDownload(key, query)).body.code).toBe('SIGNATURE_INVALID');
  });

  it('refuses a signature used for another object, or for the other method', () => {
    const { query } = parts(signer.uploadUrl(KEY, upload));
    expect(refusal(() => signer.verifyUpload('company/node/upload2', query)).body.code).toBe('SIGNATURE_INVALID');
    const get = parts(signer.downloadUrl(KEY, download));
    expect(refusal(() => signer.verifyDownload('company/other/upload1', get.query)).body.code).toBe(
      'SIGNATURE_INVALID',
    );
    // A download URL's parameters do not make an upload URL.
    const mixed = new URLSearchParams(get.query);
    mixed.set('max', '10');
    expect(refusal(() => signer.verifyUpload(KEY, mixed)).body.code).toBe('SIGNATURE_INVALID');
  });

  it('compares signatures in constant time', () => {
    const compare = vi.spyOn(crypto, 'timingSafeEqual');
    const { key, query } = parts(signer.uploadUrl(KEY, upload));
    signer.verifyUpload(key, query);
    query.set('max', '1');
    refusal(() => signer.verifyUpload(key, query));
    expect(compare).toHaveBeenCalledTimes(2);
  });
});

describe('served types and dispositions', () => {
  it('serves images, PDF, audio, video and plain text as themselves, inline when asked', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/avif', 'application/pdf']) {
      expect(servedType(type)).toEqual({ contentType: type, inline: true });
    }
    expect(servedType('video/mp4')).toEqual({ contentType: 'video/mp4', inline: true });
    expect(servedType('Audio/MPEG')).toEqual({ contentType: 'audio/mpeg', inline: true });
    expect(servedType('text/plain')).toEqual({ contentType: 'text/plain; charset=utf-8', inline: true });
    expect(servedType('text/markdown; charset=ISO-8859-1').contentType).toBe('text/plain; charset=iso-8859-1');
    expect(servedType('text/csv').contentType).toBe('text/plain; charset=utf-8');
    expect(servedDisposition('image/png', true)).toBe('inline');
    expect(servedDisposition('image/png', false)).toBe('attachment');
  });

  it('serves anything a browser could run as an octet-stream attachment, even when inline is asked', () => {
    for (const type of [
      'text/html',
      'image/svg+xml',
      'application/xhtml+xml',
      'text/xml',
      'application/xml',
      'text/javascript',
      'application/javascript',
      'application/json',
      'text/css',
      'multipart/x-mixed-replace',
      'application/x-shockwave-flash',
      'nonsense',
    ]) {
      expect(servedType(type), type).toEqual({ contentType: 'application/octet-stream', inline: false });
      expect(servedDisposition(type, true), type).toBe('attachment');
    }
  });

  it('writes Content-Disposition per RFC 6266 with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('attachment', 'Zoë’s “plan”.pdf')).toBe(
      `attachment; filename="Zoe_s _plan_.pdf"; filename*=UTF-8''Zo%C3%AB%E2%80%99s%20%E2%80%9Cplan%E2%80%9D.pdf`,
    );
    expect(contentDisposition('inline', 'a"b\\c.txt')).toBe(
      `inline; filename="a_b_c.txt"; filename*=UTF-8''a%22b_c.txt`,
    );
    expect(contentDisposition('attachment', "it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
    expect(contentDisposition('attachment', '日本.txt')).toBe(
      `attachment; filename="__.txt"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.txt`,
    );
  });
});

describe('Range headers', () => {
  it('reads one range: first bytes, open-ended, suffix; clamps the end to the file', () => {
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-500', 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
  });

  it('reports ranges outside the file as unsatisfiable, and ignores what it cannot use', () => {
    expect(parseRange('bytes=100-', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=-0', 100)).toBe('unsatisfiable');
    expect(parseRange('bytes=0-', 0)).toBe('unsatisfiable');
    expect(parseRange(undefined, 100)).toBeUndefined();
    expect(parseRange('bytes=0-1,5-6', 100)).toBeUndefined();
    expect(parseRange('items=0-1', 100)).toBeUndefined();
    expect(parseRange('bytes=9-1', 100)).toBeUndefined();
    expect(parseRange('bytes=-', 100)).toBeUndefined();
  });
});
