/**
 * What other modules may use of the integrations module; its other files are its own.
 */
export { resealSecrets } from './reseal.ts';
export { searchProviders } from './search.ts';
