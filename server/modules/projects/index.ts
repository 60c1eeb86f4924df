/**
 * What other modules may use of the projects module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { searchProviders } from './search.ts';
