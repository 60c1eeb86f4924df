/**
 * What other modules may use of the auth module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { normalizeEmail, openSession } from './service.ts';
