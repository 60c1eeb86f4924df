import { changedFields, checkEdit } from '../../http/edit-check.ts';
import type { Actor } from '../../events/record.ts';
import { and, eq } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import { cards, users } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { signToken } from '../../lib/jwt.ts';
import { permissionsOf } from '../../policies/index.ts';

export const SUPPORT_AUDIENCE = 'support-widget';
const SUPPORT_TOKEN_TTL_SECONDS = 3600;

export function describeMe(principal: Principal) {
  const { user, company, credential } = principal;
  // `/users/*` is not open to agent tokens (an agent is described by `GET /agents/me`).
  if (credential.kind === 'agent_token') throw notFound('Not a person: agents read GET /agents/me');
  return {
    user: {
      id: user.id,
      email: user.email,
      name: user.name,
      title: user.title,
      version: user.version,
      createdAt: user.createdAt.toISOString(),
    },
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

/**
 * Changes the caller's display name or title; returns the refreshed principal's view. With a
 * `baseVersion`, a field changed since in another tab is 412 `EDIT_CONFLICT` (server/http/edit-check.ts).
 */
export async function updateProfile(
  ctx: AppContext,
  actor: Actor,
  changes: { name?: string; title?: string; baseVersion?: number },
) {
  const { principal } = actor;
  const { baseVersion, ...fields } = changes;
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.select().from(users).where(eq(users.id, principal.user.id)).for('update');
    if (!current) throw notFound('User not found');
    const changed = changedFields(current, fields, ['name', 'title']);
    const versions = await checkEdit(current, changed, baseVersion, actor, 'profile', () =>
      describeMe({
        ...principal,
        user: { ...principal.user, name: current.name, title: current.title, version: current.version },
      }),
    );
    const [stored] = await tx
      .update(users)
      .set({ ...fields, ...versions, updatedAt: new Date() })
      .where(eq(users.id, principal.user.id))
      .returning();
    return stored!;
  });
  await ctx.auth.invalidate({ userId: row.id }, { revoked: false });
  return describeMe({
    ...principal,
    user: { ...principal.user, name: row.name, title: row.title, version: row.version },
  });
}

/**
 * Deletes the account; sessions and keys go with it (foreign keys cascade), cards assigned to the
 * user become unassigned, and comments keep their frozen author name.
 */
export async function deleteAccount(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(cards)
      .set({ assigneeKind: null, assigneeId: null })
      .where(and(eq(cards.assigneeKind, 'human'), eq(cards.assigneeId, userId)));
    await tx.delete(users).where(eq(users.id, userId));
  });
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
