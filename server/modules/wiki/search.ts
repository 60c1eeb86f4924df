import { sql } from 'drizzle-orm';
import { projects, wikiPages } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/** The live wiki pages of the company's projects in search, by title, with their project as context. */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'wiki_page',
    // Thousands per company (a project may hold a thousand pages): searched in steps, as cards are.
    many: true,
    columns: sql`'wiki_page' as kind, w.id, w.title as label, p.name as context, 'active' as status, w.updated_at,
    null::uuid as agent_id, w.project_id, false as archived`,
    source: sql`${wikiPages} w`,
    where: (scope) =>
      sql`w.archived_at is null and w.project_id in (select id from ${projects} where company_id = ${scope.companyId})`,
    id: sql`w.id`,
    key: sql`w.search_key`,
    updatedAt: sql`w.updated_at`,
    from: sql`${wikiPages} w join ${projects} p on p.id = w.project_id`,
  },
];
