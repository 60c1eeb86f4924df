/**
 * What agents' work on a card has cost: the ledger's consumption rows linked to the card, per agent
 * (`GET /projects/{projectId}/cards/{cardId}/credits`). As visible as the card itself.
 */
import type { OpenAPIHono } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { agents, creditTransactions } from '../../db/schema.ts';
import { requireCompany } from '../../policies/index.ts';
import type { AppContext, AppEnv, Principal } from '../../types.ts';
import { findCard, findProject } from '../../policies/records.ts';
import { type CardCredits, getCardCreditsRoute } from './card-credits-routes.ts';

export async function getCardCredits(
  ctx: AppContext,
  principal: Principal,
  projectId: string,
  cardId: string,
): Promise<CardCredits> {
  const company = requireCompany(principal);
  await findProject(ctx.db, company.id, projectId);
  await findCard(ctx.db, projectId, cardId);
  const spent = sql<string>`-sum(${creditTransactions.amount})`;
  const found = await ctx.db
    .select({ agentId: creditTransactions.agentId, name: agents.name, credits: spent })
    .from(creditTransactions)
    .leftJoin(agents, eq(agents.id, creditTransactions.agentId))
    .where(
      and(
        eq(creditTransactions.cardId, cardId),
        eq(creditTransactions.companyId, company.id),
        eq(creditTransactions.type, 'consumption'),
      ),
    )
    .groupBy(creditTransactions.agentId, agents.name);
  const byAgent = found
    .filter((row) => row.agentId !== null)
    .map((row) => ({ agentId: row.agentId!, name: row.name ?? 'Former agent', credits: Number(row.credits) }))
    .sort((a, b) => b.credits - a.credits || a.name.localeCompare(b.name));
  return { cardId, total: byAgent.reduce((sum, row) => sum + row.credits, 0), byAgent };
}

export function registerCardCreditRoutes(app: OpenAPIHono<AppEnv>) {
  app.openapi(getCardCreditsRoute, async (c) => {
    const { projectId, cardId } = c.req.valid('param');
    return c.json(await getCardCredits(c.get('ctx'), c.get('principal'), projectId, cardId), 200);
  });
}
