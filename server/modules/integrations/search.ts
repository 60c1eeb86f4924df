import { sql } from 'drizzle-orm';
import { integrationConnections } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/**
 * Integration connections in search (spec, rule 3): the company's and the caller's own personal
 * ones, by display name, with the provider as context; disconnected ones are left out. Agent
 * tokens, which cannot list connections, find none.
 */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'integration',
    columns: sql`'integration' as kind, c.id, c.display_name as label, c.provider_key as context,
      case when c.status = 'active' and c.expires_at <= now() then 'expired' else c.status::text end as status,
      c.updated_at, null::uuid as agent_id, null::uuid as project_id, false as archived`,
    source: sql`${integrationConnections} c`,
    // Agent tokens cannot list connections, so they find none.
    where: (scope) =>
      scope.agentId
        ? sql`false`
        : sql`c.company_id = ${scope.companyId} and c.status <> 'revoked'
            and (c.owner_user_id is null or c.owner_user_id = ${scope.userId})`,
    id: sql`c.id`,
    key: sql`c.search_key`,
    updatedAt: sql`c.updated_at`,
    from: sql`${integrationConnections} c`,
  },
];
