import { sql } from 'drizzle-orm';
import { agents, teams, users } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/** The company's agents, teams and people in search, within what `GET /company/members` and `/company/teams` list. */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'agent',
    // Completed agents are included, flagged archived.
    columns: sql`'agent' as kind, a.id, a.name as label, concat_ws(' · ', nullif(a.role, ''), t.name) as context,
    a.status::text as status, a.updated_at, a.id as agent_id, null::uuid as project_id, a.status = 'completed' as archived`,
    source: sql`${agents} a`,
    where: (scope) => sql`a.company_id = ${scope.companyId}`,
    id: sql`a.id`,
    key: sql`a.search_key`,
    updatedAt: sql`a.updated_at`,
    from: sql`${agents} a left join ${teams} t on t.id = a.team_id`,
  },
  {
    kind: 'team',
    columns: sql`'team' as kind, t.id, t.name as label,
    concat('Team · ', (select count(*) from ${users} u where u.team_id = t.id)
      + (select count(*) from ${agents} a where a.team_id = t.id), ' members') as context,
    'active' as status, t.updated_at, null::uuid as agent_id, null::uuid as project_id, false as archived`,
    source: sql`${teams} t`,
    where: (scope) => sql`t.company_id = ${scope.companyId}`,
    id: sql`t.id`,
    key: sql`t.search_key`,
    updatedAt: sql`t.updated_at`,
    from: sql`${teams} t`,
  },
  {
    kind: 'person',
    columns: sql`'person' as kind, u.id, u.name as label, concat_ws(' · ', nullif(u.title, ''), t.name) as context,
    'active' as status, u.updated_at, null::uuid as agent_id, null::uuid as project_id, false as archived`,
    source: sql`${users} u`,
    where: (scope) => sql`u.company_id = ${scope.companyId}`,
    id: sql`u.id`,
    key: sql`u.search_key`,
    updatedAt: sql`u.updated_at`,
    from: sql`${users} u left join ${teams} t on t.id = u.team_id`,
  },
];
