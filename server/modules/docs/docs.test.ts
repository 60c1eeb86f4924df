import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/harness.ts';

const t = useTestApp();

/** The script URL the page loads, as written in its HTML. */
const scriptUrlOf = (html: string) => /<script src="([^"]+)"><\/script>/.exec(html)?.[1];

describe('the API reference page', () => {
  it('GET /api/docs is a public HTML page that loads the bundled script and renders /api/openapi.json', async () => {
    const response = await t.call('GET', '/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const html = response.body as string;
    expect(html).toContain('data-url="/api/openapi.json"');
    expect(scriptUrlOf(html)).toMatch(/^\/api\/docs\/scalar\.js\?v=[0-9a-f]{16}$/);
    // Nothing from elsewhere: every src and href is a path on this origin.
    for (const [, url] of html.matchAll(/(?:src|href)="([^"]*)"/g)) expect(url).toMatch(/^\/[^/]/);
  });

  it('has its own policy: scripts from this origin only (no inline script, no eval), inline styles allowed', async () => {
    const policy = (await t.call('GET', '/docs')).headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(policy.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1)]));
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['connect-src']).toEqual(["'self'"]);
    expect(directives['frame-ancestors']).toEqual(["'none'"]);
    // Other API responses keep the strict policy.
    expect((await t.call('GET', '/health')).headers.get('content-security-policy')).toBe(
      "default-src 'none'; frame-ancestors 'none'",
    );
  });

  it('serves the script as JavaScript, cacheable for good under its versioned URL, gzipped when asked', async () => {
    const scriptUrl = scriptUrlOf((await t.call('GET', '/docs')).body as string)!;
    const response = await t.app.request(scriptUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toContain('immutable');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    const script = await response.text();
    expect(script.length).toBeGreaterThan(100_000);
    expect(script).toContain('createApiReference');
    // The page's policy forbids eval; the bundle must not try it (see EVAL_PROBE in handlers.ts).
    expect(script).not.toContain('new Function(');

    const gzipped = await t.app.request(scriptUrl, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect((await gzipped.arrayBuffer()).byteLength).toBeLessThan(script.length / 2);

    const unversioned = await t.call('GET', '/docs/scalar.js');
    expect(unversioned.status).toBe(200);
    expect(unversioned.headers.get('cache-control')).toBe('no-cache');
  });

  it('answers any other path under /api/docs with the JSON 404 envelope', async () => {
    const response = await t.call('GET', '/docs/x');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.body).toEqual({ error: expect.any(String), code: 'NOT_FOUND' });
  });

  it('is not an operation of the contract', async () => {
    const contract = (await t.call('GET', '/openapi.json')).body as { paths: Record<string, unknown> };
    expect(Object.keys(contract.paths).filter((path) => path.startsWith('/docs'))).toEqual([]);
  });
});
