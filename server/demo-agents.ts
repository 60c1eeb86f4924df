import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { agents, agentTokens, companies } from './db/schema.ts';
import { mintAgentToken } from './modules/agents/index.ts';
import { DEMO_COMPANY } from './db/seed/demo.ts';

/** The name of the tokens `npm start` mints for the demo agents it runs (revoked and re-minted on each start). */
export const DEMO_RUNNER_TOKEN = 'Demo runner (npm start)';

/**
 * Fresh tokens for the demo company's active agents, for the reference runner `npm start` runs in
 * process (runner/). The previous start's tokens are revoked first, so they do not pile up and a
 * secret printed nowhere stays usable for one run only.
 */
export async function demoAgentTokens(db: Database): Promise<{ agentId: string; name: string; secret: string }[]> {
  return db.transaction(async (tx) => {
    const found = await tx
      .select({ id: agents.id, name: agents.name })
      .from(agents)
      .innerJoin(companies, eq(companies.id, agents.companyId))
      .where(and(eq(companies.name, DEMO_COMPANY), eq(agents.status, 'active')))
      .orderBy(agents.name);
    if (found.length === 0) return [];
    await tx
      .update(agentTokens)
      .set({ revokedAt: new Date() })
      .where(
        and(
          inArray(
            agentTokens.agentId,
            found.map((agent) => agent.id),
          ),
          eq(agentTokens.name, DEMO_RUNNER_TOKEN),
          isNull(agentTokens.revokedAt),
        ),
      );
    const minted = [];
    for (const agent of found) {
      const token = await mintAgentToken(tx, agent.id, { name: DEMO_RUNNER_TOKEN }, null);
      minted.push({ agentId: agent.id, name: agent.name, secret: token.secret });
    }
    return minted;
  });
}
