import { sql } from 'drizzle-orm';
import { agents, webhookEndpoints } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/**
 * Agents' webhook endpoints in search, by name, with the agent as context: every member may list
 * them (`GET /agents/{agentId}/webhook-endpoints`); revoked ones are left out. An agent token finds
 * its own agent's only, as it lists them.
 */
export const webhookSearchProviders: SearchProvider[] = [
  {
    kind: 'webhook_endpoint',
    columns: sql`'webhook_endpoint' as kind, w.id, w.name as label, a.name as context, w.status::text as status,
      w.updated_at, w.agent_id, null::uuid as project_id, false as archived`,
    source: sql`${webhookEndpoints} w`,
    where: (scope) =>
      sql`w.company_id = ${scope.companyId} and w.status = 'active' ${
        scope.agentId ? sql`and w.agent_id = ${scope.agentId}` : sql``
      }`,
    id: sql`w.id`,
    key: sql`w.search_key`,
    updatedAt: sql`w.updated_at`,
    from: sql`${webhookEndpoints} w join ${agents} a on a.id = w.agent_id`,
  },
];
