import type { SearchProvider } from './provider.ts';

let registered: readonly SearchProvider[] | null = null;

/**
 * Every kind the search covers, in the order results of the same match class are listed. The
 * modules that own searchable data write their providers against provider.ts; the search module
 * imports none of them: server/search-providers.ts lists them all and registers them here, once,
 * when server/app.ts is loaded (so every app, in tests and in the server process, has them).
 */
export function registerSearchProviders(providers: readonly SearchProvider[]): void {
  registered = providers;
}

/** The registered providers; throws if none were (a programming error, not an empty result). */
export function searchProviders(): readonly SearchProvider[] {
  if (!registered) {
    throw new Error('search: no providers registered (server/search-providers.ts, imported by server/app.ts)');
  }
  return registered;
}
