import { sql } from 'drizzle-orm';
import { agents, agentSessions } from '../../db/schema.ts';
import type { SearchProvider } from '../search/index.ts';

/**
 * The caller's OWN sessions with agents in search (spec, rule 3), by title, with the agent as
 * context: a person's are those they opened or delegated, an agent's those it works in.
 */
export const searchProviders: SearchProvider[] = [
  {
    kind: 'session',
    columns: sql`'session' as kind, s.id, s.title as label, a.name as context, s.status::text as status,
      s.last_message_at as updated_at, s.agent_id, s.project_id, false as archived`,
    source: sql`${agentSessions} s`,
    where: (scope) =>
      scope.agentId
        ? sql`s.company_id = ${scope.companyId} and s.agent_id = ${scope.agentId}`
        : sql`s.company_id = ${scope.companyId} and s.user_id = ${scope.userId}`,
    id: sql`s.id`,
    key: sql`s.search_key`,
    updatedAt: sql`s.last_message_at`,
    from: sql`${agentSessions} s join ${agents} a on a.id = s.agent_id`,
  },
];
