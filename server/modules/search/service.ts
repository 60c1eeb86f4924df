import { sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { invalidField } from '../../http/errors.ts';
import { fold, likeLiteral } from '../../lib/fold.ts';
import { requireCompany } from '../../policies/index.ts';
import { kindQuery, type SearchKind, type SearchScope } from './provider.ts';
import { searchProviders } from './providers.ts';

type Row = {
  kind: SearchKind;
  id: string;
  label: string;
  context: string;
  status: string;
  updated_at: Date | string;
  agent_id: string | null;
  project_id: string | null;
  archived: boolean;
  match: number;
};

export type SearchResult = {
  kind: SearchKind;
  id: string;
  label: string;
  context: string;
  status: string;
  updatedAt: string;
  agentId?: string;
  projectId?: string;
  archived?: boolean;
};

/**
 * Global search (spec, GET /search): the folded query matched as a substring of each kind's
 * folded name; at most 8 rows per kind, best first (exact, prefix, word start, anywhere; then
 * most recently changed), then `limit` overall. All kinds run in one round trip.
 */
export async function search(
  ctx: AppContext,
  principal: Principal,
  text: string,
  limit: number,
): Promise<SearchResult[]> {
  const company = requireCompany(principal);
  const folded = fold(text.trim());
  // Only accents (combining marks) fold to nothing, which would match every name.
  if (!folded.trim()) throw invalidField('q', 'has nothing to search for once accents are removed', 'query');
  const literal = likeLiteral(folded);
  const scope: SearchScope = {
    companyId: company.id,
    userId: principal.user.id,
    ...(principal.agent ? { agentId: principal.agent.id } : {}),
    folded,
    contains: `%${literal}%`,
    startsWith: `${literal}%`,
    wordStart: `% ${literal}%`,
  };
  const providers = searchProviders();
  const order = sql.raw(
    `case kind ${providers.map((provider, index) => `when '${provider.kind}' then ${index}`).join(' ')} end`,
  );
  const result = await ctx.db.execute<Row>(sql`
    select * from (${sql.join(
      providers.map((provider) => sql`(${kindQuery(provider, scope)})`),
      sql` union all `,
    )}) found
    order by match, ${order}, updated_at desc
    limit ${limit}`);
  return rows<Row>(result).map((row) => ({
    kind: row.kind,
    id: row.id,
    label: row.label,
    context: row.context,
    status: row.status,
    updatedAt: new Date(row.updated_at).toISOString(),
    ...(row.agent_id ? { agentId: row.agent_id } : {}),
    ...(row.project_id ? { projectId: row.project_id } : {}),
    ...(row.kind === 'agent' || row.kind === 'project' ? { archived: row.archived } : {}),
  }));
}
