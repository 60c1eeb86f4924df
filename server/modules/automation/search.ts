import { sql } from 'drizzle-orm';
import { agents, cronJobs } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/**
 * The company agents' schedules in search, by name, with the agent as context and `enabled` or
 * `disabled` as status: every member lists them (`GET /agents/{agentId}/cron-jobs`); an agent
 * token finds its own agent's only.
 */
export const cronSearchProviders: SearchProvider[] = [
  {
    kind: 'cron_job',
    columns: sql`'cron_job' as kind, j.id, j.name as label, a.name as context,
      case when j.enabled then 'enabled' else 'disabled' end as status, j.updated_at, j.agent_id,
      null::uuid as project_id, false as archived`,
    source: sql`${cronJobs} j`,
    where: (scope) =>
      scope.agentId
        ? sql`j.company_id = ${scope.companyId} and j.agent_id = ${scope.agentId}`
        : sql`j.company_id = ${scope.companyId}`,
    id: sql`j.id`,
    key: sql`j.search_key`,
    updatedAt: sql`j.updated_at`,
    from: sql`${cronJobs} j join ${agents} a on a.id = j.agent_id`,
  },
];
