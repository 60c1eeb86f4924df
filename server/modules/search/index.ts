/**
 * What other modules may use of the search module: the contract a search provider implements.
 * A module whose data is searched writes its providers against it and exports them as
 * `searchProviders` from its own index.ts; providers.ts assembles the list.
 */
export type { SearchKind, SearchProvider, SearchScope } from './provider.ts';
