import { sql } from 'drizzle-orm';
import { projects } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/** The company's projects in search, archived ones included and flagged, as `GET /projects` lists them. */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'project',
    columns: sql`'project' as kind, p.id, p.name as label, coalesce(nullif(p.description, ''), 'Project') as context,
    case when p.archived_at is null then 'active' else 'archived' end as status, p.updated_at,
    null::uuid as agent_id, p.id as project_id, p.archived_at is not null as archived`,
    source: sql`${projects} p`,
    where: (scope) => sql`p.company_id = ${scope.companyId}`,
    id: sql`p.id`,
    key: sql`p.search_key`,
    updatedAt: sql`p.updated_at`,
    from: sql`${projects} p`,
  },
];
