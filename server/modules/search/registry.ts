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
 * One kind's search, as the parts of a query over what the caller may see (spec, rule 3):
 * `columns` select kind, id, label, context, status, updated_at, agent_id, project_id and
 * archived; `from` and `where` give the rows in scope; `key` is the folded name (indexed with
 * pg_trgm) and `updatedAt` the recency that breaks ties.
 */
export type SearchProvider = {
  kind: SearchKind;
  columns: SQL;
  from: SQL;
  where: (scope: SearchScope) => SQL;
  key: SQL;
  updatedAt: SQL;
};

const providers = new Map<SearchKind, SearchProvider>();

/** Features register their kinds here (see providers.ts). */
export function registerSearchProvider(provider: SearchProvider) {
  providers.set(provider.kind, provider);
}

export function searchProviders(): SearchProvider[] {
  return [...providers.values()];
}

/**
 * A kind's best PER_KIND matches: exact, then prefix, then word start, then anywhere; ties by
 * recency. One pass over the trigram index's candidates (measured faster on the embedded
 * database than a query per class).
 */
export function kindQuery(provider: SearchProvider, scope: SearchScope): SQL {
  const { columns, from, key, updatedAt } = provider;
  const likeEscape = sql.raw(`escape '\\'`);
  const match = sql`case
    when ${key} = ${scope.folded} then 0
    when ${key} like ${scope.startsWith} ${likeEscape} then 1
    when ${key} like ${scope.wordStart} ${likeEscape} then 2
    else 3 end`;
  return sql`select ${columns}, ${match} as match from ${from}
    where ${provider.where(scope)} and ${key} like ${scope.contains} ${likeEscape}
    order by match, ${updatedAt} desc limit ${PER_KIND}`;
}
