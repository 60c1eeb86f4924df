import { eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../context.ts';
import { users } from '../../db/schema.ts';
import { signToken } from '../../lib/jwt.ts';

export const SUPPORT_AUDIENCE = 'support-widget';
const SUPPORT_TOKEN_TTL_SECONDS = 3600;

/** What a role may do; the client shows or hides controls from this, the server enforces it. */
export function permissionsOf(principal: Principal) {
  const admin = principal.company !== null && principal.user.role === 'admin';
  return { manageApiKeys: admin, manageCompanyFiles: admin, editOrganization: admin };
}

export function describeMe(principal: Principal) {
  const { user, company, credential } = principal;
  return {
    user: { id: user.id, email: user.email, name: user.name, title: user.title, createdAt: user.createdAt.toISOString() },
    company,
    role: company ? user.role : null,
    permissions: permissionsOf(principal),
    credential:
      credential.kind === 'session'
        ? { kind: 'session' as const, expiresAt: credential.expiresAt.toISOString() }
        : {
            kind: 'api_key' as const,
            keyId: credential.keyId,
            name: credential.name,
            scope: credential.scope,
            expiresAt: credential.expiresAt?.toISOString() ?? null,
          },
  };
}

/** Deletes the account; sessions and keys go with it (foreign keys cascade). */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.delete(users).where(eq(users.id, userId));
  await ctx.auth.invalidate({ userId });
}

export function supportToken(ctx: AppContext, principal: Principal): string {
  const issuedAt = Math.floor(Date.now() / 1000);
  return signToken(
    {
      sub: principal.user.id,
      aud: SUPPORT_AUDIENCE,
      iat: issuedAt,
      exp: issuedAt + SUPPORT_TOKEN_TTL_SECONDS,
      email: principal.user.email,
      name: principal.user.name,
      companyId: principal.company?.id ?? null,
      companyName: principal.company?.name ?? null,
    },
    ctx.secrets.support,
  );
}
