/**
 * What other modules may use of the projects module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { findProject, type ProjectRow } from './access.ts';
export { searchProviders } from './search.ts';
