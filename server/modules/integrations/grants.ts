/**
 * The grants that let an agent use a connection: listing, granting, changing and revoking them,
 * and the agent redeeming one for the connection's credentials, scope, tools and constraints.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { integrationConnections, integrationGrants, users } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { unseal } from '../../lib/sealed.ts';
import { hasPermission, requireCompany } from '../../policies/index.ts';
import { agentInScope, type AgentRow } from '../agents/index.ts';
import type { IntegrationGrant } from './schemas.ts';
import { type ConnectionRow, effectiveStatus, futureDate, revokedConflict } from './service.ts';

type GrantRow = typeof integrationGrants.$inferSelect;

function grantStatus(grant: Pick<GrantRow, 'expiresAt'>, connection: Pick<ConnectionRow, 'status' | 'expiresAt'>) {
  const now = new Date();
  if (grant.expiresAt && grant.expiresAt <= now) return 'expired' as const;
  return effectiveStatus(connection, now) === 'active' ? ('active' as const) : ('connection_unavailable' as const);
}

function presentGrant(grant: GrantRow, connection: Pick<ConnectionRow, 'status' | 'expiresAt'>): IntegrationGrant {
  return {
    id: grant.id,
    agentId: grant.agentId,
    connectionId: grant.connectionId,
    scope: grant.scope,
    createdAt: grant.createdAt.toISOString(),
    allowedTools: grant.allowedTools,
    constraints: grant.constraints,
    grantedBy: grant.grantedByUserId,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
    status: grantStatus(grant, connection),
    lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
  };
}

/** An agent's grants with their connection (`connection`, the list only: spec). */
export async function listGrants(ctx: AppContext, principal: Principal, agentId: string) {
  await agentInScope(ctx.db, principal, agentId);
  const found = await ctx.db
    .select({ grant: integrationGrants, connection: integrationConnections })
    .from(integrationGrants)
    .innerJoin(integrationConnections, eq(integrationConnections.id, integrationGrants.connectionId))
    .where(eq(integrationGrants.agentId, agentId))
    .orderBy(sql`lower(${integrationConnections.displayName})`, integrationGrants.id);
  return found.map(({ grant, connection }) => ({
    ...presentGrant(grant, connection),
    connection: {
      providerKey: connection.providerKey,
      displayName: connection.displayName,
      status: effectiveStatus(connection),
    },
  }));
}

async function recordGrantChange(
  db: Executor,
  actor: Actor,
  agent: AgentRow,
  grant: IntegrationGrant | { id: string },
  change: 'granted' | 'updated' | 'revoked',
) {
  if (change === 'revoked') {
    await recordEvent(
      db,
      actor,
      'agent.integration.revoked',
      { agentId: agent.id, grantId: grant.id },
      {
        agentId: agent.id,
      },
    );
  } else {
    await recordEvent(
      db,
      actor,
      change === 'granted' ? 'agent.integration.granted' : 'agent.integration.updated',
      { agentId: agent.id, grant: grant as IntegrationGrant },
      { agentId: agent.id },
    );
  }
  await recordEvent(db, actor, 'integration.grant.changed', { agentId: agent.id, grantId: grant.id, change });
}

/**
 * Grants a connection to an agent. Admins may grant company connections and their own personal
 * ones; the agent's responsible person, their own personal connections only.
 */
export async function createGrant(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  input: {
    connectionId: string;
    scope: GrantRow['scope'];
    allowedTools: string[];
    constraints?: Record<string, unknown>;
    expiresAt?: string;
  },
): Promise<IntegrationGrant> {
  const { principal } = actor;
  const company = requireCompany(principal);
  const expiresAt = futureDate('expiresAt', input.expiresAt) ?? null;
  return ctx.db.transaction(async (tx) => {
    const agent = await agentInScope(tx, principal, agentId, { manage: true, lock: true });
    const [connection] = await tx
      .select()
      .from(integrationConnections)
      .where(and(eq(integrationConnections.id, input.connectionId), eq(integrationConnections.companyId, company.id)));
    if (!connection || (connection.ownerUserId !== null && connection.ownerUserId !== principal.user.id)) {
      throw invalidField('connectionId', 'no such connection in your company');
    }
    if (connection.ownerUserId === null && !hasPermission(principal, 'manageIntegrations')) {
      throw forbidden('Only company admins can grant company connections; grant one of your personal connections');
    }
    const status = effectiveStatus(connection);
    if (status === 'revoked') throw revokedConflict();
    if (status === 'expired') {
      throw new ApiError(409, 'This connection has expired; renew it first', ErrorCode.connectionUnavailable);
    }
    const tools = [...new Set(input.allowedTools)];
    const [row] = await tx
      .insert(integrationGrants)
      .values({
        agentId: agent.id,
        connectionId: connection.id,
        scope: input.scope,
        allowedTools: tools,
        constraints: input.constraints ?? {},
        grantedByUserId: principal.user.id,
        expiresAt,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new ApiError(
        409,
        `${agent.name} already has a grant for “${connection.displayName}”; change or revoke it instead`,
        ErrorCode.grantExists,
      );
    }
    const grant = presentGrant(row, connection);
    await recordGrantChange(tx, actor, agent, grant, 'granted');
    return grant;
  });
}

async function lockGrant(db: Executor, agentId: string, grantId: string) {
  const [found] = await db
    .select({ grant: integrationGrants, connection: integrationConnections })
    .from(integrationGrants)
    .innerJoin(integrationConnections, eq(integrationConnections.id, integrationGrants.connectionId))
    .where(and(eq(integrationGrants.id, grantId), eq(integrationGrants.agentId, agentId)))
    .for('update', { of: integrationGrants });
  if (!found) throw notFound('Grant not found');
  return found;
}

/** Who may change or revoke a grant: as for granting it. */
function requireGrantManager(principal: Principal, connection: ConnectionRow) {
  if (
    connection.ownerUserId === null
      ? !hasPermission(principal, 'manageIntegrations')
      : connection.ownerUserId !== principal.user.id
  ) {
    throw forbidden('Only company admins, or the owner of a personal connection, can change this grant');
  }
}

export async function updateGrant(
  ctx: AppContext,
  actor: Actor,
  agentId: string,
  grantId: string,
  input: { constraints: Record<string, unknown> },
): Promise<IntegrationGrant> {
  return ctx.db.transaction(async (tx) => {
    const agent = await agentInScope(tx, actor.principal, agentId, { manage: true });
    const { grant, connection } = await lockGrant(tx, agent.id, grantId);
    requireGrantManager(actor.principal, connection);
    const [row] = await tx
      .update(integrationGrants)
      .set({ constraints: input.constraints, updatedAt: new Date() })
      .where(eq(integrationGrants.id, grant.id))
      .returning();
    const updated = presentGrant(row!, connection);
    await recordGrantChange(tx, actor, agent, updated, 'updated');
    return updated;
  });
}

/**
 * Revokes a grant: company admins may revoke any grant of the company's agents (a personal
 * connection's too: someone must be able to cut an agent off); otherwise as for granting it.
 */
export async function revokeGrant(ctx: AppContext, actor: Actor, agentId: string, grantId: string) {
  await ctx.db.transaction(async (tx) => {
    const agent = await agentInScope(tx, actor.principal, agentId, { manage: true });
    const { grant, connection } = await lockGrant(tx, agent.id, grantId);
    if (!hasPermission(actor.principal, 'manageIntegrations')) requireGrantManager(actor.principal, connection);
    await tx.delete(integrationGrants).where(eq(integrationGrants.id, grant.id));
    await recordGrantChange(tx, actor, agent, grant, 'revoked');
  });
  return { success: true };
}

/**
 * The agent redeems a grant: the connection's credentials with the grant's scope, tools and
 * constraints, which the agent applies. Only the agent itself; refused once the grant has expired
 * or the connection is not active.
 */
export async function redeemGrant(ctx: AppContext, principal: Principal, agentId: string, grantId: string) {
  if (!principal.agent || principal.agent.id !== agentId) throw notFound('Grant not found');
  const agent = await agentInScope(ctx.db, principal, agentId);
  const [found] = await ctx.db
    .select({ grant: integrationGrants, connection: integrationConnections, ownerCompanyId: users.companyId })
    .from(integrationGrants)
    .innerJoin(integrationConnections, eq(integrationConnections.id, integrationGrants.connectionId))
    .leftJoin(users, eq(users.id, integrationConnections.ownerUserId))
    .where(and(eq(integrationGrants.id, grantId), eq(integrationGrants.agentId, agent.id)));
  if (!found) throw notFound('Grant not found');
  const { grant, connection } = found;
  // A personal connection whose owner has left the company no longer applies (their removal
  // disconnects it too; this covers anything that slipped past).
  if (connection.ownerUserId !== null && found.ownerCompanyId !== connection.companyId) {
    throw new ApiError(409, `The connection “${connection.displayName}” is revoked`, ErrorCode.connectionUnavailable);
  }
  const status = grantStatus(grant, connection);
  if (status === 'expired') {
    throw new ApiError(409, 'This grant has expired', ErrorCode.grantExpired);
  }
  if (status !== 'active' || !connection.credentialsSealed) {
    throw new ApiError(
      409,
      `The connection “${connection.displayName}” is ${effectiveStatus(connection)}`,
      ErrorCode.connectionUnavailable,
    );
  }
  const credentials = JSON.parse(unseal(ctx.secrets.credentials, connection.credentialsSealed)) as Record<
    string,
    string
  >;
  await ctx.db.update(integrationGrants).set({ lastUsedAt: new Date() }).where(eq(integrationGrants.id, grant.id));
  return {
    grantId: grant.id,
    connectionId: connection.id,
    providerKey: connection.providerKey,
    scope: grant.scope,
    allowedTools: grant.allowedTools,
    constraints: grant.constraints,
    expiresAt: grant.expiresAt?.toISOString() ?? null,
    credentials,
  };
}
