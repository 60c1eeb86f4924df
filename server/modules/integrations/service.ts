/**
 * Integration connections (the company's connected tools, and people's personal ones) and the
 * grants that let an agent use them. Credentials are sealed at rest (lib/sealed.ts) and never
 * returned to people; an agent redeems them through a live grant.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext, Principal } from '../../types.ts';
import type { Executor } from '../../db/client.ts';
import { rows } from '../../db/rows.ts';
import { integrationConnections, integrationGrants, users, webhookEndpoints } from '../../db/schema.ts';
import { type Actor, recordEvent } from '../../events/record.ts';
import { ApiError, ErrorCode, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { isCurrent, type Keyring, seal, unseal } from '../../lib/sealed.ts';
import { hasPermission, requireCompany } from '../../policies/index.ts';
import { agentInScope, type AgentRow } from '../agents/index.ts';
import { findProvider, PROVIDERS } from './providers.ts';
import type { IntegrationConnection, IntegrationGrant } from './schemas.ts';

type ConnectionRow = typeof integrationConnections.$inferSelect;
type GrantRow = typeof integrationGrants.$inferSelect;
type Ownership = 'company' | 'personal';

export const listProviders = () => PROVIDERS;

/** The status a connection shows: a connection past its expiry is `expired` whatever is stored. */
function effectiveStatus(row: Pick<ConnectionRow, 'status' | 'expiresAt'>, now = new Date()): ConnectionRow['status'] {
  if (row.status === 'active' && row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.status;
}

/** A connection the caller may see: the company's, or their own personal one. */
const visibleTo = (principal: Principal, companyId: string) =>
  sql`c.company_id = ${companyId} and (c.owner_user_id is null or c.owner_user_id = ${principal.user.id})`;

async function selectConnections(db: Executor, principal: Principal, companyId: string, connectionId?: string) {
  const result = await db.execute(sql`
    select c.*, u.name as created_by_name,
      (select count(*)::int from ${integrationGrants} g where g.connection_id = c.id) as grant_count
    from ${integrationConnections} c
    left join ${users} u on u.id = c.created_by_user_id
    where ${visibleTo(principal, companyId)} ${connectionId ? sql`and c.id = ${connectionId}` : sql``}
    order by c.status = 'revoked', lower(c.display_name), c.id`);
  return rows<Record<string, unknown>>(result).map(presentConnectionRow);
}

const iso = (value: unknown) =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();

function presentConnectionRow(row: Record<string, unknown>): IntegrationConnection {
  const ownerUserId = (row.owner_user_id as string | null) ?? null;
  const expiresAt = row.expires_at ? new Date(row.expires_at as string) : null;
  return {
    id: row.id as string,
    providerKey: row.provider_key as string,
    displayName: row.display_name as string,
    status: effectiveStatus({ status: row.status as ConnectionRow['status'], expiresAt }),
    statusMessage: (row.status_message as string | null) ?? null,
    ownership: ownerUserId ? 'personal' : 'company',
    ownerUserId,
    createdBy: (row.created_by_user_id as string | null) ?? null,
    createdByName: (row.created_by_name as string | null) ?? null,
    createdAt: iso(row.created_at)!,
    updatedAt: iso(row.updated_at)!,
    expiresAt: expiresAt?.toISOString() ?? null,
    revokedAt: iso(row.revoked_at),
    credentialFields: (row.credential_fields as string[] | null) ?? [],
    grantCount: Number(row.grant_count ?? 0),
  };
}

export async function listConnections(ctx: AppContext, principal: Principal): Promise<IntegrationConnection[]> {
  const company = requireCompany(principal);
  return selectConnections(ctx.db, principal, company.id);
}

async function presentConnection(db: Executor, principal: Principal, companyId: string, id: string) {
  const [connection] = await selectConnections(db, principal, companyId, id);
  if (!connection) throw notFound('Connection not found');
  return connection;
}

/** Checks credentials against the provider's form: every required field, no unknown field. */
function checkCredentials(providerKey: string, credentials: Record<string, string>) {
  const provider = findProvider(providerKey);
  if (!provider) {
    throw invalidField(
      'providerKey',
      `unknown provider "${providerKey}"; one of ${PROVIDERS.map((known) => known.key).join(', ')}`,
    );
  }
  const names = new Set(provider.credentialFields.map((field) => field.name));
  for (const name of Object.keys(credentials)) {
    if (!names.has(name)) throw invalidField(`credentials.${name}`, `${provider.name} has no credential "${name}"`);
  }
  for (const field of provider.credentialFields) {
    if (!field.optional && !credentials[field.name]?.trim()) {
      throw invalidField(`credentials.${field.name}`, `${field.label} is required`);
    }
  }
  // Empty optional fields are not stored.
  return Object.fromEntries(Object.entries(credentials).filter(([, value]) => value.trim() !== ''));
}

function futureDate(path: string, value: string | null | undefined) {
  if (value === undefined || value === null) return value;
  const date = new Date(value);
  if (date.getTime() <= Date.now()) throw invalidField(path, 'must be in the future');
  return date;
}

/** Who may change a connection: company ones, admins; personal ones, their owner. */
function requireConnectionManager(principal: Principal, row: Pick<ConnectionRow, 'ownerUserId'>) {
  if (row.ownerUserId === null) {
    if (!hasPermission(principal, 'manageIntegrations')) {
      throw forbidden('Only company admins can change company connections');
    }
  } else if (row.ownerUserId !== principal.user.id) {
    throw notFound('Connection not found');
  }
}

/** The event of a connection's change: every member for a company connection, its owner for a personal one. */
async function recordConnectionChange(
  db: Executor,
  actor: Actor,
  row: Pick<ConnectionRow, 'id' | 'ownerUserId'>,
  change: 'created' | 'updated' | 'revoked',
) {
  await recordEvent(
    db,
    actor,
    'integration.connection.changed',
    { connectionId: row.id, change },
    row.ownerUserId ? { userId: row.ownerUserId } : undefined,
  );
}

export async function createConnection(
  ctx: AppContext,
  actor: Actor,
  input: {
    providerKey: string;
    displayName: string;
    credentials: Record<string, string>;
    ownership: Ownership;
    expiresAt?: string;
  },
): Promise<IntegrationConnection> {
  const { principal } = actor;
  const company = requireCompany(principal);
  if (input.ownership === 'company' && !hasPermission(principal, 'manageIntegrations')) {
    throw forbidden('Only company admins can add company connections; connect it as a personal connection instead');
  }
  const credentials = checkCredentials(input.providerKey, input.credentials);
  const expiresAt = futureDate('expiresAt', input.expiresAt) ?? null;
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(integrationConnections)
      .values({
        companyId: company.id,
        ownerUserId: input.ownership === 'personal' ? principal.user.id : null,
        providerKey: input.providerKey,
        displayName: input.displayName,
        credentialsSealed: seal(ctx.secrets.credentials, JSON.stringify(credentials)),
        credentialFields: Object.keys(credentials).sort(),
        expiresAt,
        createdByUserId: principal.user.id,
      })
      .returning();
    await recordConnectionChange(tx, actor, row!, 'created');
    return presentConnection(tx, principal, company.id, row!.id);
  });
}

async function lockConnection(db: Executor, principal: Principal, companyId: string, connectionId: string) {
  const [row] = await db
    .select()
    .from(integrationConnections)
    .where(and(eq(integrationConnections.id, connectionId), eq(integrationConnections.companyId, companyId)))
    .for('update');
  if (!row || (row.ownerUserId !== null && row.ownerUserId !== principal.user.id)) {
    throw notFound('Connection not found');
  }
  return row;
}

const revokedConflict = () =>
  new ApiError(409, 'This connection was disconnected; connect the tool again instead', ErrorCode.connectionRevoked);

export async function updateConnection(
  ctx: AppContext,
  actor: Actor,
  connectionId: string,
  input: {
    displayName?: string;
    credentials?: Record<string, string>;
    status?: 'active' | 'error';
    statusMessage?: string | null;
    expiresAt?: string | null;
  },
): Promise<IntegrationConnection> {
  const { principal } = actor;
  const company = requireCompany(principal);
  return ctx.db.transaction(async (tx) => {
    const row = await lockConnection(tx, principal, company.id, connectionId);
    requireConnectionManager(principal, row);
    if (row.status === 'revoked') throw revokedConflict();
    const changes: Partial<typeof integrationConnections.$inferInsert> = { updatedAt: new Date() };
    if (input.displayName !== undefined) changes.displayName = input.displayName;
    if (input.credentials !== undefined) {
      const credentials = checkCredentials(row.providerKey, input.credentials);
      changes.credentialsSealed = seal(ctx.secrets.credentials, JSON.stringify(credentials));
      changes.credentialFields = Object.keys(credentials).sort();
      // New credentials are a fresh start, unless the same request says otherwise.
      changes.status = 'active';
      changes.statusMessage = null;
    }
    if (input.status !== undefined) {
      changes.status = input.status;
      if (input.status === 'active' && input.statusMessage === undefined) changes.statusMessage = null;
    }
    if (input.statusMessage !== undefined) changes.statusMessage = input.statusMessage || null;
    if (input.expiresAt !== undefined) changes.expiresAt = futureDate('expiresAt', input.expiresAt) ?? null;
    await tx.update(integrationConnections).set(changes).where(eq(integrationConnections.id, row.id));
    await recordConnectionChange(tx, actor, row, 'updated');
    return presentConnection(tx, principal, company.id, row.id);
  });
}

/** Disconnects: the credentials are erased and the connection's grants no longer apply. */
export async function revokeConnection(
  ctx: AppContext,
  actor: Actor,
  connectionId: string,
): Promise<IntegrationConnection> {
  const { principal } = actor;
  const company = requireCompany(principal);
  return ctx.db.transaction(async (tx) => {
    const row = await lockConnection(tx, principal, company.id, connectionId);
    requireConnectionManager(principal, row);
    if (row.status !== 'revoked') {
      const now = new Date();
      await tx
        .update(integrationConnections)
        .set({ status: 'revoked', credentialsSealed: null, revokedAt: now, updatedAt: now })
        .where(eq(integrationConnections.id, row.id));
      await recordConnectionChange(tx, actor, row, 'revoked');
    }
    return presentConnection(tx, principal, company.id, row.id);
  });
}

// ---------------------------------------------------------------------------------------------
// Grants

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

/**
 * Re-seals every stored secret (connection credentials, webhook signing secrets) sealed under an
 * earlier key with the current one (key rotation: README). A value no key of the ring opens is
 * left as it is and counted as `unreadable` (main.ts logs it: a previous key is missing).
 */
export async function resealSecrets(db: Executor, keyring: Keyring): Promise<{ resealed: number; unreadable: number }> {
  const counts = { resealed: 0, unreadable: 0 };
  if (keyring.length < 2) return counts;
  const reseal = (sealed: string): string | null => {
    if (isCurrent(keyring, sealed)) return null;
    try {
      return seal(keyring, unseal(keyring, sealed));
    } catch {
      counts.unreadable += 1;
      return null;
    }
  };
  const connections = await db
    .select({ id: integrationConnections.id, sealed: integrationConnections.credentialsSealed })
    .from(integrationConnections)
    .where(sql`${integrationConnections.credentialsSealed} is not null`);
  for (const { id, sealed } of connections) {
    const resealed = sealed ? reseal(sealed) : null;
    if (!resealed) continue;
    await db
      .update(integrationConnections)
      .set({ credentialsSealed: resealed })
      .where(eq(integrationConnections.id, id));
    counts.resealed += 1;
  }
  const endpoints = await db
    .select({ id: webhookEndpoints.id, sealed: webhookEndpoints.secretSealed })
    .from(webhookEndpoints);
  for (const { id, sealed } of endpoints) {
    const resealed = reseal(sealed);
    if (!resealed) continue;
    // Only if unchanged since read: a rotation from another instance wins.
    await db
      .update(webhookEndpoints)
      .set({ secretSealed: resealed })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.secretSealed, sealed)));
    counts.resealed += 1;
  }
  return counts;
}
