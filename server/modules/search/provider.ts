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
  /** Set when an agent token searches: the agent (its own sessions, no drive). */
  agentId?: string;
  /** The folded query, for exact and prefix comparisons. */
  folded: string;
  /** LIKE patterns on the folded name: anywhere, at the start, at the start of a word. */
  contains: string;
  startsWith: string;
  wordStart: string;
};

/**
 * One kind's search, as the parts of a query over what the caller may see (spec, rule 3). The
 * module that owns a kind's data writes its provider and exports it in its `searchProviders`
 * (from its index.ts); server/search-providers.ts lists them all.
 * Candidates come from `source` (the kind's own table, aliased) filtered by `where`: `id`, `key`
 * (the folded name, indexed with pg_trgm) and `updatedAt` (the recency that breaks ties) are
 * expressions on it. The best rows are then shown through `from` (`source` joined to whatever
 * gives context), whose `columns` select kind, id, label, context, status, updated_at, agent_id,
 * project_id and archived. `many`: the kind can hold tens of thousands of names per company
 * (cards), so its search runs in steps (see kindQuery).
 */
export type SearchProvider = {
  kind: SearchKind;
  many?: boolean;
  source: SQL;
  where: (scope: SearchScope) => SQL;
  id: SQL;
  key: SQL;
  updatedAt: SQL;
  from: SQL;
  columns: SQL;
};

/**
 * A kind's best PER_KIND matches: exact, then prefix, then word start, then anywhere; ties by
 * recency.
 *
 * A kind with few names does it in one pass over the trigram index's candidates. For a kind with
 * `many`, each class is its own step, newest first and cut at PER_KIND, and a step runs only while
 * the better ones found fewer than PER_KIND: a common word (thousands of names) then costs a walk
 * over the newest names until enough match, a rare one a trigram lookup, and one or two letters
 * (too short for trigrams) do not scan every name when enough names have a word starting with
 * them. Steps cost planning time (each pattern is costed against the trigram index), which is why
 * small kinds do not use them.
 */
export function kindQuery(provider: SearchProvider, scope: SearchScope): SQL {
  const { source, id, key, updatedAt, from, columns } = provider;
  const like = (pattern: string) => sql`${key} like ${pattern} ${sql.raw(`escape '\\'`)}`;
  if (!provider.many) {
    const match = sql`case when ${key} = ${scope.folded} then 0 when ${like(scope.startsWith)} then 1
      when ${like(scope.wordStart)} then 2 else 3 end`;
    return sql`select ${columns}, ${match} as match from ${from}
      where ${provider.where(scope)} and ${like(scope.contains)}
      order by match, ${updatedAt} desc limit ${PER_KIND}`;
  }
  const step = (match: SQL, condition: SQL, order: SQL) =>
    sql`select ${id} as id, ${updatedAt} as updated_at, ${match} as match from ${source}
      where ${provider.where(scope)} and ${condition} order by ${order} limit ${PER_KIND}`;
  const fewer = (...steps: string[]) =>
    sql.raw(`${steps.map((name) => `(select count(*) from ${name})`).join(' + ')} < ${PER_KIND}`);
  const recent = sql`${updatedAt} desc`;
  const exact = step(sql`0`, sql`${key} = ${scope.folded}`, recent);
  const prefix = step(
    sql`1`,
    sql`${fewer('exact')} and ${like(scope.startsWith)} and ${key} <> ${scope.folded}`,
    recent,
  );
  const worded = step(
    sql`2`,
    sql`${fewer('exact', 'prefix')} and ${like(scope.wordStart)} and not ${like(scope.startsWith)}`,
    recent,
  );
  const inside = step(
    sql`3`,
    sql`${fewer('exact', 'prefix', 'worded')} and ${like(scope.contains)}
      and not ${like(scope.startsWith)} and not ${like(scope.wordStart)}`,
    recent,
  );
  return sql`with exact as (${exact}), prefix as (${prefix}), worded as (${worded}), inside as (${inside}),
    best as (select * from exact union all select * from prefix union all select * from worded union all select * from inside)
    select ${columns}, best.match from best join ${from} on ${id} = best.id
    order by best.match, best.updated_at desc limit ${PER_KIND}`;
}
