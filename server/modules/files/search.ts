import { sql } from 'drizzle-orm';
import { fileNodes } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/**
 * The drive's folders and completed files in search, by name, with their folder as context
 * (spec: "the caller's own file library" is the drive of the caller's company; uploads in
 * progress and the trash are not searched).
 */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'file',
    many: true,
    columns: sql`'file' as kind, f.id, f.name as label, coalesce(parent.name, 'Files') as context,
      f.type::text as status, f.updated_at, f.agent_tag as agent_id, null::uuid as project_id, false as archived`,
    source: sql`${fileNodes} f`,
    // An agent reaches only the files granted to it (`GET /agents/{agentId}/file-grants`), not the drive.
    where: (scope) =>
      scope.agentId
        ? sql`false`
        : sql`f.company_id = ${scope.companyId} and f.status = 'ready' and f.trashed_at is null`,
    id: sql`f.id`,
    key: sql`f.search_key`,
    updatedAt: sql`f.updated_at`,
    from: sql`${fileNodes} f left join ${fileNodes} parent on parent.id = f.parent_id`,
  },
];
