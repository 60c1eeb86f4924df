import { type SQL, sql } from 'drizzle-orm';

/**
 * Kinds of search results (spec, Search result). The spec names `agent`; the rest are ours,
 * written in the contract. Kinds whose features do not exist yet have no provider until they do.
 */
export const SEARCH_KINDS = [
  'agent',
  'team',
  'person',
  'project',
  'card',
  'wiki_page',
  'session',
  'cron_job',
  'webhook_endpoint',
  'file',
  'integration',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** At most this many rows per kind (spec, rule 2). */
export const PER_KIND = 8;

export type SearchScope = {
  companyId: string;
  userId: string;
  /** The folded query, for exact and prefix comparisons. */
  folded: string;
  /** LIKE patterns on the folded name: anywhere, at the start, at the start of a word. */
  contains: string;
  startsWith: string;
  wordStart: string;
};

/**
 * One kind's search: an SQL query returning, for up to PER_KIND matches in the caller's scope,
 * the columns kind, id, label, context, status, updated_at, agent_id, project_id, archived and
 * match (0 exact, 1 prefix, 2 word start, 3 anywhere), best first.
 */
export type SearchProvider = { kind: SearchKind; query: (scope: SearchScope) => SQL };

const providers = new Map<SearchKind, SearchProvider>();

/** Features register their kinds here (see providers.ts). */
export function registerSearchProvider(provider: SearchProvider) {
  providers.set(provider.kind, provider);
}

export function searchProviders(): SearchProvider[] {
  return [...providers.values()];
}

/** How well a folded name matches: the `match` column every provider orders by. */
export function matchRank(key: SQL, scope: SearchScope): SQL<number> {
  return sql<number>`case
    when ${key} = ${scope.folded} then 0
    when ${key} like ${scope.startsWith} escape '\\' then 1
    when ${key} like ${scope.wordStart} escape '\\' then 2
    else 3 end`;
}
