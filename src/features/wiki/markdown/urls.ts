/**
 * Which URLs the wiki renders. Links: http, https and mailto, or a relative URL. Images: http,
 * https, or a path of this server's API (`/api/…`). Never `javascript:`, `data:` or any other scheme.
 */

/** Browsers ignore ASCII control characters and whitespace inside a scheme (`java\tscript:`). */
function compact(url: string): string {
  // eslint-disable-next-line no-control-regex
  return url.replace(/[\u0000-\u0020\u007f-\u009f\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]/g, '');
}

export function isAllowedLinkHref(href: unknown): href is string {
  if (typeof href !== 'string' || href.trim() === '') return false;
  const url = compact(href);
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  if (!scheme) return true;
  return ['http', 'https', 'mailto'].includes(scheme[1]!.toLowerCase());
}

export function isAllowedImageSrc(src: unknown): src is string {
  if (typeof src !== 'string') return false;
  const url = compact(src);
  if (/^https?:\/\/[^/]/i.test(url)) return true;
  return /^\/api\//.test(url);
}
