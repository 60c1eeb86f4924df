/**
 * Joining a company: invitations (admins), their public preview, sign-up (with an invitation, or
 * creating a company), accepting an invitation when signed in, and creating a company.
 *
 * An invitation's token is `HMAC(invitations secret, invitation id)`, base64url: the database keeps
 * only its SHA-256 (a copied database does not give working links), and the server can show the
 * link to admins again. Valid 7 days (renewed by a resend), single use. The link carries the token
 * in its fragment (`/invite#<token>`), which browsers never send to servers, so it stays out of
 * access logs.
 */
import { createHash, createHmac } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import type { Actor } from '../../events/record.ts';
import type { Executor } from '../../db/client.ts';
import type { AppContext, Principal } from '../../types.ts';
import { companies, invitations, users } from '../../db/schema.ts';
import { recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, invalidField, notFound } from '../../http/errors.ts';
import { escapeHtml, sendMail } from '../../lib/mail.ts';
import { hashPassword } from '../../lib/password.ts';
import { requireCompany, requirePermission } from '../../policies/index.ts';
import { normalizeEmail, openSession } from '../auth/index.ts';
import { openCreditAccount, requireFreeSeat } from '../credits/index.ts';

export const INVITATION_DAYS = 7;
const DAY_MS = 24 * 3600 * 1000;

const tokenOf = (ctx: AppContext, invitationId: string) =>
  createHmac('sha256', ctx.secrets.invitations).update(invitationId).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The link an invitee opens. */
export function invitationLink(ctx: AppContext, invitationId: string, origin: string) {
  return `${ctx.config.publicUrl ?? origin}/invite#${tokenOf(ctx, invitationId)}`;
}

const invitationGone = () =>
  new ApiError(
    404,
    'This invitation link is not valid: it may have expired, been used or been withdrawn. Ask for a new one.',
    ErrorCode.invitationNotFound,
  );

type InvitationRow = typeof invitations.$inferSelect;

function statusOf(row: InvitationRow, now = Date.now()) {
  if (row.status === 'pending' && row.expiresAt.getTime() <= now) return 'expired' as const;
  return row.status;
}

async function present(
  ctx: AppContext,
  row: InvitationRow,
  origin: string,
  inviter: { id: string; name: string } | null,
) {
  const status = statusOf(row);
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    status,
    invitedBy: inviter,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    link: status === 'pending' ? invitationLink(ctx, row.id, origin) : null,
  };
}

export async function listInvitations(ctx: AppContext, principal: Principal, origin: string) {
  const company = requireCompany(principal);
  requirePermission(principal, 'manageMembers');
  const rows = await ctx.db
    .select({ invitation: invitations, inviterName: users.name })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedByUserId))
    .where(eq(invitations.companyId, company.id))
    .orderBy(desc(invitations.createdAt))
    .limit(500);
  return Promise.all(
    rows.map(({ invitation, inviterName }) =>
      present(
        ctx,
        invitation,
        origin,
        invitation.invitedByUserId && inviterName ? { id: invitation.invitedByUserId, name: inviterName } : null,
      ),
    ),
  );
}

/** Emails the link when a mail server is configured; false when none is, or sending failed (logged). */
async function mailInvitation(
  ctx: AppContext,
  row: InvitationRow,
  inviterName: string,
  companyName: string,
  link: string,
) {
  try {
    const sent = await sendMail(ctx.config, {
      to: row.email,
      subject: `${inviterName} invited you to ${companyName} on Workspace`,
      text: `${inviterName} invited you to join ${companyName} on Workspace as ${row.role === 'admin' ? 'an admin' : 'a member'}.\n\nOpen this link to accept (valid until ${row.expiresAt.toUTCString()}):\n${link}\n`,
      html: `<p>${escapeHtml(inviterName)} invited you to join <strong>${escapeHtml(companyName)}</strong> on Workspace.</p><p><a href="${escapeHtml(link)}">Accept the invitation</a> (valid until ${escapeHtml(row.expiresAt.toUTCString())}).</p>`,
    });
    if (sent) await ctx.db.update(invitations).set({ sentAt: new Date() }).where(eq(invitations.id, row.id));
    return sent;
  } catch (error) {
    ctx.logger.warn(`invitation email to ${row.email} failed: ${(error as Error).message}`);
    return false;
  }
}

export async function createInvitation(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; role: 'admin' | 'member' },
  origin: string,
) {
  const company = requireCompany(actor.principal);
  requirePermission(actor.principal, 'manageMembers');
  const email = normalizeEmail(input.email);
  const row = await ctx.db.transaction(async (tx) => {
    const [member] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), eq(users.companyId, company.id)));
    if (member) throw new ApiError(409, `${email} is already a member of ${company.name}`, ErrorCode.alreadyMember);
    await requireFreeSeat(tx, company.id);
    // A new invitation replaces a pending one for the same address.
    await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(
        and(eq(invitations.companyId, company.id), eq(invitations.email, email), eq(invitations.status, 'pending')),
      );
    const id = crypto.randomUUID();
    const [created] = await tx
      .insert(invitations)
      .values({
        id,
        companyId: company.id,
        email,
        role: input.role,
        tokenHash: hashOf(tokenOf(ctx, id)),
        invitedByUserId: actor.principal.user.id,
        expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS),
      })
      .returning();
    return created!;
  });
  const link = invitationLink(ctx, row.id, origin);
  const emailSent = await mailInvitation(ctx, row, actor.principal.user.name, company.name, link);
  const [fresh] = await ctx.db.select().from(invitations).where(eq(invitations.id, row.id));
  const inviter = { id: actor.principal.user.id, name: actor.principal.user.name };
  return { invitation: await present(ctx, fresh ?? row, origin, inviter), emailSent };
}

async function pendingOf(ctx: AppContext, companyId: string, invitationId: string) {
  const [row] = await ctx.db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.companyId, companyId)));
  if (!row) throw notFound('Invitation not found');
  return row;
}

export async function resendInvitation(ctx: AppContext, actor: Actor, invitationId: string, origin: string) {
  const company = requireCompany(actor.principal);
  requirePermission(actor.principal, 'manageMembers');
  const row = await pendingOf(ctx, company.id, invitationId);
  if (row.status !== 'pending') {
    throw new ApiError(409, `This invitation was ${row.status}: invite ${row.email} again instead`, ErrorCode.conflict);
  }
  const [renewed] = await ctx.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() + INVITATION_DAYS * DAY_MS) })
    .where(eq(invitations.id, row.id))
    .returning();
  const link = invitationLink(ctx, row.id, origin);
  const emailSent = await mailInvitation(ctx, renewed!, actor.principal.user.name, company.name, link);
  const [fresh] = await ctx.db.select().from(invitations).where(eq(invitations.id, row.id));
  const [inviter] = row.invitedByUserId
    ? await ctx.db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, row.invitedByUserId))
    : [];
  return { invitation: await present(ctx, fresh!, origin, inviter ?? null), emailSent };
}

export async function revokeInvitation(ctx: AppContext, actor: Actor, invitationId: string) {
  const company = requireCompany(actor.principal);
  requirePermission(actor.principal, 'manageMembers');
  const row = await pendingOf(ctx, company.id, invitationId);
  if (row.status === 'pending') {
    await ctx.db.update(invitations).set({ status: 'revoked' }).where(eq(invitations.id, row.id));
  }
}

/** The pending, unexpired invitation a token opens, or the one 404 for every other case. */
async function openInvitation(executor: Executor, token: string, lock = false) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw invitationGone();
  const query = executor
    .select()
    .from(invitations)
    .where(
      and(
        eq(invitations.tokenHash, hashOf(token)),
        eq(invitations.status, 'pending'),
        gt(invitations.expiresAt, sql`now()`),
      ),
    );
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw invitationGone();
  return row;
}

export async function previewInvitation(ctx: AppContext, token: string) {
  const row = await openInvitation(ctx.db, token);
  const [company] = await ctx.db.select().from(companies).where(eq(companies.id, row.companyId));
  const [inviter] = row.invitedByUserId
    ? await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, row.invitedByUserId))
    : [];
  if (!company) throw invitationGone();
  return {
    companyName: company.name,
    inviterName: inviter?.name ?? null,
    email: row.email,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export async function emailExists(ctx: AppContext, email: string) {
  const [row] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, normalizeEmail(email)));
  return Boolean(row);
}

const COMMON_PASSWORDS = new Set([
  'password12',
  'password123',
  'password1234',
  '1234567890',
  '12345678910',
  'qwertyuiop',
  'qwerty1234',
  'iloveyou12',
  'letmein123',
  'welcome123',
  'abcdefghij',
  'abc1234567',
  'passw0rd123',
  'administrator',
  'workspace123',
  '0123456789',
  '1111111111',
  'qwertyuiop123',
  'football123',
  'monkey12345',
]);

/**
 * Why a new password is refused, or null: at least 10 characters, not one character repeated, not
 * a well-known password, not the email or the name.
 */
export function passwordProblem(password: string, who: { email: string; name: string }): string | null {
  if ([...password].length < 10) return 'must be at least 10 characters long';
  if (new Set(password).size < 3) return 'must use more than one or two different characters';
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'is one of the most common passwords; choose another';
  const local = normalizeEmail(who.email);
  if (lower === local || lower === local.split('@')[0] || lower === who.name.trim().toLowerCase()) {
    return 'must not be your email or your name';
  }
  return null;
}

/** Makes a company with the user as its first admin (inside the caller's transaction). */
async function makeCompany(tx: Executor, userId: string, name: string) {
  const [company] = await tx.insert(companies).values({ name }).returning();
  await openCreditAccount(tx, company!.id);
  await tx
    .update(users)
    .set({ companyId: company!.id, role: 'admin', joinedCompanyAt: new Date(), updatedAt: new Date() })
    .where(eq(users.id, userId));
  return company!;
}

/** Joins the invitation's company (inside the caller's transaction, the invitation locked). */
async function join(tx: Executor, invitation: InvitationRow, userId: string) {
  await requireFreeSeat(tx, invitation.companyId, { lock: true });
  await tx
    .update(users)
    .set({
      companyId: invitation.companyId,
      role: invitation.role,
      joinedCompanyAt: new Date(),
      teamId: null,
      managerUserId: null,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId));
  await tx
    .update(invitations)
    .set({ status: 'accepted', acceptedAt: new Date(), acceptedByUserId: userId })
    .where(eq(invitations.id, invitation.id));
}

/** The actor of a join: the person, as a member of the company they joined. */
async function joinedActor(tx: Executor, userId: string, companyId: string): Promise<Actor> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId));
  const [company] = await tx.select().from(companies).where(eq(companies.id, companyId));
  return {
    principal: {
      user: {
        id: user!.id,
        email: user!.email,
        name: user!.name,
        version: user!.version,
        title: user!.title,
        companyId,
        role: user!.role,
        createdAt: user!.createdAt,
      },
      company: { id: companyId, name: company!.name },
      credential: { kind: 'session', sessionId: '', expiresAt: new Date() },
    },
  };
}

export type SignUpInput = {
  name: string;
  email: string;
  password: string;
  invitationToken?: string;
  companyName?: string;
};

export async function signUp(ctx: AppContext, input: SignUpInput) {
  const email = normalizeEmail(input.email);
  const problem = passwordProblem(input.password, { email, name: input.name });
  if (problem) throw invalidField('password', problem);
  if (!input.invitationToken && !input.companyName?.trim()) {
    throw invalidField('companyName', 'is required to create your company (or sign up with an invitation)');
  }
  const passwordHash = await hashPassword(input.password);
  return ctx.db.transaction(async (tx) => {
    const invitation = input.invitationToken ? await openInvitation(tx, input.invitationToken, true) : null;
    const [user] = await tx
      .insert(users)
      .values({ email, name: input.name.trim(), passwordHash })
      .onConflictDoNothing()
      .returning();
    if (!user) {
      throw new ApiError(409, `An account with ${email} already exists: sign in instead`, ErrorCode.emailTaken);
    }
    const companyId = invitation
      ? (await join(tx, invitation, user.id), invitation.companyId)
      : (await makeCompany(tx, user.id, input.companyName!.trim())).id;
    await recordEvent(tx, await joinedActor(tx, user.id, companyId), 'organization.updated', { companyId });
    return openSession(ctx, user.id, tx);
  });
}

const alreadyInCompany = (principal: Principal) =>
  new ApiError(
    409,
    `You are already a member of ${principal.company?.name ?? 'a company'}: a person belongs to one company`,
    ErrorCode.alreadyInCompany,
  );

export async function acceptInvitation(ctx: AppContext, principal: Principal, token: string) {
  if (principal.company) throw alreadyInCompany(principal);
  const companyId = await ctx.db.transaction(async (tx) => {
    const invitation = await openInvitation(tx, token, true);
    // Read again under the lock: the cached principal may be a moment old.
    const [user] = await tx.select().from(users).where(eq(users.id, principal.user.id)).for('update');
    if (user?.companyId) throw alreadyInCompany(principal);
    await join(tx, invitation, principal.user.id);
    await recordEvent(tx, await joinedActor(tx, principal.user.id, invitation.companyId), 'organization.updated', {
      companyId: invitation.companyId,
    });
    return invitation.companyId;
  });
  await ctx.auth.invalidate({ userId: principal.user.id }, { revoked: false });
  return { companyId };
}

export async function createCompany(ctx: AppContext, principal: Principal, name: string) {
  if (principal.company) throw alreadyInCompany(principal);
  const companyId = await ctx.db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, principal.user.id)).for('update');
    if (user?.companyId) throw alreadyInCompany(principal);
    const company = await makeCompany(tx, principal.user.id, name.trim());
    await recordEvent(tx, await joinedActor(tx, principal.user.id, company.id), 'organization.updated', {
      companyId: company.id,
    });
    return company.id;
  });
  await ctx.auth.invalidate({ userId: principal.user.id }, { revoked: false });
  return { companyId };
}
