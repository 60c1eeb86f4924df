/** People's thumbs up or down on an agent's replies, one per person per reply. */
import { and, eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { agentMessageFeedback, agentMessages, agentSessions } from '../../db/schema.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';

async function feedbackTarget(tx: Executor, principal: Principal, agentId: string, messageId: string) {
  const company = requireCompany(principal);
  const [row] = await tx
    .select({ message: agentMessages, session: agentSessions })
    .from(agentMessages)
    .innerJoin(agentSessions, eq(agentSessions.id, agentMessages.sessionId))
    .where(
      and(eq(agentMessages.id, messageId), eq(agentSessions.agentId, agentId), eq(agentSessions.companyId, company.id)),
    );
  // A message of a session the caller cannot see does not exist for them.
  if (!row || !(row.session.userId === principal.user.id || row.session.cardId !== null)) {
    throw notFound('Message not found');
  }
  return row;
}

/** The caller's thumbs up or down on an agent reply: one per person per reply, a new one replaces it. */
export async function setFeedback(
  ctx: AppContext,
  principal: Principal,
  agentId: string,
  messageId: string,
  input: { rating: 'up' | 'down'; comment?: string | null },
) {
  const { message } = await feedbackTarget(ctx.db, principal, agentId, messageId);
  if (message.role !== 'agent') throw invalidField('messageId', 'feedback is for the agent’s replies', 'path');
  const comment = input.comment?.trim() ? input.comment.trim() : null;
  await ctx.db
    .insert(agentMessageFeedback)
    .values({ messageId, userId: principal.user.id, agentId, rating: input.rating, comment })
    .onConflictDoUpdate({
      target: [agentMessageFeedback.messageId, agentMessageFeedback.userId],
      set: { rating: input.rating, comment, updatedAt: new Date() },
    });
  return { rating: input.rating, comment };
}

/** Removes the caller's feedback from a reply; `{ok: true}` whether or not there was any (spec). */
export async function deleteFeedback(ctx: AppContext, principal: Principal, agentId: string, messageId: string) {
  await feedbackTarget(ctx.db, principal, agentId, messageId);
  await ctx.db
    .delete(agentMessageFeedback)
    .where(and(eq(agentMessageFeedback.messageId, messageId), eq(agentMessageFeedback.userId, principal.user.id)));
  return { ok: true };
}
