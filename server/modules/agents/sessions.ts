/**
 * Sessions between people and agents and their messages: reading them, a person's messages, the
 * agent's replies (a reply may stream in pieces, with the steps the agent took), stop, and the
 * agent's report on a delegated card's work. Who sees what, and the events each change records:
 * session-records.ts. Feedback on replies: feedback.ts; cards delegated to agents: delegation.ts.
 */
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { agentMessageFeedback, agentMessages, agentSessions, cards, users } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { isCompanyAdmin, requireCompany } from '../../policies/index.ts';
import { chargeAgentWork, creditsSpentBySession } from '../credits/index.ts';
import { checkMentions, type Mention, notify, parseMentions } from '../notifications/index.ts';
import {
  type ActivityInput,
  type AgentMessage,
  type AgentSession,
  MAX_ACTIVITY_PER_MESSAGE,
  MAX_MESSAGE_CHARS,
} from './schemas.ts';
import { findAgent, isAgent } from './service.ts';
import {
  activityItems,
  type AgentRow,
  agentUnavailable,
  audienceOf,
  endSession,
  type MessageRow,
  namesFor,
  presentMessageRow,
  presentSession,
  presentSessionRow,
  recordMessage,
  recordSession,
  type SessionRow,
  sessionStopped,
  titleFrom,
  updateSessionRow,
  visibleSession,
} from './session-records.ts';

// ---------------------------------------------------------------------------------------------
// Reading

export async function getSession(ctx: AppContext, principal: Principal, agentId: string, sessionId: string) {
  const session = await presentSession(ctx.db, await visibleSession(ctx.db, principal, agentId, sessionId));
  const spent = await creditsSpentBySession(ctx.db, [session.id]);
  return { ...session, creditsSpent: spent.get(session.id) ?? 0 };
}

/** The caller's own sessions (an agent: its own), most recently active first. */
export async function listSessions(
  ctx: AppContext,
  principal: Principal,
  query: { agentId?: string; limit: number; offset: number },
): Promise<AgentSession[]> {
  const company = requireCompany(principal);
  const mine = principal.agent
    ? eq(agentSessions.agentId, principal.agent.id)
    : eq(agentSessions.userId, principal.user.id);
  const found = await ctx.db
    .select({ session: agentSessions, ownerName: users.name, cardTitle: cards.title })
    .from(agentSessions)
    .innerJoin(users, eq(users.id, agentSessions.userId))
    .leftJoin(cards, eq(cards.id, agentSessions.cardId))
    .where(
      and(
        eq(agentSessions.companyId, company.id),
        mine,
        query.agentId ? eq(agentSessions.agentId, query.agentId) : undefined,
      ),
    )
    .orderBy(desc(agentSessions.lastMessageAt), desc(agentSessions.id))
    .limit(query.limit)
    .offset(query.offset);
  const spent = await creditsSpentBySession(
    ctx.db,
    found.map(({ session }) => session.id),
  );
  return found.map(({ session, ownerName, cardTitle }) => ({
    ...presentSessionRow(session, { ownerName, cardTitle }),
    creditsSpent: spent.get(session.id) ?? 0,
  }));
}

/** A session's messages, oldest first, each agent reply with the caller's own feedback. */
export async function listMessages(
  ctx: AppContext,
  principal: Principal,
  agentId: string,
  sessionId: string,
  page: { limit: number; offset: number },
): Promise<AgentMessage[]> {
  const session = await visibleSession(ctx.db, principal, agentId, sessionId);
  const found = await ctx.db
    .select()
    .from(agentMessages)
    .where(eq(agentMessages.sessionId, session.id))
    .orderBy(asc(agentMessages.seq))
    .limit(page.limit)
    .offset(page.offset);
  const names = await namesFor(ctx.db, session.agentId, found);
  const feedback = new Map<string, { rating: 'up' | 'down'; comment: string | null }>();
  if (!isAgent(principal) && found.length > 0) {
    const given = await ctx.db
      .select()
      .from(agentMessageFeedback)
      .where(
        and(
          eq(agentMessageFeedback.userId, principal.user.id),
          inArray(
            agentMessageFeedback.messageId,
            found.map((m) => m.id),
          ),
        ),
      );
    for (const row of given) feedback.set(row.messageId, { rating: row.rating, comment: row.comment });
  }
  return found.map((row) =>
    presentMessageRow(row, session, names, isAgent(principal) ? undefined : (feedback.get(row.id) ?? null)),
  );
}

// ---------------------------------------------------------------------------------------------
// Writing

/**
 * Mentions in chat messages (`@[Name](person:<id>)`, `@[Name](agent:<id>)`): checked like a
 * comment's (400 on `text`, nothing written). A session is seen by its person only, so a message
 * mentioning its person notifies them (`mention`, dedupe `mention:<messageId>`, never its author:
 * in practice an agent's reply naming its person); mentions of anyone else are valid but notify
 * nobody, and a mentioned agent is handed nothing (sessions are not comment threads).
 */
async function notifyChatMention(
  tx: Executor,
  actor: Actor,
  session: SessionRow,
  message: MessageRow,
  mentions: Mention[],
) {
  if (!mentions.some((mention) => mention.kind === 'person' && mention.id === session.userId)) return;
  await notify(tx, actor, [
    {
      type: 'mention',
      userId: session.userId,
      thing: { kind: 'agent_session', id: session.id, title: session.title },
      snippet: message.text,
      link: { agentId: session.agentId, sessionId: session.id, messageId: message.id },
      dedupeKey: `mention:${message.id}`,
    },
  ]);
}

/** A person's message (its mentions checked by the caller): reopens the session and hands the agent the work. */
async function postPersonMessage(
  tx: Executor,
  actor: Actor,
  session: SessionRow,
  agent: AgentRow,
  text: string,
  mentions: Mention[],
) {
  if (agent.status !== 'active') throw agentUnavailable(agent);
  const now = new Date();
  const [message] = await tx
    .insert(agentMessages)
    .values({ sessionId: session.id, role: 'user', authorUserId: actor.principal.user.id, text, status: 'complete' })
    .returning();
  const updated = await updateSessionRow(tx, session.id, { status: 'working', lastMessageAt: now });
  await recordMessage(tx, actor, 'agent.message.created', updated, message!);
  await recordSession(tx, actor, updated);
  await recordEvent(
    tx,
    actor,
    'agent.session.message',
    { agentId: agent.id, sessionId: session.id, messageId: message!.id },
    { agentId: agent.id },
  );
  await notifyChatMention(tx, actor, session, message!, mentions);
  return message!;
}

/** A person opens a session with an agent with a first message; its title comes from that message. */
export async function createSession(ctx: AppContext, actor: Actor, agentId: string, text: string) {
  const company = requireCompany(actor.principal);
  return ctx.db.transaction(async (tx) => {
    const agent = await findAgent(tx, company.id, agentId);
    if (agent.status !== 'active') throw agentUnavailable(agent);
    const mentions = await checkMentions(tx, company.id, text);
    const [session] = await tx
      .insert(agentSessions)
      .values({
        companyId: company.id,
        agentId,
        userId: actor.principal.user.id,
        title: titleFrom(text),
        status: 'working',
      })
      .returning();
    const message = await postPersonMessage(tx, actor, session!, agent, text, mentions);
    const [current] = await tx.select().from(agentSessions).where(eq(agentSessions.id, session!.id));
    return {
      session: await presentSession(tx, current!),
      message: presentMessageRow(message, current!, await namesFor(tx, agentId, [message]), null),
    };
  });
}

export type AgentReplyInput = {
  text?: string;
  activity?: ActivityInput[];
  done?: boolean;
};

/**
 * A message in a session: from its person (`text`, which hands the agent the work), or from the
 * agent (a reply: finished at once, or `done: false` to stream it with `appendToMessage`).
 */
export async function postMessage(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  sessionId: string,
  input: AgentReplyInput,
): Promise<AgentMessage> {
  const { principal } = actor;
  return ctx.db.transaction(async (tx) => {
    // An agent's write here is its reply (a no-op for a person).
    await chargeAgentWork(ctx, tx, actor, { operation: 'postAgentMessage', kind: 'reply', sessionId });
    const session = await visibleSession(tx, principal, agentId, sessionId, { lock: true });
    const agent = await findAgent(tx, session.companyId, agentId);
    if (!principal.agent) {
      if (session.userId !== principal.user.id) {
        throw forbidden('Only the person who delegated this card writes to its agent');
      }
      if (input.activity !== undefined || input.done !== undefined) {
        throw invalidField(input.activity !== undefined ? 'activity' : 'done', 'is for the agent’s replies only');
      }
      const text = input.text?.trim() ? input.text : undefined;
      if (text === undefined) throw invalidField('text', 'must not be empty');
      const mentions = await checkMentions(tx, session.companyId, text);
      const message = await postPersonMessage(tx, actor, session, agent, text, mentions);
      return presentMessageRow(message, session, await namesFor(tx, agentId, [message]), null);
    }
    if (session.status === 'stopped') throw sessionStopped();
    const items = activityItems(input.activity);
    if (!input.text && items.length === 0) throw invalidField('text', 'give the reply’s text or its activity');
    const mentions = await checkMentions(tx, session.companyId, input.text ?? '');
    const done = input.done ?? true;
    const now = new Date();
    const [message] = await tx
      .insert(agentMessages)
      .values({
        sessionId: session.id,
        role: 'agent',
        text: input.text ?? '',
        status: done ? 'complete' : 'streaming',
        activity: items,
      })
      .returning();
    const status = done && !session.cardId && session.status === 'working' ? 'open' : session.status;
    const updated = await updateSessionRow(tx, session.id, { status, lastMessageAt: now });
    await recordMessage(tx, actor, 'agent.message.created', updated, message!);
    if (status !== session.status) await recordSession(tx, actor, updated);
    // A streamed reply notifies when it is finished (`updateMessage`), with its whole text.
    if (done) await notifyChatMention(tx, actor, session, message!, mentions);
    return presentMessageRow(message!, session, await namesFor(tx, agentId, [message!]));
  });
}

export type MessageUpdate = {
  append?: string;
  activity?: ActivityInput[];
  status?: 'complete' | 'error';
};

/**
 * The agent appends to a streaming reply (text and steps) and finishes it. Each piece goes out at
 * once as `agent.message.appended` with its offset, so a reader applies pieces in order.
 */
export async function updateMessage(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  sessionId: string,
  messageId: string,
  input: MessageUpdate,
): Promise<AgentMessage> {
  const { principal } = actor;
  // A reply is the agent's to write: for anyone else it does not exist. Continuing it is free: the
  // reply was charged when the agent posted it (credits/metering.ts).
  if (!principal.agent) throw notFound('Message not found');
  return ctx.db.transaction(async (tx) => {
    const session = await visibleSession(tx, principal, agentId, sessionId);
    const [current] = await tx
      .select()
      .from(agentMessages)
      .where(and(eq(agentMessages.id, messageId), eq(agentMessages.sessionId, session.id)))
      .for('update');
    if (!current || current.role !== 'agent') throw notFound('Message not found');
    if (session.status === 'stopped') throw sessionStopped();
    if (current.status !== 'streaming') {
      throw new ApiError(409, `This reply is already ${current.status}`, ErrorCode.messageFinished);
    }
    const append = input.append ?? '';
    if (current.text.length + append.length > MAX_MESSAGE_CHARS) {
      throw invalidField(
        'append',
        `would make the reply longer than ${MAX_MESSAGE_CHARS.toLocaleString('en')} characters`,
      );
    }
    // Mentions are checked on the text as it will be after this piece, whenever the piece completes
    // a mention the text did not hold yet (one split across pieces counts once it is whole): stored
    // text never holds an unchecked mention, and a piece without new mentions costs no query.
    const known = new Set(parseMentions(current.text).map((mention) => `${mention.kind}:${mention.id}`));
    const after = current.text + append;
    let mentions = parseMentions(after);
    if (mentions.some((mention) => !known.has(`${mention.kind}:${mention.id}`))) {
      mentions = await checkMentions(tx, session.companyId, after, 'append');
    }
    const items = activityItems(input.activity);
    if (current.activity.length + items.length > MAX_ACTIVITY_PER_MESSAGE) {
      throw invalidField('activity', `a reply holds at most ${MAX_ACTIVITY_PER_MESSAGE} steps`);
    }
    const fields: Partial<typeof agentMessages.$inferInsert> = { updatedAt: new Date() };
    if (append) fields.text = current.text + append;
    if (items.length) fields.activity = [...current.activity, ...items];
    if (input.status) fields.status = input.status;
    const [message] = await tx.update(agentMessages).set(fields).where(eq(agentMessages.id, messageId)).returning();
    const audience = audienceOf(session);
    if (append || items.length) {
      await recordEvent(
        tx,
        actor,
        'agent.message.appended',
        { agentId, sessionId, messageId, offset: current.text.length, text: append, activity: items },
        audience,
      );
    }
    if (input.status) {
      const status = !session.cardId && session.status === 'working' ? 'open' : session.status;
      const updated = await updateSessionRow(tx, session.id, { status, lastMessageAt: new Date() });
      await recordMessage(tx, actor, 'agent.message.updated', updated, message!);
      if (status !== session.status) await recordSession(tx, actor, updated);
      // Finished (complete, or ended in an error): its person hears of a mention, with the whole text.
      await notifyChatMention(tx, actor, session, message!, mentions);
    }
    return presentMessageRow(message!, session, await namesFor(tx, agentId, [message!]));
  });
}

/**
 * A person stops the agent: at once, whether or not the agent is listening. Its streaming reply
 * ends `stopped`, a note says who stopped it, and the agent's writes are refused (409
 * `SESSION_STOPPED`) until the person writes again. Stopping a stopped session changes nothing.
 */
export async function stopSession(ctx: AppContext, actor: Actor, agentId: string, sessionId: string) {
  const { principal } = actor;
  return ctx.db.transaction(async (tx) => {
    const session = await visibleSession(tx, principal, agentId, sessionId, { lock: true });
    const mayStop = session.userId === principal.user.id || (session.cardId !== null && isCompanyAdmin(principal));
    if (!mayStop) throw forbidden('Only the person accountable for this card, or an admin, can stop its agent');
    if (session.status === 'stopped') return presentSession(tx, session);
    const updated = await endSession(tx, actor, session, 'stopped', `Stopped by ${principal.user.name}.`);
    return presentSession(tx, updated);
  });
}

/**
 * A delegated card's work reported `completed` or `failed` tells the person who delegated it (the
 * session's person): `agent_work_completed` / `agent_work_failed`, in the report's transaction,
 * once per session and outcome (reported again, or again after more work, it tells nothing new).
 * A chat session's status tells nobody: there is no card, and its person is in the conversation.
 * The snippet is the start of the agent's last reply (its summary of the work), else the title.
 */
async function notifyWorkOutcome(tx: Executor, actor: Actor, session: SessionRow) {
  if (!session.cardId || !session.projectId) return;
  if (session.status !== 'completed' && session.status !== 'failed') return;
  const [card] = await tx.select({ title: cards.title }).from(cards).where(eq(cards.id, session.cardId));
  const [reply] = await tx
    .select({ text: sql<string>`left(${agentMessages.text}, 1000)` })
    .from(agentMessages)
    .where(and(eq(agentMessages.sessionId, session.id), eq(agentMessages.role, 'agent')))
    .orderBy(desc(agentMessages.seq))
    .limit(1);
  await notify(tx, actor, [
    {
      type: session.status === 'completed' ? 'agent_work_completed' : 'agent_work_failed',
      userId: session.userId,
      thing: { kind: 'card', id: session.cardId, title: card?.title ?? session.title },
      snippet: reply?.text.trim() ? reply.text : session.title,
      link: { projectId: session.projectId, cardId: session.cardId, agentId: session.agentId, sessionId: session.id },
      dedupeKey: `work:${session.id}:${session.status}`,
    },
  ]);
}

/** Its person renames a session; the agent reports a delegated card's work `completed` or `failed`. */
export async function updateSession(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  sessionId: string,
  input: { title?: string; status?: 'completed' | 'failed' },
) {
  const { principal } = actor;
  return ctx.db.transaction(async (tx) => {
    await chargeAgentWork(ctx, tx, actor, { operation: 'updateAgentSession', kind: 'write', sessionId });
    const session = await visibleSession(tx, principal, agentId, sessionId, { lock: true });
    const fields: Partial<typeof agentSessions.$inferInsert> = {};
    if (input.title !== undefined) {
      if (principal.agent) throw invalidField('title', 'is renamed by the session’s person');
      if (session.userId !== principal.user.id) throw forbidden('Only the person whose session it is can rename it');
      fields.title = input.title;
    }
    if (input.status !== undefined) {
      if (!principal.agent) throw invalidField('status', 'is reported by the agent; stop the session instead');
      if (session.status === 'stopped') throw sessionStopped();
      fields.status = input.status;
    }
    const updated = await updateSessionRow(tx, session.id, fields);
    await recordSession(tx, actor, updated);
    if (updated.status !== session.status) await notifyWorkOutcome(tx, actor, updated);
    return presentSession(tx, updated);
  });
}
