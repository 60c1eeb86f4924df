import { sql } from 'drizzle-orm';
import { agents, boardColumns, cards, projects, teams, users } from '../../db/schema.ts';
import { registerSearchProvider } from './registry.ts';

// The kinds whose data exists today, each within what the caller can already list (spec,
// rule 3). Later features (wiki pages, sessions, files, …) register theirs the same way.

registerSearchProvider({
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
});

registerSearchProvider({
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
});

registerSearchProvider({
  kind: 'person',
  columns: sql`'person' as kind, u.id, u.name as label, concat_ws(' · ', nullif(u.title, ''), t.name) as context,
    'active' as status, u.updated_at, null::uuid as agent_id, null::uuid as project_id, false as archived`,
  source: sql`${users} u`,
  where: (scope) => sql`u.company_id = ${scope.companyId}`,
  id: sql`u.id`,
  key: sql`u.search_key`,
  updatedAt: sql`u.updated_at`,
  from: sql`${users} u left join ${teams} t on t.id = u.team_id`,
});

registerSearchProvider({
  kind: 'project',
  // Archived projects are included, flagged.
  columns: sql`'project' as kind, p.id, p.name as label, coalesce(nullif(p.description, ''), 'Project') as context,
    case when p.archived_at is null then 'active' else 'archived' end as status, p.updated_at,
    null::uuid as agent_id, p.id as project_id, p.archived_at is not null as archived`,
  source: sql`${projects} p`,
  where: (scope) => sql`p.company_id = ${scope.companyId}`,
  id: sql`p.id`,
  key: sql`p.search_key`,
  updatedAt: sql`p.updated_at`,
  from: sql`${projects} p`,
});

registerSearchProvider({
  kind: 'card',
  many: true,
  // Only live cards (spec, rule 3: non-archived cards), with their project and column as context.
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
});
