import { sql } from 'drizzle-orm';
import { boardColumns, cards, projects } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/** The live cards of the company's projects in search, with their project and column as context. */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'card',
    // Tens of thousands per company: searched in steps (see kindQuery in server/modules/search).
    many: true,
    // Only live cards (spec, rule 3: non-archived cards).
    columns: sql`'card' as kind, c.id, c.title as label, concat(p.name, ' · ', col.name) as context,
    case when c.blocked is not null then 'blocked' else 'open' end as status, c.updated_at,
    null::uuid as agent_id, c.project_id, false as archived`,
    source: sql`${cards} c`,
    where: (scope) =>
      sql`c.archived_at is null and c.project_id in (select id from ${projects} where company_id = ${scope.companyId})`,
    id: sql`c.id`,
    key: sql`c.search_key`,
    updatedAt: sql`c.updated_at`,
    from: sql`${cards} c join ${projects} p on p.id = c.project_id join ${boardColumns} col on col.id = c.column_id`,
  },
];
