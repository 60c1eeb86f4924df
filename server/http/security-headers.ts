import type { MiddlewareHandler } from 'hono';

/**
 * The SPA's policy: only same-origin scripts (no inline script, no eval), same-origin styles,
 * API calls to our own origin (plus any configured API origins), and never framed.
 */
const spaPolicy = (connectSources: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    ["connect-src 'self'", ...connectSources].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/** API responses are data, never documents: nothing may load from them. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

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
export function securityHeaders(connectSources: string[] = []): MiddlewareHandler {
  const spa = spaPolicy(connectSources);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const name in common) headers.set(name, common[name]!);
    headers.set('Content-Security-Policy', c.req.path.startsWith('/api/') ? API_POLICY : spa);
  };
}
