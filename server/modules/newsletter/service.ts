/**
 * Newsletter signup with double opt-in, and the admins' view of the subscribers.
 *
 * - **No oracle.** `subscribe` answers the same whatever state the address is in, and its email
 *   goes out after the answer (not awaited), so neither the body nor the timing tells whether an
 *   address is on the list.
 * - **Confirmation token**: 32 random bytes (base64url), only its SHA-256 stored, valid 7 days.
 *   A new confirmation email replaces it (older links stop working). It is kept once confirmed, so
 *   opening the link again answers the same; unsubscribing clears it, so an old confirmation link
 *   cannot undo an unsubscribe.
 * - **Unsubscribe token**: `<subscriber id>.<HMAC-SHA256(id)>` with a key derived from the server's
 *   signing secret: stateless, never expires, the same in every email to the address.
 * - A pending address gets a new email at most every 10 minutes; a confirmed one gets none.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { csvFileName, csvLine } from '../../lib/csv.ts';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { companies, newsletterSubscribers } from '../../db/schema.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { escapeHtml, sendMail } from '../../lib/mail.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import type { AppContext, Principal } from '../../types.ts';
import { normalizeEmail } from '../auth/index.ts';
import type { NewsletterSubscriber, NewsletterSubscriberFilters, NewsletterSubscribersQuery } from './schemas.ts';

export const CONFIRM_DAYS = 7;
export const RESEND_MINUTES = 10;
const DAY_MS = 24 * 3600 * 1000;
const MINUTE_MS = 60 * 1000;

/** What `subscribeNewsletter` answers, whatever the address's state. */
export const SIGNUP_ACCEPTED =
  'Thanks! If this address is not subscribed yet, an email with a confirmation link is on its way. Open it to confirm.';

type SubscriberRow = typeof newsletterSubscribers.$inferSelect;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const newConfirmToken = () => randomBytes(32).toString('base64url');

const unsubscribeKey = (ctx: AppContext) =>
  createHmac('sha256', ctx.secrets.session).update('newsletter-unsubscribe').digest();
const unsubscribeMac = (ctx: AppContext, subscriberId: string) =>
  createHmac('sha256', unsubscribeKey(ctx)).update(subscriberId).digest('base64url');

/** The token of a subscriber's unsubscribe links. */
export const unsubscribeToken = (ctx: AppContext, subscriberId: string) =>
  `${subscriberId}.${unsubscribeMac(ctx, subscriberId)}`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The subscriber id an unsubscribe token was made for, or null when it is not one. */
function subscriberOfToken(ctx: AppContext, token: string): string | null {
  const [id, mac, ...rest] = token.split('.');
  if (!id || !mac || rest.length > 0 || !UUID.test(id)) return null;
  const expected = Buffer.from(unsubscribeMac(ctx, id));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

const stripSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The links of a newsletter email. `origin` is the web app's: `PUBLIC_URL`, else the origin the
 * request was made to (handlers.ts).
 */
export function newsletterLinks(ctx: AppContext, origin: string, subscriberId: string, confirmToken?: string) {
  const base = stripSlash(ctx.config.publicUrl ?? origin);
  const unsubscribe = encodeURIComponent(unsubscribeToken(ctx, subscriberId));
  return {
    confirm: confirmToken ? `${base}/newsletter/confirm?token=${encodeURIComponent(confirmToken)}` : undefined,
    unsubscribe: `${base}/newsletter/unsubscribe?token=${unsubscribe}`,
    /** RFC 8058 one-click: what a mail client posts to (`List-Unsubscribe`). */
    oneClick: `${base}/api/newsletter/unsubscribe/one-click?token=${unsubscribe}`,
  };
}

async function companyOf(db: Executor, companyId: string) {
  const [company] = await db
    .select({ id: companies.id, name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!company) throw notFound('No such newsletter');
  return company;
}

export async function getNewsletter(ctx: AppContext, companyId: string) {
  const company = await companyOf(ctx.db, companyId);
  return { companyId: company.id, companyName: company.name };
}

/** Emails in flight (sent after the answer); tests wait for them with `settleNewsletterMail`. */
const inFlight = new Set<Promise<void>>();

/** Resolves once every newsletter email started so far has been sent (or has failed). */
export async function settleNewsletterMail() {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}

type Confirmation = { subscriberId: string; email: string; companyName: string; token: string };

/**
 * Sends the confirmation email; without a mail server, logs its link for the operator. Failures
 * are logged: the signup has been answered already.
 */
async function mailConfirmation(ctx: AppContext, origin: string | null, confirmation: Confirmation) {
  const { subscriberId, email, companyName, token } = confirmation;
  const base = ctx.config.publicUrl ?? origin;
  if (!base) {
    ctx.logger.warn(
      `newsletter: no confirmation email for ${email}: the signup came for a host this server does not know, and PUBLIC_URL is not set (set PUBLIC_URL, or list the host in ALLOWED_HOSTS)`,
    );
    return;
  }
  const links = newsletterLinks(ctx, base, subscriberId, token);
  const expires = new Date(Date.now() + CONFIRM_DAYS * DAY_MS).toUTCString();
  try {
    const sent = await sendMail(ctx.config, {
      to: email,
      subject: `Confirm your subscription to ${companyName}’s newsletter`,
      text: `Someone (we hope you) asked to receive ${companyName}’s newsletter at this address.\n\nOpen this link to confirm (valid until ${expires}):\n${links.confirm}\n\nIf it was not you, ignore this email: nothing will be sent unless you confirm.\nTo stop all email from this list: ${links.unsubscribe}\n`,
      html: `<p>Someone (we hope you) asked to receive <strong>${escapeHtml(companyName)}</strong>’s newsletter at this address.</p><p><a href="${escapeHtml(links.confirm!)}">Confirm your subscription</a> (valid until ${escapeHtml(expires)}).</p><p>If it was not you, ignore this email: nothing will be sent unless you confirm.</p><p><a href="${escapeHtml(links.unsubscribe)}">Unsubscribe</a></p>`,
      headers: {
        'List-Unsubscribe': `<${links.oneClick}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    });
    if (!sent) {
      ctx.logger.info(`newsletter: no mail server configured; confirmation link for ${email}: ${links.confirm}`);
    }
  } catch (error) {
    ctx.logger.warn(`newsletter: confirmation email to ${email} failed: ${(error as Error).message}`);
  }
}

/**
 * Signs `email` up for `companyId`'s newsletter (see the file's comment for the rules). Answers
 * before the email is sent.
 */
export async function subscribe(ctx: AppContext, input: { companyId: string; email: string }, origin: string | null) {
  const company = await companyOf(ctx.db, input.companyId);
  const email = normalizeEmail(input.email);
  const confirmation = await ctx.db.transaction(async (tx): Promise<Confirmation | null> => {
    const now = new Date();
    const token = newConfirmToken();
    const fresh = {
      status: 'pending' as const,
      confirmTokenHash: hashOf(token),
      confirmExpiresAt: new Date(now.getTime() + CONFIRM_DAYS * DAY_MS),
      requestedAt: now,
      updatedAt: now,
    };
    const [created] = await tx
      .insert(newsletterSubscribers)
      .values({ companyId: company.id, email, ...fresh })
      .onConflictDoNothing()
      .returning({ id: newsletterSubscribers.id });
    if (created) return { subscriberId: created.id, email, companyName: company.name, token };
    const [row] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(and(eq(newsletterSubscribers.companyId, company.id), eq(newsletterSubscribers.email, email)))
      .for('update');
    if (!row || row.status === 'confirmed') return null;
    if (row.status === 'pending' && now.getTime() - row.requestedAt.getTime() < RESEND_MINUTES * MINUTE_MS) {
      return null;
    }
    await tx.update(newsletterSubscribers).set(fresh).where(eq(newsletterSubscribers.id, row.id));
    return { subscriberId: row.id, email, companyName: company.name, token };
  });
  if (confirmation) {
    const sending = mailConfirmation(ctx, origin, confirmation).finally(() => inFlight.delete(sending));
    inFlight.add(sending);
  }
  return { message: SIGNUP_ACCEPTED };
}

async function subscriptionOf(ctx: AppContext, row: SubscriberRow) {
  const company = await companyOf(ctx.db, row.companyId);
  return { companyName: company.name, email: row.email, status: row.status };
}

const badToken = (message: string) => invalidField('token', message);

export async function confirm(ctx: AppContext, token: string) {
  const invalid = () =>
    badToken(
      'This confirmation link is not valid: it may have expired or been replaced by a newer one. Sign up again for a new link.',
    );
  const [row] = await ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, hashOf(token)));
  if (!row) throw invalid();
  if (row.status === 'pending') {
    if (!row.confirmExpiresAt || row.confirmExpiresAt.getTime() <= Date.now()) throw invalid();
    const now = new Date();
    const [confirmed] = await ctx.db
      .update(newsletterSubscribers)
      .set({ status: 'confirmed', confirmedAt: now, unsubscribedAt: null, updatedAt: now })
      .where(and(eq(newsletterSubscribers.id, row.id), eq(newsletterSubscribers.status, 'pending')))
      .returning();
    return subscriptionOf(ctx, confirmed ?? row);
  }
  // Confirmed already (the link opened twice): the same answer. An unsubscribed row has no token.
  return subscriptionOf(ctx, row);
}

export async function unsubscribe(ctx: AppContext, token: string) {
  const id = subscriberOfToken(ctx, token);
  if (!id) throw badToken('This unsubscribe link is not valid. Use the link of an email from the list.');
  const now = new Date();
  const [changed] = await ctx.db
    .update(newsletterSubscribers)
    .set({
      status: 'unsubscribed',
      unsubscribedAt: now,
      confirmTokenHash: null,
      confirmExpiresAt: null,
      updatedAt: now,
    })
    .where(and(eq(newsletterSubscribers.id, id), sql`${newsletterSubscribers.status} <> 'unsubscribed'`))
    .returning();
  if (changed) return subscriptionOf(ctx, changed);
  const [row] = await ctx.db.select().from(newsletterSubscribers).where(eq(newsletterSubscribers.id, id));
  if (!row) throw notFound('This address is not on the list any more.');
  return subscriptionOf(ctx, row);
}

function present(row: SubscriberRow): NewsletterSubscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    requestedAt: row.requestedAt.toISOString(),
    confirmedAt: row.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: row.unsubscribedAt?.toISOString() ?? null,
  };
}

function requireManager(principal: Principal) {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageContent');
  return company;
}

function matching(companyId: string, filters: NewsletterSubscriberFilters): SQL {
  const conditions: SQL[] = [eq(newsletterSubscribers.companyId, companyId)];
  if (filters.status) conditions.push(eq(newsletterSubscribers.status, filters.status));
  if (filters.q) conditions.push(sql`strpos(${newsletterSubscribers.email}, ${filters.q.toLowerCase()}) > 0`);
  return and(...conditions)!;
}

const newestFirst = [desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id)];

export async function listSubscribers(ctx: AppContext, principal: Principal, query: NewsletterSubscribersQuery) {
  const company = requireManager(principal);
  const rows = await ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(matching(company.id, query))
    .orderBy(...newestFirst)
    .limit(query.limit)
    .offset(query.offset);
  return rows.map(present);
}

/** The export's columns. */
export const CSV_COLUMNS = ['email', 'status', 'subscribed', 'confirmed', 'unsubscribed'] as const;

/** Every matching subscriber as CSV (a newsletter list is small enough to build in memory). */
export async function exportSubscribers(ctx: AppContext, principal: Principal, filters: NewsletterSubscriberFilters) {
  const company = requireManager(principal);
  const rows = await ctx.db
    .select()
    .from(newsletterSubscribers)
    .where(matching(company.id, filters))
    .orderBy(...newestFirst);
  const lines = [csvLine([...CSV_COLUMNS])];
  for (const row of rows) {
    lines.push(
      csvLine([
        row.email,
        row.status,
        row.createdAt.toISOString(),
        row.confirmedAt?.toISOString() ?? null,
        row.unsubscribedAt?.toISOString() ?? null,
      ]),
    );
  }
  return { fileName: csvFileName('newsletter', company.name, new Date()), csv: lines.join('') };
}

export async function deleteSubscriber(ctx: AppContext, principal: Principal, subscriberId: string) {
  const company = requireManager(principal);
  const [deleted] = await ctx.db
    .delete(newsletterSubscribers)
    .where(and(eq(newsletterSubscribers.id, subscriberId), eq(newsletterSubscribers.companyId, company.id)))
    .returning({ id: newsletterSubscribers.id });
  if (!deleted) throw notFound('Subscriber not found');
}
