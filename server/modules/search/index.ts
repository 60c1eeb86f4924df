/**
 * What other modules may use of the search module: the contract a search provider implements.
 * A module whose data is searched writes its providers against it and exports them as
 * `searchProviders` from its own index.ts; server/search-providers.ts lists them and registers
 * them here (the search module imports none of them).
 */
export type { SearchKind, SearchProvider, SearchScope } from './provider.ts';
export { registerSearchProviders } from './providers.ts';
