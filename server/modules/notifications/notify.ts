/**
 * The one writer of notifications. Every cause (a comment, an assignment, an agent's session
 * ending, a grant, the credit balance) calls `notify` inside its own transaction, so a
 * notification exists exactly when its cause does, and records `notification.created` for each
 * recipient only (the event's audience), with their new unread count.
 */
import { and, count, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { notificationMutes, notificationPreferences, notifications, users } from '../../db/schema.ts';
import { type EventActor, recordEvent } from '../../events/record.ts';
import {
  NOTIFICATION_TYPE_INFO,
  type Notification,
  type NotificationThing,
  type NotificationType,
  SNIPPET_MAX,
} from './schemas.ts';
import { mentionsAsText } from './mentions.ts';

type NotificationRow = typeof notifications.$inferSelect;

export type NotificationLink = Notification['link'];

/** One notification to create: for whom, of what type, about what, and where it opens. */
export type NotificationDraft = {
  type: NotificationType;
  /** The recipient: a person. The actor themselves and people outside the company are skipped. */
  userId: string;
  thing: { kind: NotificationThing; id: string; title: string };
  /** The cause's text (mentions are shown as `@Name`; cut to SNIPPET_MAX). */
  snippet: string;
  link: NotificationLink;
  /**
   * Makes the cause notify a person once: a second draft with the same key for the same person
   * (an edit of the comment, a redelivered cause) creates nothing.
   */
  dedupeKey?: string;
};

/** A snippet from a cause's text: mentions as `@Name`, whitespace folded, at most SNIPPET_MAX characters. */
export function snippetOf(text: string): string {
  const plain = mentionsAsText(text).replace(/\s+/g, ' ').trim();
  return plain.length <= SNIPPET_MAX ? plain : `${plain.slice(0, SNIPPET_MAX - 1).trimEnd()}…`;
}

export function presentNotification(row: NotificationRow): Notification {
  const link: NotificationLink = {};
  if (row.projectId) link.projectId = row.projectId;
  if (row.cardId) link.cardId = row.cardId;
  if (row.pageId) link.pageId = row.pageId;
  if (row.commentId) link.commentId = row.commentId;
  if (row.threadId) link.threadId = row.threadId;
  if (row.anchor) link.anchor = row.anchor;
  if (row.agentId) link.agentId = row.agentId;
  if (row.sessionId) link.sessionId = row.sessionId;
  if (row.messageId) link.messageId = row.messageId;
  if (row.fileId) link.fileId = row.fileId;
  return {
    id: row.id,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
    snoozedUntil: row.snoozedUntil && row.snoozedUntil > new Date() ? row.snoozedUntil.toISOString() : null,
    actor: row.actorAgentId
      ? { kind: 'agent', id: row.actorAgentId, name: row.actorName }
      : row.actorUserId
        ? { kind: 'person', id: row.actorUserId, name: row.actorName }
        : null,
    thing: { kind: row.thingKind, id: row.thingId, title: row.title },
    snippet: row.snippet,
    link,
  };
}

/** Unread and not snoozed (a snooze that has passed counts as not snoozed). */
export function unreadCondition(now = new Date()) {
  return and(
    isNull(notifications.readAt),
    or(isNull(notifications.snoozedUntil), lte(notifications.snoozedUntil, now)),
  );
}

/** The unread counts of `userIds` within `companyId` (0 for those without any). */
export async function unreadCounts(db: Executor, companyId: string, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .select({ userId: notifications.userId, count: count() })
    .from(notifications)
    .where(and(eq(notifications.companyId, companyId), inArray(notifications.userId, userIds), unreadCondition()))
    .groupBy(notifications.userId);
  for (const row of rows) counts.set(row.userId, row.count);
  return counts;
}

/**
 * A mention of you still arrives on a muted card, page or file (someone asks for you by name);
 * a muted conversation with an agent is silent altogether (mentions are all it ever sends).
 */
const mentionGetsThrough = (draft: NotificationDraft) =>
  draft.type === 'mention' && draft.thing.kind !== 'agent_session';

/**
 * Serialises changes to these people's inboxes until the transaction ends, so the unread count an
 * event carries counts every notification committed before it: two transactions notifying one
 * person at once would otherwise each count without the other's (on Postgres; the embedded
 * database runs one transaction at a time anyway). Taken in id order: no deadlock.
 */
export async function lockInboxes(tx: Executor, userIds: string[]): Promise<void> {
  const ids = [...new Set(userIds)].sort();
  if (ids.length === 0) return;
  await tx.execute(sql`
    select pg_advisory_xact_lock(hashtextextended('inbox:' || id, 0))
    from unnest(${sql.param(ids)}::text[]) as id order by id`);
}

/**
 * Creates the drafts' notifications and records `notification.created` for each recipient. Skips
 * drafts for the acting person, for people not (or no longer) in the company, and for a thing the
 * recipient muted (mentions of them still arrive, except in a muted agent conversation); one
 * notification per person per call (the first draft for them wins: put mentions first). Drafts whose `dedupeKey` the person already has are skipped.
 */
export async function notify(tx: Executor, actor: EventActor, drafts: NotificationDraft[]): Promise<Notification[]> {
  if (drafts.length === 0) return [];
  const companyId = 'system' in actor ? actor.system.companyId : actor.principal.company?.id;
  if (!companyId) return [];
  const principal = 'system' in actor ? null : actor.principal;
  const actingUserId = principal && !principal.agent ? principal.user.id : null;

  const firstPerUser = new Map<string, NotificationDraft>();
  for (const draft of drafts) {
    if (draft.userId === actingUserId || firstPerUser.has(draft.userId)) continue;
    firstPerUser.set(draft.userId, draft);
  }
  if (firstPerUser.size === 0) return [];
  const candidates = [...firstPerUser.keys()];

  // Who of them is in the company, with their mutes of these drafts' things and their email
  // choices: one statement, since it sits on the path of every comment that notifies.
  const things = [...new Set([...firstPerUser.values()].map((draft) => draft.thing.id))];
  const recipients = rows<{ id: string; muted: string[] | null; email: Record<string, boolean> | null }>(
    await tx.execute(sql`
      select u.id,
        (select array_agg(m.thing_kind || ':' || m.thing_id) from ${notificationMutes} m
          where m.user_id = u.id and m.thing_id = any(${sql.param(things)}::uuid[])) as muted,
        (select json_object_agg(p.type, p.email) from ${notificationPreferences} p where p.user_id = u.id) as email
      from ${users} u
      where u.company_id = ${companyId} and u.id = any(${sql.param(candidates)}::uuid[])`),
  );
  if (recipients.length === 0) return [];
  const memberIds = new Set(recipients.map((row) => row.id));
  const muted = new Set(recipients.flatMap((row) => (row.muted ?? []).map((thing) => `${row.id}:${thing}`)));
  const emailChoice = new Map(
    recipients.flatMap((row) => Object.entries(row.email ?? {}).map(([type, email]) => [`${row.id}:${type}`, email])),
  );

  const values = [...firstPerUser.values()]
    .filter((draft) => memberIds.has(draft.userId))
    .filter((draft) => mentionGetsThrough(draft) || !muted.has(`${draft.userId}:${draft.thing.kind}:${draft.thing.id}`))
    .map((draft) => ({
      companyId,
      userId: draft.userId,
      type: draft.type,
      actorUserId: principal && !principal.agent ? principal.user.id : null,
      actorAgentId: principal?.agent?.id ?? null,
      actorName: principal ? (principal.agent?.name ?? principal.user.name) : '',
      thingKind: draft.thing.kind,
      thingId: draft.thing.id,
      title: draft.thing.title.slice(0, 500),
      snippet: snippetOf(draft.snippet),
      projectId: draft.link.projectId ?? null,
      cardId: draft.link.cardId ?? null,
      pageId: draft.link.pageId ?? null,
      commentId: draft.link.commentId ?? null,
      threadId: draft.link.threadId ?? null,
      anchor: draft.link.anchor ?? null,
      agentId: draft.link.agentId ?? null,
      sessionId: draft.link.sessionId ?? null,
      messageId: draft.link.messageId ?? null,
      fileId: draft.link.fileId ?? null,
      dedupeKey: draft.dedupeKey ?? null,
      emailWanted:
        emailChoice.get(`${draft.userId}:${draft.type}`) ?? NOTIFICATION_TYPE_INFO[draft.type].emailByDefault,
    }));
  if (values.length === 0) return [];

  await lockInboxes(
    tx,
    values.map((value) => value.userId),
  );
  const inserted = await tx
    .insert(notifications)
    .values(values)
    .onConflictDoNothing({
      target: [notifications.userId, notifications.dedupeKey],
      where: sql`${notifications.dedupeKey} is not null`,
    })
    .returning();
  if (inserted.length === 0) return [];

  const counts = await unreadCounts(
    tx,
    companyId,
    inserted.map((row) => row.userId),
  );
  const created = inserted.map(presentNotification);
  for (const notification of created) {
    const row = inserted.find((candidate) => candidate.id === notification.id)!;
    await recordEvent(
      tx,
      actor,
      'notification.created',
      { notification, unreadCount: counts.get(row.userId) ?? 0 },
      { userId: row.userId },
    );
  }
  return created;
}

/**
 * Records `notifications.changed` for one person: their read or snooze state changed (ids, or
 * everything created up to `before`), with their new unread count. Every tab and device of theirs
 * updates from it.
 */
export async function announceChange(
  tx: Executor,
  actor: EventActor,
  companyId: string,
  userId: string,
  change: { ids?: string[]; before?: string; state: 'read' | 'unread' | 'snoozed' | 'woken' },
): Promise<number> {
  await lockInboxes(tx, [userId]);
  const counts = await unreadCounts(tx, companyId, [userId]);
  const unreadCount = counts.get(userId) ?? 0;
  await recordEvent(
    tx,
    actor,
    'notifications.changed',
    {
      state: change.state,
      ids: change.ids ?? [],
      ...(change.before ? { before: change.before } : {}),
      unreadCount,
    },
    { userId },
  );
  return unreadCount;
}
