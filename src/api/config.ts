declare global {
  interface Window {
    /** Set by /config.js, editable after the build. */
    WORKSPACE_CONFIG?: { apiBaseUrl?: string };
  }
}

/** Where the API lives: `/api` on this origin unless /config.js says otherwise. */
export const apiBaseUrl: string = (typeof window !== 'undefined' && window.WORKSPACE_CONFIG?.apiBaseUrl) || '/api';
