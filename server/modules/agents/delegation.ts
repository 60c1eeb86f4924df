/**
 * Work handed to agents, as reactions to the work of other modules (server/events/reactions.ts;
 * listed in server/reactions.ts), in its cause's transaction: a card given to an agent opens a
 * session for it and taken back ends it (`cardAssigneeChanged`); a comment that mentions an agent
 * is handed to it (`commentWritten`). And a board's delegations, listed.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { rows } from '../../db/rows.ts';
import { agentMessages, agents, agentSessions, cards, users } from '../../db/schema.ts';
import type { Reaction } from '../../events/reactions.ts';
import { recordEvent } from '../../events/record.ts';
import { requireCompany } from '../../policies/index.ts';
import { findProject } from '../../policies/records.ts';
import { findAgent } from './service.ts';
import {
  agentUnavailable,
  endSession,
  recordMessage,
  recordSession,
  type SessionRow,
  titleFrom,
} from './session-records.ts';

/**
 * A card's assignee changed (the `cardAssigneeChanged` reaction, in the card's own transaction).
 * Taking it from an agent ends that agent's session on it (`unassigned`); giving it to an agent —
 * which must be active, 409 `AGENT_UNAVAILABLE` otherwise, and the card's change is refused with
 * it — opens a session for the card whose person is the one who delegated it (they stay
 * accountable), with a first message naming the card, and hands the agent the work. An agent
 * assigning a card to another agent opens none: a session needs a person.
 */
export const delegateCard: Reaction<'cardAssigneeChanged'> = async (tx, actor, { card, before, after }) => {
  const company = requireCompany(actor.principal);
  if (before?.kind === 'agent') {
    const open = await tx
      .select()
      .from(agentSessions)
      .where(
        and(
          eq(agentSessions.cardId, card.id),
          eq(agentSessions.agentId, before.id),
          inArray(agentSessions.status, ['working', 'open']),
        ),
      )
      .for('update');
    const by = actor.principal.user.name;
    for (const session of open) await endSession(tx, actor, session, 'unassigned', `${by} took the card back.`);
  }
  if (after?.kind !== 'agent') return;
  const agent = await findAgent(tx, company.id, after.id);
  if (agent.status !== 'active') throw agentUnavailable(agent);
  if (actor.principal.agent) return;
  const [session] = await tx
    .insert(agentSessions)
    .values({
      companyId: company.id,
      agentId: agent.id,
      userId: actor.principal.user.id,
      title: titleFrom(card.title),
      status: 'working',
      projectId: card.projectId,
      cardId: card.id,
    })
    .returning();
  const [message] = await tx
    .insert(agentMessages)
    .values({
      sessionId: session!.id,
      role: 'user',
      authorUserId: actor.principal.user.id,
      text: `Work on “${card.title}”.`,
      status: 'complete',
    })
    .returning();
  await recordSession(tx, actor, session!);
  await recordMessage(tx, actor, 'agent.message.created', session!, message!);
  await recordEvent(
    tx,
    actor,
    'agent.card.delegated',
    { agentId: agent.id, sessionId: session!.id, projectId: card.projectId, cardId: card.id },
    { agentId: agent.id },
  );
};

/**
 * A comment in a card or wiki thread that mentions agents (`@[Name](agent:<id>)`) hands it to each
 * that is active and was not mentioned before (a new comment: all of them; an edit: those not in
 * the old text), as `agent.mentioned` on the agent's stream, never to the writing agent itself. A
 * paused or completed agent is still a valid mention, but is handed nothing.
 */
export const handCommentToAgents: Reaction<'commentWritten'> = async (tx, actor, input) => {
  const { subject, comment, mentions } = input;
  const known = new Set((input.before ?? []).filter((m) => m.kind === 'agent').map((m) => m.id));
  const newAgents = mentions
    .filter((mention) => mention.kind === 'agent' && !known.has(mention.id))
    .map((mention) => mention.id)
    .filter((id) => id !== actor.principal.agent?.id);
  if (newAgents.length === 0) return;
  const active = await tx
    .select({ id: agents.id })
    .from(agents)
    .where(and(eq(agents.companyId, subject.companyId), inArray(agents.id, newAgents), eq(agents.status, 'active')));
  const activeIds = new Set(active.map((row) => row.id));
  const threadId = comment.parentId ?? comment.id;
  for (const agentId of newAgents) {
    if (!activeIds.has(agentId)) continue;
    await recordEvent(
      tx,
      actor,
      'agent.mentioned',
      {
        agentId,
        projectId: subject.projectId,
        ...(subject.kind === 'card' ? { cardId: subject.cardId } : { pageId: subject.pageId }),
        comment,
        threadId,
      },
      { agentId },
    );
  }
};

/** The latest session of each card of a board that is delegated to an agent now. */
export async function listDelegations(ctx: AppContext, principal: Principal, projectId: string) {
  const company = requireCompany(principal);
  await findProject(ctx.db, company.id, projectId);
  const result = await ctx.db.execute(sql`
    select distinct on (s.card_id) s.card_id, s.project_id, s.id as session_id, s.agent_id, s.user_id,
      u.name as user_name, s.status, workspace_iso(s.updated_at) as updated_at
    from ${agentSessions} s
    join ${cards} c on c.id = s.card_id
    join ${users} u on u.id = s.user_id
    where s.project_id = ${projectId} and s.company_id = ${company.id} and c.archived_at is null
      and c.assignee_kind = 'agent' and c.assignee_id = s.agent_id
    order by s.card_id, s.created_at desc, s.id`);
  return rows<{
    card_id: string;
    project_id: string;
    session_id: string;
    agent_id: string;
    user_id: string;
    user_name: string;
    status: SessionRow['status'];
    updated_at: string;
  }>(result).map((row) => ({
    cardId: row.card_id,
    projectId: row.project_id,
    sessionId: row.session_id,
    agentId: row.agent_id,
    accountable: { id: row.user_id, name: row.user_name },
    status: row.status,
    updatedAt: row.updated_at,
  }));
}
