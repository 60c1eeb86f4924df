import { and, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { AppContext } from '../../types.ts';
import { authSessions, users } from '../../db/schema.ts';
import { ApiError, ErrorCode } from '../../http/errors.ts';
import { signToken } from '../../lib/jwt.ts';
import { decoyHash, verifyPassword } from '../../lib/password.ts';
import { SESSION_AUDIENCE } from './authenticator.ts';

export type SignedIn = { token: string; expiresAt: Date };

/** The form of an email that accounts are stored and counted under. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** A sign-in refused for a wrong email or password (what the sign-in limits count). */
export const isInvalidCredentials = (error: unknown) =>
  error instanceof ApiError && error.code === ErrorCode.invalidCredentials;

/** Checks the password and opens a session: a signed JWT whose `jti` is the session row. */
export async function signIn(ctx: AppContext, email: string, password: string): Promise<SignedIn> {
  const [user] = await ctx.db
    .select()
    .from(users)
    .where(eq(users.email, normalizeEmail(email)))
    .limit(1);
  // Hash against a decoy when the account does not exist, so timing does not reveal accounts.
  const valid = await verifyPassword(password, user?.passwordHash ?? (await decoyHash()));
  if (!user || !valid) {
    throw new ApiError(401, 'Email or password is incorrect', ErrorCode.invalidCredentials);
  }
  return openSession(ctx, user.id);
}

/** Opens a session for a user: a signed JWT whose `jti` is the session row. */
export async function openSession(ctx: AppContext, userId: string, executor: Executor = ctx.db): Promise<SignedIn> {
  const issuedAt = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((issuedAt + ctx.config.sessionTtlSeconds) * 1000);
  const [session] = await executor.insert(authSessions).values({ userId, expiresAt }).returning();
  if (!session) throw new Error('session insert returned no row');
  const token = signToken(
    {
      sub: userId,
      aud: SESSION_AUDIENCE,
      iat: issuedAt,
      exp: Math.floor(expiresAt.getTime() / 1000),
      jti: session.id,
    },
    ctx.secrets.session,
  );
  return { token, expiresAt };
}

/** Revokes a session; its token answers 401 `SESSION_REVOKED` from then on, on every instance. */
export async function signOut(ctx: AppContext, sessionId: string): Promise<void> {
  await ctx.db
    .update(authSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(authSessions.id, sessionId), isNull(authSessions.revokedAt)));
  await ctx.auth.invalidate({ sessionId });
}
