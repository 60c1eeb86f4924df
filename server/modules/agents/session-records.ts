/**
 * What the session files share: how a session and its messages are found for a caller, presented,
 * and recorded as live events, and how a session ends.
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
import { and, eq, inArray } from 'drizzle-orm';
import type { Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { type AgentActivityItem, agentMessages, agents, agentSessions, cards, users } from '../../db/schema.ts';
import { type Actor, type Audience, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import { mentionsAsText } from '../notifications/index.ts';
import type { ActivityInput, AgentMessage, AgentSession } from './schemas.ts';

export type SessionRow = typeof agentSessions.$inferSelect;
export type MessageRow = typeof agentMessages.$inferSelect;
export type AgentRow = typeof agents.$inferSelect;

/** Longest generated session title (from the first message). */
const TITLE_CHARS = 80;

export const agentUnavailable = (agent: Pick<AgentRow, 'name' | 'status'>) =>
  new ApiError(
    409,
    `${agent.name} is ${agent.status === 'paused' ? 'paused' : 'completed'} and takes no new work`,
    ErrorCode.agentUnavailable,
  );

export const sessionStopped = () =>
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
export function audienceOf(session: Pick<SessionRow, 'cardId' | 'userId'>): Audience | undefined {
  return session.cardId ? undefined : { userId: session.userId };
}

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

export function presentSessionRow(row: SessionRow, context: SessionContext): AgentSession {
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

export async function presentSession(db: Executor, row: SessionRow): Promise<AgentSession> {
  return presentSessionRow(row, await sessionContext(db, row));
}

type Names = { agentName: string; userNames: Map<string, string> };

export function presentMessageRow(
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

export async function namesFor(db: Executor, agentId: string, messages: MessageRow[]): Promise<Names> {
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

export function activityItems(input: ActivityInput[] | undefined): AgentActivityItem[] {
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

export async function recordSession(db: Executor, actor: Actor, session: SessionRow) {
  await recordEvent(
    db,
    actor,
    'agent.session.updated',
    { agentId: session.agentId, session: await presentSession(db, session) },
    audienceOf(session),
  );
}

export async function recordMessage(
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

export async function updateSessionRow(db: Executor, id: string, fields: Partial<typeof agentSessions.$inferInsert>) {
  const [row] = await db
    .update(agentSessions)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(agentSessions.id, id))
    .returning();
  return row!;
}

/** Ends what the agent is doing in a session: its streaming replies stop, the agent is told. */
export async function endSession(
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
