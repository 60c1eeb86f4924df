// Runtime settings of the web app. Edit this file in the built output (dist/config.js) to point
// the app at another deployment of the Workspace API; no rebuild is needed.
window.WORKSPACE_CONFIG = {
  // Base URL of the API: a path on this origin, or an absolute URL (that server must allow
  // this origin through CORS, and this app's Content-Security-Policy must allow it in connect-src).
  apiBaseUrl: '/api',
};
