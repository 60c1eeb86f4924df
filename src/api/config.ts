declare global {
  interface Window {
    /** Set by /config.js, editable after the build. */
    WORKSPACE_CONFIG?: { apiBaseUrl?: string };
  }
}

/** Where the API lives: `/api` on this origin unless /config.js says otherwise. */
export const apiBaseUrl: string = (typeof window !== 'undefined' && window.WORKSPACE_CONFIG?.apiBaseUrl) || '/api';

/**
 * The API's absolute address, without a trailing slash, for addresses people copy elsewhere (a
 * curl line, an MCP client's config, a signup form on another site): `/api` on `origin` unless
 * /config.js points the app at another server.
 */
export function absoluteApiUrl(origin: string = window.location.origin, configured: string = apiBaseUrl): string {
  return new URL(configured || '/api', `${origin}/`).href.replace(/\/+$/, '');
}
