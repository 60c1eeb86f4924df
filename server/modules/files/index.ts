/**
 * What other modules may use of the files module; its other files are its own (eslint.config.js
 * refuses imports of them from other modules).
 */
export { DEFAULT_FILES_CONFIG } from './config.ts';
export { searchProviders } from './search.ts';
export { agentCanRead, listAgentFiles } from './grants.ts';
export { sweepFiles } from './service.ts';
export { FileNodeSchema } from './schemas.ts';
