/**
 * What other modules may use of the home module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { ActivityPageSchema, ActivityPageQuery } from './routes.ts';
export { agentActivity } from './service.ts';
