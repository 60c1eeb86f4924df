import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/harness.ts';

const t = useTestApp();
const contract = JSON.parse(readFileSync(new URL('../../contract/openapi.json', import.meta.url), 'utf8'));
const authenticated = Object.entries(contract.paths as Record<string, Record<string, Record<string, unknown>>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([, operation]) => operation['x-public'] !== true)
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operationId: operation.operationId })),
);
const urlOf = (path: string) => path.replace(/\{[^}]+\}/g, () => crypto.randomUUID());

describe('every 401 names the Bearer scheme (RFC 6750)', () => {
  it('without a token: WWW-Authenticate: Bearer realm="workspace", on every authenticated operation', async () => {
    expect(authenticated.length).toBeGreaterThan(100);
    for (const { method, path } of authenticated) {
      const response = await t.call(method, urlOf(path), { body: method === 'GET' ? undefined : {} });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('www-authenticate'), `${method} ${path}`).toBe('Bearer realm="workspace"');
    }
  });

  it('with a token that is not accepted: error="invalid_token" too', async () => {
    for (const { method, path } of authenticated) {
      const response = await t.call(method, urlOf(path), {
        token: 'aik_not-a-real-key-at-all',
        body: method === 'GET' ? undefined : {},
      });
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(response.headers.get('www-authenticate'), `${method} ${path}`).toBe(
        'Bearer realm="workspace", error="invalid_token"',
      );
    }
  });

  it('a failed sign-in (401 INVALID_CREDENTIALS) carries the challenge too', async () => {
    const response = await t.call('POST', '/auth/login', {
      body: { email: 'nobody@example.com', password: 'wrong-password' },
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toBe('Bearer realm="workspace"');
  });
});
