/**
 * What the scheduler's tick does for notifications (automation/scheduler.ts calls
 * `runNotificationTasks` on every tick, apart from its other steps):
 *
 * 1. Wakes the snoozes that are due: `snoozed_until` cleared (the notification is back in the
 *    inbox and the count, unread), and `notifications.changed` (state `woken`, the ids) recorded
 *    for each person, in the same transaction. Safe with several instances on one database: due
 *    rows are claimed with `for update skip locked` inside the UPDATE, so each is woken, and
 *    announced, once.
 * 2. Emails digests, only when a mail server is configured (`config.mail`): per person, one
 *    message with their unread notifications wanted by email (`email_wanted`, the preference when
 *    each was created) created at least `notificationEmailDelayMs` ago (default 5 minutes) and not
 *    yet emailed. Read ones are never emailed; snoozed ones wait until they are back. Each
 *    person's rows are claimed (`emailed_at` set) in one statement before the message is sent,
 *    so no transaction stays open while the mail server answers and two instances never send the
 *    same notification; if sending fails, the claim is undone and the next tick tries again.
 *    Notifications of a company the person has left are claimed and not sent.
 */
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { companies, notifications, users } from '../../db/schema.ts';
import { escapeHtml, sendMail } from '../../lib/mail.ts';
import type { AppContext } from '../../types.ts';
import { announceChange } from './notify.ts';
import type { NotificationType } from './schemas.ts';

/** Rows woken per transaction, and people emailed per query, before the next batch. */
const BATCH = 200;
/** The default of `notificationEmailDelayMs` (NOTIFICATION_EMAIL_DELAY_SECONDS, 300). */
export const DEFAULT_NOTIFICATION_EMAIL_DELAY_MS = 300_000;
/** At most this many notifications are written out in one message; the rest are counted. */
export const DIGEST_MAX_LISTED = 20;
/** A pass gives up on mail after this many failed messages (the server is probably down). */
const MAX_FAILURES = 3;

type WokenRow = { id: string; user_id: string; company_id: string };

/**
 * Wakes every snooze due at `now` (tests pass their own `now`), recording `notifications.changed`
 * (`woken`) per person; returns how many notifications woke.
 */
export async function wakeSnoozedNotifications(ctx: AppContext, now: Date = new Date()): Promise<number> {
  let total = 0;
  for (;;) {
    const woken = await ctx.db.transaction(async (tx) => {
      const result = await tx.execute(sql`
        update ${notifications} set snoozed_until = null
        where id in (
          select id from ${notifications}
          where snoozed_until is not null and snoozed_until <= ${now.toISOString()}::timestamptz
          order by snoozed_until, id
          limit ${BATCH}
          for update skip locked)
        returning id, user_id, company_id`);
      const due = rows<WokenRow>(result);
      const perPerson = new Map<string, { companyId: string; userId: string; ids: string[] }>();
      for (const row of due) {
        const key = `${row.company_id}:${row.user_id}`;
        const entry = perPerson.get(key) ?? { companyId: row.company_id, userId: row.user_id, ids: [] };
        entry.ids.push(row.id);
        perPerson.set(key, entry);
      }
      for (const { companyId, userId, ids } of perPerson.values()) {
        await announceChange(tx, { system: { companyId } }, companyId, userId, { ids: ids.sort(), state: 'woken' });
      }
      return due.length;
    });
    total += woken;
    if (woken < BATCH) return total;
  }
}

type DigestRow = {
  id: string;
  company_id: string;
  type: NotificationType;
  actor_name: string;
  title: string;
  snippet: string;
  created_at: Date | string;
};

/** The condition of a notification waiting to be emailed at `now`, created at or before `cutoff`. */
const awaitingEmail = (now: Date, cutoff: Date) => sql`
  ${notifications.emailWanted} and ${notifications.emailedAt} is null and ${notifications.readAt} is null
  and ${notifications.createdAt} <= ${cutoff.toISOString()}::timestamptz
  and (${notifications.snoozedUntil} is null or ${notifications.snoozedUntil} <= ${now.toISOString()}::timestamptz)`;

/**
 * Emails each person one digest of their notifications waiting at `now` (nothing without
 * `config.mail`); returns how many messages were sent.
 */
export async function sendNotificationEmails(ctx: AppContext, now: Date = new Date()): Promise<number> {
  if (!ctx.config.mail) return 0;
  const cutoff = new Date(now.getTime() - (ctx.config.notificationEmailDelayMs ?? DEFAULT_NOTIFICATION_EMAIL_DELAY_MS));
  const failed = new Set<string>();
  let sent = 0;
  for (;;) {
    const skip = failed.size
      ? sql`and ${notifications.userId} not in (${sql.join(
          [...failed].map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
    const people = rows<{ user_id: string }>(
      await ctx.db.execute(sql`
        select distinct ${notifications.userId} as user_id from ${notifications}
        where ${awaitingEmail(now, cutoff)} ${skip}
        limit ${BATCH}`),
    );
    for (const { user_id: userId } of people) {
      // A person is due once their oldest waiting notification has waited the delay; the digest
      // then takes everything of theirs waiting, newer ones too (one message, not one per tick).
      const claimed = await claim(ctx.db, userId, now, now);
      if (claimed.length === 0) continue;
      try {
        if (await emailDigest(ctx, userId, claimed)) sent++;
      } catch (error) {
        failed.add(userId);
        const code = (error as { responseCode?: unknown }).responseCode;
        if (typeof code === 'number' && code >= 500 && code < 600) {
          // Refused for good (a 5xx SMTP reply: no such mailbox, …): the digest is dropped, or this
          // address would be tried first on every tick and hold back everyone after it.
          ctx.logger.warn(`notifications: a digest was refused by the mail server (${code}) and dropped`);
          continue;
        }
        // Not sent (the mail server is down or busy): the next tick tries these again.
        await ctx.db.execute(sql`update ${notifications} set emailed_at = null
          where id in (${sql.join(
            claimed.map((row) => sql`${row.id}`),
            sql`, `,
          )})`);
        ctx.logger.warn(`notifications: emailing a digest failed: ${(error as Error).message}`);
        if (failed.size >= MAX_FAILURES) return sent;
      }
    }
    if (people.length < BATCH) return sent;
  }
}

/** Marks one person's waiting notifications emailed, and returns them (none that another instance took). */
async function claim(db: Executor, userId: string, now: Date, cutoff: Date): Promise<DigestRow[]> {
  const result = await db.execute(sql`
    update ${notifications} set emailed_at = ${now.toISOString()}::timestamptz
    where id in (
      select id from ${notifications}
      where ${notifications.userId} = ${userId} and ${awaitingEmail(now, cutoff)}
      for update skip locked)
    returning id, company_id, type, actor_name, title, snippet, created_at`);
  return rows<DigestRow>(result).sort(
    (a, b) => new Date(b.created_at).getTime() - new Date(a.created_at).getTime() || b.id.localeCompare(a.id),
  );
}

/** Sends the digest of `claimed` to its person; false when there is nothing to send them (they left the company). */
async function emailDigest(ctx: AppContext, userId: string, claimed: DigestRow[]): Promise<boolean> {
  const [person] = await ctx.db
    .select({ email: users.email, name: users.name, companyId: users.companyId, company: companies.name })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!person) return false;
  const items = claimed.filter((row) => row.company_id === person.companyId);
  if (items.length === 0) return false;
  return sendMail(ctx.config, digestMessage(person, items, ctx.config.publicUrl));
}

/** One line about a notification, as the inbox would say it. */
export function headline(row: Pick<DigestRow, 'type' | 'actor_name' | 'title'>): string {
  const who = row.actor_name || 'Someone';
  const what = `“${row.title}”`;
  switch (row.type) {
    case 'mention':
      return `${who} mentioned you on ${what}`;
    case 'reply':
      return `${who} replied on ${what}`;
    case 'card_assigned':
      return `${who} assigned you ${what}`;
    case 'agent_work_completed':
      return `${who} completed ${what}`;
    case 'agent_work_failed':
      return `${who} failed on ${what}`;
    case 'file_granted':
      return `${who} granted an agent you are responsible for ${what}`;
    case 'credits_low':
      return `Credits are running low (${row.title})`;
    case 'credits_exhausted':
      return `Out of credits (${row.title}): agents take no new work`;
  }
}

/** The digest: plain text and escaped HTML, a line per notification (at most DIGEST_MAX_LISTED), a link to the inbox. */
export function digestMessage(
  person: { email: string; name: string; company: string },
  items: Pick<DigestRow, 'type' | 'actor_name' | 'title' | 'snippet'>[],
  publicUrl: string | undefined,
) {
  const count = items.length;
  const listed = items.slice(0, DIGEST_MAX_LISTED);
  const more = count - listed.length;
  const inbox = publicUrl ? `${publicUrl.replace(/\/$/, '')}/inbox` : null;
  const subject = count === 1 ? headline(items[0]!) : `${count} unread notifications in ${person.company}`;
  const intro = `You have ${count === 1 ? 'an unread notification' : `${count} unread notifications`} in ${person.company}:`;
  const footer = 'You get these emails for the types you chose in Settings → Notifications.';
  const text = [
    `Hello ${person.name},`,
    '',
    intro,
    '',
    ...listed.flatMap((item) => [`- ${headline(item)}`, ...(item.snippet ? [`  ${item.snippet}`] : [])]),
    ...(more > 0 ? [`…and ${more} more.`] : []),
    '',
    inbox ? `Open your inbox: ${inbox}` : 'Open your inbox in Workspace to see them.',
    '',
    footer,
  ].join('\n');
  const html = [
    `<p>Hello ${escapeHtml(person.name)},</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<ul>',
    ...listed.map(
      (item) =>
        `<li><strong>${escapeHtml(headline(item))}</strong>${item.snippet ? `<br>${escapeHtml(item.snippet)}` : ''}</li>`,
    ),
    '</ul>',
    ...(more > 0 ? [`<p>…and ${more} more.</p>`] : []),
    inbox
      ? `<p><a href="${escapeHtml(inbox)}">Open your inbox</a></p>`
      : '<p>Open your inbox in Workspace to see them.</p>',
    `<p>${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to: person.email, subject, text, html };
}

/**
 * The scheduler's notifications step: wakes due snoozes, then emails digests. A failure of one
 * does not stop the other; the first failure is thrown after both ran.
 */
export async function runNotificationTasks(
  ctx: AppContext,
  now: Date = new Date(),
): Promise<{ woken: number; emailed: number }> {
  let failure: unknown;
  let woken = 0;
  let emailed = 0;
  try {
    woken = await wakeSnoozedNotifications(ctx, now);
  } catch (error) {
    failure = error;
  }
  try {
    emailed = await sendNotificationEmails(ctx, now);
  } catch (error) {
    failure ??= error;
  }
  if (failure) throw failure;
  return { woken, emailed };
}
