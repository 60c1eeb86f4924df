import { mkdtempSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../lib/logger.ts';
import { buildTestApp, useTestApp } from '../test/harness.ts';

const t = useTestApp();

describe('error envelope', () => {
  it('unknown API routes answer 404 with the envelope, never HTML', async () => {
    for (const [method, path] of [
      ['GET', '/nope'],
      ['POST', '/users/nope'],
      ['DELETE', '/auth/login'],
    ] as const) {
      const response = await t.call(method, path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toEqual({ error: expect.stringContaining('No such endpoint'), code: 'NOT_FOUND' });
    }
  });

  it('a body over 1 MiB answers 413', async () => {
    const response = await t.call('POST', '/auth/login', {
      body: { email: 'a@b.example', password: 'x'.repeat(1024 * 1024) },
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('an unexpected failure answers 500 with a request id that is also in the log, and no stack trace', async () => {
    const lines: string[] = [];
    const built = await buildTestApp({ logger: createLogger('error', (line) => lines.push(line)) });
    built.ctx.auth.authenticate = () => Promise.reject(new Error('database exploded at line 42'));
    const response = await built.app.request('/api/users/me', { headers: { authorization: 'Bearer x' } });
    const body = (await response.json()) as { requestId: string };
    expect(response.status).toBe(500);
    expect(body).toEqual({ error: 'Internal server error', code: 'INTERNAL_ERROR', requestId: expect.any(String) });
    expect(JSON.stringify(body)).not.toContain('exploded');
    expect(response.headers.get('x-request-id')).toBe(body.requestId);
    expect(lines.some((line) => line.includes(body.requestId) && line.includes('database exploded'))).toBe(true);
    built.ctx.hub.close();
    await built.ctx.bus.close();
  });
});

describe('security headers', () => {
  function expectSecure(headers: Headers) {
    const csp = headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(csp).not.toContain('unsafe-eval');
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('x-frame-options')).toBe('DENY');
  }

  it('are set on API successes and errors', async () => {
    expectSecure((await t.call('GET', '/health')).headers);
    expectSecure((await t.call('GET', '/users/me')).headers);
    expect((await t.call('GET', '/health')).headers.get('cache-control')).toBe('no-store');
  });

  it('are set on the SPA, whose policy allows only same-origin scripts', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'spa-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Workspace</title><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const built = await buildTestApp({ config: { staticDir: dir } });

    const page = await built.app.request('/settings/api-keys');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<div id="root">');
    expectSecure(page.headers);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");

    const asset = await built.app.request('/assets/app-abc123.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');

    const missing = await built.app.request('/assets/missing-file.js');
    expect(missing.status).toBe(404);
    const api = await built.app.request('/api/unknown');
    expect(api.status).toBe(404);
    expect(((await api.json()) as { code: string }).code).toBe('NOT_FOUND');
    built.ctx.hub.close();
    await built.ctx.bus.close();
  });
});
