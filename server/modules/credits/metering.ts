/**
 * Agent work in credits, as the modules that do the work call it (the ledger's writer is
 * `chargeAgentWork` in ledger.ts). Every write an agent token may make is charged first thing in
 * its own transaction — `reply` price for an agent's reply in a chat (`postAgentMessage`), `write`
 * price for every other write — except `updateAgentMessage`, which continues a reply already paid
 * for. `metering.test.ts` holds the list: an operation opened to agents without a decision there
 * fails it.
 *
 * A consumption row names what the work was part of: the session for the session operations, and
 * for card work (`updateCard`, `moveCard`, `createCardComment`) the card and the agent's open
 * delegation session on it (`working` or `open`), if it has one.
 */
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { agentSessions, creditTransactions } from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import { ErrorEnvelope } from '../../http/errors.ts';
import { jsonResponse } from '../../http/route.ts';
import type { AppContext } from '../../types.ts';
import { type AgentWork, chargeAgentWork, DEFAULT_CREDIT_PRICES } from './ledger.ts';

/** What a route's description says about its price (the defaults; the prices are configuration). */
export function agentCostNote(kind: AgentWork['kind']): string {
  const price = DEFAULT_CREDIT_PRICES[kind];
  const setting = kind === 'reply' ? 'CREDITS_PER_AGENT_REPLY' : 'CREDITS_PER_AGENT_WRITE';
  return `Costs ${price} credit${price === 1 ? '' : 's'} when an agent calls it (\`${setting}\`; 402 \`CREDITS_EXHAUSTED\` without them, and nothing is written).`;
}

/** The 402 entry of a metered route's responses. */
export const creditsExhaustedResponse = {
  402: jsonResponse(
    ErrorEnvelope,
    'An agent’s company has run out of credits (`CREDITS_EXHAUSTED`); nothing was written',
  ),
};

/**
 * The agent's open delegation session on a card (newest first), if any: a scalar subquery, so the
 * charge finds it in its own statement (each statement costs about a millisecond on the embedded
 * database, and this sits on every agent write to a card).
 */
const delegationSession = (agentId: string, cardId: string): SQL => sql`(
  select ${agentSessions.id} from ${agentSessions}
  where ${agentSessions.agentId} = ${agentId} and ${agentSessions.cardId} = ${cardId}
    and ${agentSessions.status} in ('working', 'open')
  order by ${agentSessions.createdAt} desc limit 1)`;

/**
 * Charges an agent's write on a card (`write` price), linked to the card and to the agent's open
 * delegation session on it. A no-op for people. Call it first in the write's transaction.
 */
export async function chargeCardWork(
  ctx: Pick<AppContext, 'config'>,
  tx: Executor,
  actor: Actor,
  operation: string,
  cardId: string,
): Promise<void> {
  const { agent } = actor.principal;
  if (!agent) return;
  await chargeAgentWork(ctx, tx, actor, {
    operation,
    kind: 'write',
    sessionId: delegationSession(agent.id, cardId),
    cardId,
  });
}

/**
 * For a write that has no transaction of its own: a person's runs as it is (on `ctx.db`); an
 * agent's runs in one transaction that charges first, so a refusal comes before any work and a
 * failure of the work takes the charge back. `run` gets the executor to use (the transaction for an
 * agent; nested transactions inside it become savepoints).
 */
export async function withAgentCharge<T>(
  ctx: AppContext,
  actor: Actor,
  work: AgentWork,
  run: (db: AppContext['db']) => Promise<T>,
): Promise<T> {
  if (!actor.principal.agent) return run(ctx.db);
  return ctx.db.transaction(async (tx) => {
    await chargeAgentWork(ctx, tx, actor, work);
    return run(tx as unknown as AppContext['db']);
  });
}

/** Credits spent on each of these sessions (absent: none), in one grouped query. */
export async function creditsSpentBySession(db: Executor, sessionIds: string[]): Promise<Map<string, number>> {
  if (sessionIds.length === 0) return new Map();
  const found = await db
    .select({
      sessionId: creditTransactions.agentSessionId,
      spent: sql<string>`-sum(${creditTransactions.amount})`,
    })
    .from(creditTransactions)
    .where(and(inArray(creditTransactions.agentSessionId, sessionIds), eq(creditTransactions.type, 'consumption')))
    .groupBy(creditTransactions.agentSessionId);
  return new Map(found.map((row) => [row.sessionId!, Number(row.spent)]));
}
