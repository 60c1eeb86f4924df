import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../types.ts';

/**
 * The human-readable API reference: a page at `GET /api/docs` that renders `/api/openapi.json`
 * with Scalar (`@scalar/api-reference`), whose self-contained browser build this server serves
 * itself, so the page loads nothing from elsewhere. Both routes are plain Hono routes, not API
 * operations: they are not in the contract, need no token and are not rate limited (they are
 * static files, like the SPA's). The page's Content-Security-Policy is in http/security-headers.ts.
 */

/** Scalar's settings, read from the page's `data-configuration` attribute (no inline script). */
const configuration = {
  // The default fonts come from fonts.scalar.com; the page uses the system's instead.
  withDefaultFonts: false,
  telemetry: false,
  // The "Ask AI" agent, and the toolbar's sharing and deploying, talk to Scalar's servers.
  agent: { disabled: true },
  showDeveloperTools: 'never',
  documentDownloadType: 'json',
};

/**
 * The zod copy inside the bundle probes once whether `eval` works (`new Function("")` in a try),
 * to compile its validators when it does. The page's policy forbids eval, so the probe's only
 * effect would be a CSP violation report: it is answered "no" up front instead, which is what the
 * probe would find. docs.test.ts fails if a new version of the bundle probes differently.
 */
const EVAL_PROBE = /try\{return new Function\(""\),!0\}catch\(\w+\)\{return!1\}/g;

type Bundle = { plain: Uint8Array<ArrayBuffer>; gzipped: Uint8Array<ArrayBuffer>; version: string };
let bundle: Promise<Bundle> | undefined;

/**
 * The browser bundle, found wherever npm put the package, read and compressed once per process on
 * first use (the contract generator and most tests never need it). `version` names its content.
 */
function loadBundle(): Promise<Bundle> {
  bundle ??= (async () => {
    const path = createRequire(import.meta.url).resolve('@scalar/api-reference/browser/standalone.js');
    const plain = Buffer.from((await readFile(path, 'utf8')).replace(EVAL_PROBE, 'return!1'));
    const gzipped = await promisify(gzip)(plain);
    const version = createHash('sha256').update(plain).digest('hex').slice(0, 16);
    // Copied once into standalone arrays (not views of Node's buffer pool), as Hono's bodies want.
    return { plain: Uint8Array.from(plain), gzipped: Uint8Array.from(gzipped), version };
  })().catch((error: unknown) => {
    bundle = undefined;
    throw error;
  });
  return bundle;
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function page(scriptUrl: string): string {
  // The first script element is a data block (never executed): Scalar reads its attributes.
  return `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="color-scheme" content="light dark" />
    <title>Workspace API reference</title>
    <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
  </head>
  <body>
    <script id="api-reference" type="application/json" data-url="/api/openapi.json" data-configuration="${escapeAttribute(JSON.stringify(configuration))}"></script>
    <script src="${escapeAttribute(scriptUrl)}"></script>
  </body>
</html>
`;
}

/**
 * Registers `GET /docs` (the page) and `GET /docs/scalar.js` (the bundle) on the API app. Register
 * them before the API's `no-store` middleware: the bundle's URL carries its version, so browsers
 * may keep it; the page itself is never stored.
 */
export function registerDocsRoutes(app: OpenAPIHono<AppEnv>) {
  app.get('/docs', async (c) => {
    const { version } = await loadBundle();
    c.header('Cache-Control', 'no-store');
    return c.html(page(`/api/docs/scalar.js?v=${version}`));
  });

  app.get('/docs/scalar.js', async (c) => {
    const { plain, gzipped, version } = await loadBundle();
    c.header('Content-Type', 'text/javascript; charset=utf-8');
    c.header('Vary', 'Accept-Encoding');
    // A URL naming the current version can be cached for good; any other is checked each time.
    c.header('Cache-Control', c.req.query('v') === version ? 'public, max-age=31536000, immutable' : 'no-cache');
    if (/\bgzip\b/.test(c.req.header('accept-encoding') ?? '')) {
      c.header('Content-Encoding', 'gzip');
      return c.body(gzipped);
    }
    return c.body(plain);
  });
}
