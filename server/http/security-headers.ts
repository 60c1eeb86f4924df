import type { MiddlewareHandler } from 'hono';

/**
 * The SPA's policy: only same-origin scripts (no inline script, no eval), same-origin styles,
 * API calls to our own origin (plus any configured API origins), and never framed. Files are
 * shown from our origin, or from the S3 bucket's (`storageSources`): images, media, PDF frames,
 * text fetched for previews, and upload PUTs.
 */
const spaPolicy = (connectSources: string[], storageSources: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    ["img-src 'self' data: blob:", ...storageSources].join(' '),
    ["media-src 'self'", ...storageSources].join(' '),
    ["frame-src 'self'", ...storageSources].join(' '),
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources, ...storageSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** API responses are data, never documents: nothing may load from them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The one document under `/api`: the API reference page (server/modules/docs). */
const DOCS_PATH = '/api/docs';
/**
 * The reference page's policy: its script from our origin (configured by data attributes, so no
 * inline script), the contract and "Test request" calls to our origin only. Scalar injects its
 * styles at run time, so style-src allows inline styles on this page, and on no other.
 */
const DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * Stored files served by the local-disk backend (modules/files/storage/http.ts) carry their own
 * policy (a `sandbox`) and may be framed by the app's previews: their route sets both headers,
 * which are kept.
 */
const STORAGE_PREFIX = '/api/storage/';

/** The policy for a path: the SPA's, the API's, or the reference page's. */
const policyFor = (path: string, spa: string) =>
  path === DOCS_PATH ? DOCS_POLICY : path.startsWith('/api/') ? API_POLICY : spa;

const common: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
  'Strict-Transport-Security': 'max-age=31536000; includeSubDomains',
};

/** Sets the security headers on every response, API and SPA alike. */
export function securityHeaders(connectSources: string[] = [], storageSources: string[] = []): MiddlewareHandler {
  const spa = spaPolicy(connectSources, storageSources);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    const own = c.req.path.startsWith(STORAGE_PREFIX) && headers.has('Content-Security-Policy');
    for (const name in common) if (!own || name !== 'X-Frame-Options') headers.set(name, common[name]!);
    if (!own) headers.set('Content-Security-Policy', policyFor(c.req.path, spa));
  };
}
