/**
 * A person's notifications: listing, counting, read state, snoozes, mutes and preferences. Every
 * query is scoped to the caller's own user id and company: nobody reads another's notifications
 * (another person's notification answers 404, exactly like one that does not exist, and their ids
 * are ignored by mark-read). Agent tokens never get here (the routes are closed to them: agents
 * have no inbox); an API key acts for its person.
 *
 * Read and snoozed state (choices recorded here and in the route descriptions):
 * - A snoozed notification is unread: snoozing clears `readAt`, so it comes back unread. Marking
 *   one read (by id) ends its snooze; it is never read and snoozed at once. `read: true` together
 *   with a snooze time is 400.
 * - Mark all read (`before`) marks what the inbox showed: unread ones created at or before that
 *   time that are not snoozed (those hidden by a snooze stay as they are).
 * - A snooze whose time has passed counts as not snoozed everywhere at once (list, count), even
 *   before the scheduler's tick clears it and records `woken` (scheduled.ts).
 * - Every change records `notifications.changed` for the person only when something changed.
 */
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import {
  agentSessions,
  cards,
  fileNodes,
  notificationMutes,
  notificationPreferences,
  notifications,
  projects,
  wikiPages,
} from '../../db/schema.ts';
import type { Actor } from '../../events/record.ts';
import { forbidden, invalidField, notFound } from '../../http/errors.ts';
import { requireCompany } from '../../policies/index.ts';
import type { AppContext } from '../../types.ts';
import { announceChange, presentNotification, unreadCondition, unreadCounts } from './notify.ts';
import {
  NOTIFICATION_TYPE_INFO,
  NOTIFICATION_TYPES,
  type Mute,
  type Notification,
  type NotificationPreference,
  type NotificationType,
  SNOOZE_MAX_DAYS,
} from './schemas.ts';

type ListOptions = {
  filter: 'all' | 'unread' | 'snoozed';
  order: 'newest' | 'unread_first';
  limit: number;
  offset: number;
};

/** The most mutes listed. */
export const MUTES_MAX_LISTED = 500;
const DAY_MS = 86_400_000;

type Owner = { userId: string; companyId: string };

/** The caller as the owner of an inbox: a person of a company (agents have none: 403). */
function ownerOf(actor: Actor): Owner {
  const { principal } = actor;
  if (principal.agent) throw forbidden('Agents have no inbox');
  return { userId: principal.user.id, companyId: requireCompany(principal).id };
}

/** The owner's notifications and nobody else's. */
const mine = (owner: Owner) =>
  and(eq(notifications.userId, owner.userId), eq(notifications.companyId, owner.companyId))!;

/** Not hidden by a snooze (one whose time has passed is back). */
const notSnoozed = (now: Date) => or(isNull(notifications.snoozedUntil), lte(notifications.snoozedUntil, now))!;

export async function listNotifications(ctx: AppContext, actor: Actor, options: ListOptions): Promise<Notification[]> {
  const owner = ownerOf(actor);
  const now = new Date();
  let where: SQL;
  let order: SQL[];
  if (options.filter === 'snoozed') {
    where = and(mine(owner), gt(notifications.snoozedUntil, now))!;
    order = [asc(notifications.snoozedUntil), asc(notifications.id)];
  } else {
    where = and(mine(owner), options.filter === 'unread' ? unreadCondition(now) : notSnoozed(now))!;
    order = [desc(notifications.createdAt), desc(notifications.id)];
    if (options.order === 'unread_first') order.unshift(asc(sql`(${notifications.readAt} is not null)`));
  }
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(...order)
    .limit(options.limit)
    .offset(options.offset);
  return rows.map(presentNotification);
}

export async function unreadCount(ctx: AppContext, actor: Actor): Promise<number> {
  const owner = ownerOf(actor);
  return (await unreadCounts(ctx.db, owner.companyId, [owner.userId])).get(owner.userId) ?? 0;
}

const countOf = async (db: Executor, owner: Owner) =>
  (await unreadCounts(db, owner.companyId, [owner.userId])).get(owner.userId) ?? 0;

/**
 * Marks the caller's `ids` read (or unread with `read: false`), or every unread one created at or
 * before `before` that is not snoozed. Ids that are not the caller's are ignored. Records
 * `notifications.changed` when at least one changed.
 */
export async function markRead(
  ctx: AppContext,
  actor: Actor,
  input: { ids?: string[]; before?: string; read: boolean },
): Promise<{ updated: number; unreadCount: number }> {
  const owner = ownerOf(actor);
  return ctx.db.transaction(async (tx) => {
    const now = new Date();
    let changed: { id: string }[];
    if (input.ids) {
      const ids = [...new Set(input.ids.map((id) => id.toLowerCase()))];
      changed = input.read
        ? await tx
            .update(notifications)
            .set({ readAt: now, snoozedUntil: null })
            .where(and(mine(owner), inArray(notifications.id, ids), isNull(notifications.readAt)))
            .returning({ id: notifications.id })
        : await tx
            .update(notifications)
            .set({ readAt: null })
            .where(and(mine(owner), inArray(notifications.id, ids), isNotNull(notifications.readAt)))
            .returning({ id: notifications.id });
    } else {
      const before = new Date(input.before!);
      changed = await tx
        .update(notifications)
        .set({ readAt: now, snoozedUntil: null })
        .where(and(mine(owner), unreadCondition(now), lte(notifications.createdAt, before)))
        .returning({ id: notifications.id });
    }
    if (changed.length === 0) return { updated: 0, unreadCount: await countOf(tx, owner) };
    const unreadCount = await announceChange(
      tx,
      actor,
      owner.companyId,
      owner.userId,
      input.ids
        ? { ids: changed.map((row) => row.id), state: input.read ? 'read' : 'unread' }
        : { before: new Date(input.before!).toISOString(), state: 'read' },
    );
    return { updated: changed.length, unreadCount };
  });
}

/**
 * Marks one of the caller's notifications read or unread, snoozes it (a time in the future, at
 * most SNOOZE_MAX_DAYS ahead: 400 on `snoozedUntil` otherwise) or wakes it (`snoozedUntil: null`).
 * Another person's is 404. Records `notifications.changed` (read, unread, snoozed or woken) when
 * its state changed.
 */
export async function updateNotification(
  ctx: AppContext,
  actor: Actor,
  notificationId: string,
  changes: { read?: boolean; snoozedUntil?: string | null },
): Promise<Notification> {
  const owner = ownerOf(actor);
  const now = new Date();
  const until: Date | null | undefined =
    changes.snoozedUntil === undefined || changes.snoozedUntil === null
      ? changes.snoozedUntil
      : new Date(changes.snoozedUntil);
  if (until) {
    if (until <= now) throw invalidField('snoozedUntil', 'must be in the future');
    if (until.getTime() > now.getTime() + SNOOZE_MAX_DAYS * DAY_MS) {
      throw invalidField('snoozedUntil', `must be at most ${SNOOZE_MAX_DAYS} days ahead`);
    }
    if (changes.read === true) {
      throw invalidField('read', 'a snoozed notification comes back unread: snooze it or mark it read, not both');
    }
  }
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notifications)
      .where(and(mine(owner), eq(notifications.id, notificationId)))
      .for('update');
    if (!row) throw notFound('Notification not found');
    const wasSnoozed = row.snoozedUntil !== null && row.snoozedUntil > now;
    let readAt = row.readAt;
    let snoozedUntil = row.snoozedUntil;
    if (changes.read !== undefined) {
      readAt = changes.read ? (row.readAt ?? now) : null;
      if (changes.read) snoozedUntil = null;
    }
    if (until !== undefined) {
      snoozedUntil = until;
      if (until) readAt = null;
    }
    const sameTime = (a: Date | null, b: Date | null) => a?.getTime() === b?.getTime();
    if (sameTime(readAt, row.readAt) && sameTime(snoozedUntil, row.snoozedUntil)) return presentNotification(row);
    const state: 'read' | 'unread' | 'snoozed' | 'woken' | null = until
      ? 'snoozed'
      : (readAt === null) !== (row.readAt === null)
        ? readAt
          ? 'read'
          : 'unread'
        : wasSnoozed && !snoozedUntil
          ? 'woken'
          : null;
    const [updated] = await tx
      .update(notifications)
      .set({ readAt, snoozedUntil })
      .where(eq(notifications.id, row.id))
      .returning();
    if (state) await announceChange(tx, actor, owner.companyId, owner.userId, { ids: [row.id], state });
    return presentNotification(updated!);
  });
}

/** What a person can mute: credits are not a thing to mute. */
type MuteKind = Exclude<Mute['thingKind'], 'credits'>;
type Found = { id: string; title: string; link: MuteLink };
/** Where a muted thing opens (the same fields as a notification's link). */
export type MuteLink = Notification['link'];

/**
 * The things of `kind` among `ids` that `owner` can see, with their current titles: cards and wiki
 * pages of the company's projects, ready files and folders of its drive, and their own agent
 * sessions (a session is its person's only).
 */
async function visibleThings(db: Executor, owner: Owner, kind: MuteKind, ids: string[]): Promise<Map<string, Found>> {
  const found = new Map<string, Found>();
  if (ids.length === 0) return found;
  if (kind === 'card') {
    const rows = await db
      .select({ id: cards.id, title: cards.title, projectId: cards.projectId })
      .from(cards)
      .innerJoin(projects, eq(projects.id, cards.projectId))
      .where(and(inArray(cards.id, ids), eq(projects.companyId, owner.companyId)));
    for (const row of rows) found.set(row.id, { ...row, link: { projectId: row.projectId, cardId: row.id } });
  } else if (kind === 'wiki_page') {
    const rows = await db
      .select({ id: wikiPages.id, title: wikiPages.title, projectId: wikiPages.projectId })
      .from(wikiPages)
      .innerJoin(projects, eq(projects.id, wikiPages.projectId))
      .where(and(inArray(wikiPages.id, ids), eq(projects.companyId, owner.companyId)));
    for (const row of rows) found.set(row.id, { ...row, link: { projectId: row.projectId, pageId: row.id } });
  } else if (kind === 'file') {
    const rows = await db
      .select({ id: fileNodes.id, title: fileNodes.name })
      .from(fileNodes)
      .where(and(inArray(fileNodes.id, ids), eq(fileNodes.companyId, owner.companyId), eq(fileNodes.status, 'ready')));
    for (const row of rows) found.set(row.id, { ...row, link: { fileId: row.id } });
  } else {
    const rows = await db
      .select({ id: agentSessions.id, title: agentSessions.title, agentId: agentSessions.agentId })
      .from(agentSessions)
      .where(
        and(
          inArray(agentSessions.id, ids),
          eq(agentSessions.companyId, owner.companyId),
          eq(agentSessions.userId, owner.userId),
        ),
      );
    for (const row of rows) found.set(row.id, { ...row, link: { agentId: row.agentId, sessionId: row.id } });
  }
  return found;
}

const THING_NAMES: Record<MuteKind, string> = {
  card: 'Card',
  wiki_page: 'Wiki page',
  agent_session: 'Agent session',
  file: 'File',
};

function presentMute(row: typeof notificationMutes.$inferSelect, thing: Found | undefined): Mute {
  return {
    thingKind: row.thingKind,
    thingId: row.thingId,
    title: thing?.title ?? '',
    link: thing?.link ?? {},
    createdAt: row.createdAt.toISOString(),
  };
}

/** The caller's mutes, newest first (all of them: a person keeps at most MUTES_MAX_LISTED), each with its thing's current title. */
export async function listMutes(ctx: AppContext, actor: Actor): Promise<Mute[]> {
  const owner = ownerOf(actor);
  const rows = await ctx.db
    .select()
    .from(notificationMutes)
    .where(eq(notificationMutes.userId, owner.userId))
    .orderBy(desc(notificationMutes.createdAt), asc(notificationMutes.thingKind), asc(notificationMutes.thingId))
    .limit(MUTES_MAX_LISTED);
  const things = new Map<string, Found>();
  for (const kind of Object.keys(THING_NAMES) as MuteKind[]) {
    const ids = rows.filter((row) => row.thingKind === kind).map((row) => row.thingId);
    for (const [id, thing] of await visibleThings(ctx.db, owner, kind, ids)) things.set(`${kind}:${id}`, thing);
  }
  return rows.map((row) => presentMute(row, things.get(`${row.thingKind}:${row.thingId}`)));
}

/** Mutes a thing the caller can see (404 otherwise). Idempotent: muting again keeps the first mute. */
export async function mute(ctx: AppContext, actor: Actor, kind: MuteKind, thingId: string): Promise<Mute> {
  const owner = ownerOf(actor);
  const id = thingId.toLowerCase();
  const thing = (await visibleThings(ctx.db, owner, kind, [id])).get(id);
  if (!thing) throw notFound(`${THING_NAMES[kind]} not found`);
  const added = await ctx.db
    .insert(notificationMutes)
    .values({ userId: owner.userId, thingKind: kind, thingId: id })
    .onConflictDoNothing()
    .returning();
  if (added.length > 0) {
    // A person's mutes are bounded, so the list shows all of them: beyond the limit the oldest go.
    await ctx.db.execute(sql`
      delete from ${notificationMutes} where ${notificationMutes.userId} = ${owner.userId}
        and (${notificationMutes.thingKind}, ${notificationMutes.thingId}) in (
          select ${notificationMutes.thingKind}, ${notificationMutes.thingId} from ${notificationMutes}
          where ${notificationMutes.userId} = ${owner.userId}
          order by ${notificationMutes.createdAt} desc offset ${MUTES_MAX_LISTED})`);
  }
  const [row] = await ctx.db
    .select()
    .from(notificationMutes)
    .where(
      and(
        eq(notificationMutes.userId, owner.userId),
        eq(notificationMutes.thingKind, kind),
        eq(notificationMutes.thingId, id),
      ),
    );
  return presentMute(row!, thing);
}

/** Unmutes; idempotent (nothing to unmute is fine). */
export async function unmute(ctx: AppContext, actor: Actor, kind: MuteKind, thingId: string): Promise<void> {
  const owner = ownerOf(actor);
  await ctx.db
    .delete(notificationMutes)
    .where(
      and(
        eq(notificationMutes.userId, owner.userId),
        eq(notificationMutes.thingKind, kind),
        eq(notificationMutes.thingId, thingId.toLowerCase()),
      ),
    );
}

/** Every type, in the catalogue's order: in the inbox always, by email as chosen or by the type's default. */
export async function getPreferences(ctx: AppContext, actor: Actor): Promise<NotificationPreference[]> {
  return preferencesOf(ctx.db, ownerOf(actor).userId);
}

async function preferencesOf(db: Executor, userId: string): Promise<NotificationPreference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const chosen = new Map(rows.map((row) => [row.type, row.email]));
  return NOTIFICATION_TYPES.map((type) => ({
    type,
    description: NOTIFICATION_TYPE_INFO[type].description,
    inApp: true as const,
    email: chosen.get(type) ?? NOTIFICATION_TYPE_INFO[type].emailByDefault,
  }));
}

/**
 * Sets whether each given type is emailed (types left out keep their setting). Applies to
 * notifications created from now on: each remembers whether it was wanted by email when created.
 */
export async function updatePreferences(
  ctx: AppContext,
  actor: Actor,
  email: Partial<Record<NotificationType, boolean>>,
): Promise<NotificationPreference[]> {
  const { userId } = ownerOf(actor);
  const values = Object.entries(email)
    .filter((entry): entry is [NotificationType, boolean] => typeof entry[1] === 'boolean')
    .map(([type, wanted]) => ({ userId, type, email: wanted }));
  if (values.length > 0) {
    await ctx.db
      .insert(notificationPreferences)
      .values(values)
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.type],
        set: { email: sql`excluded.email`, updatedAt: new Date() },
      });
  }
  return preferencesOf(ctx.db, userId);
}
