/**
 * What other modules may use of the integrations module; its other files are its own.
 */
export { resealSecrets } from './service.ts';
export { searchProviders } from './search.ts';
