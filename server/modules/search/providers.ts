import { sql } from 'drizzle-orm';
import { agents, boardColumns, cards, projects, teams, users } from '../../db/schema.ts';
import { matchRank, PER_KIND, registerSearchProvider, type SearchScope } from './registry.ts';

// The kinds whose data exists today. Each query stays within what the caller can already list
// (spec, rule 3) and uses the trigram index on the folded name.

const matches = (key: unknown, scope: SearchScope) => sql`${key} like ${scope.contains} escape '\\'`;

registerSearchProvider({
  kind: 'agent',
  // Completed agents are included, flagged archived.
  query: (scope) => sql`
    select 'agent' as kind, a.id, a.name as label,
      concat_ws(' · ', nullif(a.role, ''), t.name) as context,
      a.status::text as status, a.updated_at, a.id as agent_id, null::uuid as project_id,
      a.status = 'completed' as archived, ${matchRank(sql`a.search_key`, scope)} as match
    from ${agents} a left join ${teams} t on t.id = a.team_id
    where a.company_id = ${scope.companyId} and ${matches(sql`a.search_key`, scope)}
    order by match, a.updated_at desc limit ${PER_KIND}`,
});

registerSearchProvider({
  kind: 'team',
  query: (scope) => sql`
    select 'team' as kind, t.id, t.name as label,
      concat('Team · ', (select count(*) from ${users} u where u.team_id = t.id)
        + (select count(*) from ${agents} a where a.team_id = t.id), ' members') as context,
      'active' as status, t.updated_at, null::uuid as agent_id, null::uuid as project_id,
      false as archived, ${matchRank(sql`t.search_key`, scope)} as match
    from ${teams} t
    where t.company_id = ${scope.companyId} and ${matches(sql`t.search_key`, scope)}
    order by match, t.updated_at desc limit ${PER_KIND}`,
});

registerSearchProvider({
  kind: 'person',
  query: (scope) => sql`
    select 'person' as kind, u.id, u.name as label,
      concat_ws(' · ', nullif(u.title, ''), t.name) as context,
      'active' as status, u.updated_at, null::uuid as agent_id, null::uuid as project_id,
      false as archived, ${matchRank(sql`u.search_key`, scope)} as match
    from ${users} u left join ${teams} t on t.id = u.team_id
    where u.company_id = ${scope.companyId} and ${matches(sql`u.search_key`, scope)}
    order by match, u.updated_at desc limit ${PER_KIND}`,
});

registerSearchProvider({
  kind: 'project',
  // Archived projects are included, flagged.
  query: (scope) => sql`
    select 'project' as kind, p.id, p.name as label,
      coalesce(nullif(p.description, ''), 'Project') as context,
      case when p.archived_at is null then 'active' else 'archived' end as status, p.updated_at,
      null::uuid as agent_id, p.id as project_id, p.archived_at is not null as archived,
      ${matchRank(sql`p.search_key`, scope)} as match
    from ${projects} p
    where p.company_id = ${scope.companyId} and ${matches(sql`p.search_key`, scope)}
    order by match, p.updated_at desc limit ${PER_KIND}`,
});

registerSearchProvider({
  kind: 'card',
  // Only live cards (spec, rule 3: non-archived cards), with their project and column as context.
  query: (scope) => sql`
    select 'card' as kind, c.id, c.title as label, concat(p.name, ' · ', col.name) as context,
      case when c.blocked is not null then 'blocked' else 'open' end as status, c.updated_at,
      null::uuid as agent_id, c.project_id, false as archived,
      ${matchRank(sql`c.search_key`, scope)} as match
    from ${cards} c
    join ${projects} p on p.id = c.project_id
    join ${boardColumns} col on col.id = c.column_id
    where p.company_id = ${scope.companyId} and c.archived_at is null and ${matches(sql`c.search_key`, scope)}
    order by match, c.updated_at desc limit ${PER_KIND}`,
});
