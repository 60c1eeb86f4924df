/**
 * Sessions between people and agents, their messages (a reply may stream in pieces, with the steps
 * the agent took), stop, feedback, and cards delegated to agents.
 *
 * Who sees what: a chat session is private to the person who opened it and to the agent (anyone
 * else gets 404, the spec's "own chat sessions"); a session opened by delegating a card is as
 * visible as the card — every member of the company reads it, and its live events go to every
 * member's stream — while only its accountable person (the one who delegated it) writes to it and
 * stops it, with company admins (stop only). The agent reads and writes its own sessions only.
 *
 * Every change is recorded as live events in its transaction: for the people who may see the
 * session (`agent.session.updated`, `agent.message.*`) and, for what the agent must act on, on the
 * agent's own stream (`agent.session.message`, `agent.card.delegated`, `agent.session.stopped`),
 * which carries ids only: the agent reads the content through the API.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import {
  type AgentActivityItem,
  agentMessageFeedback,
  agentMessages,
  agents,
  agentSessions,
  cards,
  users,
} from '../../db/schema.ts';
import { type Actor, type Audience, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { isCompanyAdmin, requireCompany } from '../../policies/index.ts';
import { findProject } from '../../policies/records.ts';
import { chargeAgentWork, creditsSpentBySession } from '../credits/index.ts';
import { checkMentions, type Mention, mentionsAsText, notify, parseMentions } from '../notifications/index.ts';
import {
  type ActivityInput,
  type AgentMessage,
  type AgentSession,
  MAX_ACTIVITY_PER_MESSAGE,
  MAX_MESSAGE_CHARS,
} from './schemas.ts';
import { findAgent, isAgent } from './service.ts';

type SessionRow = typeof agentSessions.$inferSelect;
type MessageRow = typeof agentMessages.$inferSelect;
type AgentRow = typeof agents.$inferSelect;

/** Longest generated session title (from the first message). */
const TITLE_CHARS = 80;

export const agentUnavailable = (agent: Pick<AgentRow, 'name' | 'status'>) =>
  new ApiError(
    409,
    `${agent.name} is ${agent.status === 'paused' ? 'paused' : 'completed'} and takes no new work`,
    ErrorCode.agentUnavailable,
  );

const sessionStopped = () =>
  new ApiError(
    409,
    'This session was stopped; it takes no more from the agent until the person writes again',
    ErrorCode.sessionStopped,
  );

/** A title from a first message: its first line (mentions as `@Name`), cut at a word near 80 characters. */
export function titleFrom(text: string): string {
  const line = mentionsAsText(text).trim().split('\n')[0]!.replace(/\s+/g, ' ').trim();
  if (line.length <= TITLE_CHARS) return line;
  const cut = line.slice(0, TITLE_CHARS - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > TITLE_CHARS / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** Who a session's live events are for: its person, or every member for a delegated card. */
function audienceOf(session: Pick<SessionRow, 'cardId' | 'userId'>): Audience | undefined {
  return session.cardId ? undefined : { userId: session.userId };
}

// ---------------------------------------------------------------------------------------------
// Reading

type SessionContext = { ownerName: string; cardTitle: string | null };

async function sessionContext(db: Executor, session: SessionRow): Promise<SessionContext> {
  const [owner] = await db.select({ name: users.name }).from(users).where(eq(users.id, session.userId));
  let cardTitle: string | null = null;
  if (session.cardId) {
    const [card] = await db.select({ title: cards.title }).from(cards).where(eq(cards.id, session.cardId));
    cardTitle = card?.title ?? null;
  }
  return { ownerName: owner?.name ?? 'Former member', cardTitle };
}

function presentSessionRow(row: SessionRow, context: SessionContext): AgentSession {
  return {
    id: row.id,
    agentId: row.agentId,
    title: row.title,
    status: row.status,
    owner: { id: row.userId, name: context.ownerName },
    card:
      row.cardId && row.projectId && context.cardTitle !== null
        ? { projectId: row.projectId, cardId: row.cardId, title: context.cardTitle }
        : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    lastMessageAt: row.lastMessageAt.toISOString(),
  };
}

async function presentSession(db: Executor, row: SessionRow): Promise<AgentSession> {
  return presentSessionRow(row, await sessionContext(db, row));
}

type Names = { agentName: string; userNames: Map<string, string> };

function presentMessageRow(
  row: MessageRow,
  session: Pick<SessionRow, 'agentId'>,
  names: Names,
  feedback?: { rating: 'up' | 'down'; comment: string | null } | null,
): AgentMessage {
  const author =
    row.role === 'user' && row.authorUserId
      ? { kind: 'human' as const, id: row.authorUserId, name: names.userNames.get(row.authorUserId) ?? 'Former member' }
      : row.role === 'agent'
        ? { kind: 'agent' as const, id: session.agentId, name: names.agentName }
        : null;
  return {
    id: row.id,
    sessionId: row.sessionId,
    agentId: session.agentId,
    role: row.role,
    author,
    text: row.text,
    status: row.status,
    activity: row.activity,
    ...(feedback !== undefined ? { feedback: row.role === 'agent' ? feedback : null } : {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

async function namesFor(db: Executor, agentId: string, messages: MessageRow[]): Promise<Names> {
  const [agent] = await db.select({ name: agents.name }).from(agents).where(eq(agents.id, agentId));
  const ids = [...new Set(messages.map((m) => m.authorUserId).filter((id): id is string => id !== null))];
  const people = ids.length
    ? await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, ids))
    : [];
  return { agentName: agent?.name ?? 'Agent', userNames: new Map(people.map((p) => [p.id, p.name])) };
}

/** A message as events carry it (no reader's feedback). */
async function eventMessage(db: Executor, session: SessionRow, row: MessageRow): Promise<AgentMessage> {
  return presentMessageRow(row, session, await namesFor(db, session.agentId, [row]));
}

/**
 * The session if the caller may see it: its agent; its person; any member for a delegated card.
 * 404 otherwise, and when it is not that agent's.
 */
export async function visibleSession(
  db: Executor,
  principal: Principal,
  agentId: string,
  sessionId: string,
  options: { lock?: boolean } = {},
): Promise<SessionRow> {
  const company = requireCompany(principal);
  const query = db
    .select()
    .from(agentSessions)
    .where(
      and(eq(agentSessions.id, sessionId), eq(agentSessions.agentId, agentId), eq(agentSessions.companyId, company.id)),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  const visible =
    row &&
    (principal.agent ? principal.agent.id === row.agentId : row.userId === principal.user.id || row.cardId !== null);
  if (!visible) throw notFound('Session not found');
  return row;
}

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

function activityItems(input: ActivityInput[] | undefined): AgentActivityItem[] {
  const at = new Date().toISOString();
  return (input ?? []).map((item) => ({
    id: randomUUID(),
    type: item.type,
    text: item.text,
    ...(item.tool !== undefined ? { tool: item.tool } : {}),
    ...(item.arguments !== undefined ? { arguments: item.arguments } : {}),
    at,
  }));
}

async function recordSession(db: Executor, actor: Actor, session: SessionRow) {
  await recordEvent(
    db,
    actor,
    'agent.session.updated',
    { agentId: session.agentId, session: await presentSession(db, session) },
    audienceOf(session),
  );
}

async function recordMessage(
  db: Executor,
  actor: Actor,
  type: 'agent.message.created' | 'agent.message.updated',
  session: SessionRow,
  message: MessageRow,
) {
  await recordEvent(
    db,
    actor,
    type,
    { agentId: session.agentId, sessionId: session.id, message: await eventMessage(db, session, message) },
    audienceOf(session),
  );
}

async function updateSessionRow(db: Executor, id: string, fields: Partial<typeof agentSessions.$inferInsert>) {
  const [row] = await db
    .update(agentSessions)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(agentSessions.id, id))
    .returning();
  return row!;
}

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

/** Ends what the agent is doing in a session: its streaming replies stop, the agent is told. */
async function endSession(
  tx: Executor,
  actor: Actor,
  session: SessionRow,
  reason: 'stopped' | 'unassigned',
  note: string,
): Promise<SessionRow> {
  const stopped = await tx
    .update(agentMessages)
    .set({ status: 'stopped', updatedAt: new Date() })
    .where(and(eq(agentMessages.sessionId, session.id), eq(agentMessages.status, 'streaming')))
    .returning();
  const [system] = await tx
    .insert(agentMessages)
    .values({ sessionId: session.id, role: 'system', text: note, status: 'complete' })
    .returning();
  const updated = await updateSessionRow(tx, session.id, { status: 'stopped', lastMessageAt: new Date() });
  for (const message of stopped) await recordMessage(tx, actor, 'agent.message.updated', updated, message);
  await recordMessage(tx, actor, 'agent.message.created', updated, system!);
  await recordSession(tx, actor, updated);
  await recordEvent(
    tx,
    actor,
    'agent.session.stopped',
    { agentId: session.agentId, sessionId: session.id, reason },
    { agentId: session.agentId },
  );
  return updated;
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

// ---------------------------------------------------------------------------------------------
// Feedback

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

// ---------------------------------------------------------------------------------------------
// Delegation

type Assignee = { kind: 'human' | 'agent'; id: string } | null;

/**
 * A card's assignee changed (in the card's own transaction). Taking it from an agent ends that
 * agent's session on it (`unassigned`); giving it to an agent — which must be active, 409
 * `AGENT_UNAVAILABLE` otherwise — opens a session for the card whose person is the one who
 * delegated it (they stay accountable), with a first message naming the card, and hands the agent
 * the work. An agent assigning a card to another agent opens none: a session needs a person.
 */
export async function onAssigneeChange(
  tx: Executor,
  actor: Actor,
  card: { id: string; projectId: string; title: string },
  before: Assignee,
  after: Assignee,
) {
  const same = before?.kind === after?.kind && before?.id === after?.id;
  if (same) return;
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
}

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
