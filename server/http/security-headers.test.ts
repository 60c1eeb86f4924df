import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { storageOrigins } from '../modules/files/storage/index.ts';
import { securityHeaders } from './security-headers.ts';

async function spaPolicy(connectSources: string[], storageSources: string[]) {
  const app = new Hono();
  app.use('*', securityHeaders(connectSources, storageSources));
  app.get('*', (c) => c.html('<!doctype html>'));
  const policy = (await app.request('/files')).headers.get('content-security-policy') ?? '';
  return Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
}

describe('the SPA policy and the file storage', () => {
  it('allows only this origin for images, media, frames and calls with local-disk storage', async () => {
    const directives = await spaPolicy([], storageOrigins({ kind: 'local', root: '/tmp/x' }));
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['media-src']).toEqual(["'self'"]);
    expect(directives['frame-src']).toEqual(["'self'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
  });

  it('adds the S3 endpoint or bucket origin, so previews and uploads reach presigned URLs', async () => {
    const s3 = { kind: 's3' as const, bucket: 'acme-files', region: 'eu-central-1' };
    const pathStyle = storageOrigins({ ...s3, endpoint: 'https://minio.example.com:9000/', forcePathStyle: true });
    expect(pathStyle).toEqual(['https://minio.example.com:9000']);
    const virtualHost = storageOrigins({ ...s3, endpoint: 'https://r2.example.com', forcePathStyle: false });
    expect(virtualHost).toEqual(['https://acme-files.r2.example.com']);
    expect(storageOrigins({ ...s3, forcePathStyle: false })).toContain(
      'https://acme-files.s3.eu-central-1.amazonaws.com',
    );
    const directives = await spaPolicy(['https://api.example.com'], pathStyle);
    for (const directive of ['img-src', 'media-src', 'frame-src', 'connect-src']) {
      expect(directives[directive], directive).toContain('https://minio.example.com:9000');
    }
    expect(directives['connect-src']).toEqual(["'self'", 'https://api.example.com', 'https://minio.example.com:9000']);
    expect(directives['script-src']).toEqual(["'self'"]);
  });
});
